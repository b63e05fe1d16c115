import { checkDatabase, RETRY_AFTER_SECONDS } from "#app/modules/health/health.server";

/** For load balancers: 200 when the database answers, 503 otherwise. */
export async function loader() {
  const started = performance.now();
  const ok = await checkDatabase();
  const body = { status: ok ? "ok" : "error", database: ok ? "ok" : "unreachable", ms: Math.round(performance.now() - started) };
  return Response.json(body, {
    status: ok ? 200 : 503,
    headers: ok ? { "Cache-Control": "no-store" } : { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) },
  });
}
