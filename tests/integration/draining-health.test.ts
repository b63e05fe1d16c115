import { afterEach, describe, expect, it } from "vitest";
import { send, startAppServer } from "./app-server";

/**
 * A load balancer learns that a process is stopping from its health check, while that process
 * still answers: /healthz fails from the signal on, every other request is served as before,
 * so the balancer stops sending before the port closes (DRAIN_DELAY_MS, decision record 101).
 */
describe("/healthz while the process drains", () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });

  it("fails only once draining starts, and other requests are still answered meanwhile", async () => {
    let draining = false;
    const app = await startAppServer({ draining: () => draining });
    close = app.close;

    const before = await send(app.origin, { path: "/healthz" });
    const pageBefore = await send(app.origin, { path: "/es" });
    expect(before.status).not.toBe(503);
    expect(before.body).not.toContain("draining");

    draining = true;
    const during = await send(app.origin, { path: "/healthz" });
    expect(during.status).toBe(503);
    expect(JSON.parse(during.body)).toEqual({ status: "draining" });
    expect(during.headers["cache-control"]).toBe("no-store");

    const pageDuring = await send(app.origin, { path: "/es" });
    expect(pageDuring.status).toBe(pageBefore.status);
    expect(pageDuring.status).not.toBe(503);
  });
});
