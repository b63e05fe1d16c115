import { checkDatabase, RETRY_AFTER_SECONDS } from "#app/modules/health/health.server";
import { refusalStatus } from "#app/web/refusals.server";

/** For load balancers: 200 when the database answers, 503 otherwise. */
export async function loader() {
  const started = performance.now();
  const ok = await checkDatabase();
  const body = { status: ok ? "ok" : "error", database: ok ? "ok" : "unreachable", ms: Math.round(performance.now() - started) };
  if (ok) return Response.json(body, { headers: { "Cache-Control": "no-store" } });
  return Response.json(body, { status: refusalStatus("unavailable"), headers: { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) } });
}
