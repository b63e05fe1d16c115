import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { closeGracefully } from "../../server/graceful";

type Outcome = { id: string; status?: number; connection?: string; error?: string };

/** One GET on the shared keep-alive agent; resolves with its status or its error code, never rejects. */
function get(port: number, agent: http.Agent, id: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: `/work?id=${id}`, agent, headers: { "x-request-id": id } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ id, status: res.statusCode, connection: String(res.headers.connection) }));
      res.on("error", (error: NodeJS.ErrnoException) => resolve({ id, error: error.code ?? error.message }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ id, error: error.code ?? error.message }));
  });
}

describe("closing the server (SIGTERM)", () => {
  it("answers every request it received from 20 keep-alive clients sending back to back, and closes promptly", async () => {
    const received = new Set<string>();
    let inFlight = 0;
    const server = http.createServer((req, res) => {
      received.add(String(req.headers["x-request-id"]));
      inFlight += 1;
      // Work of a few milliseconds, like a page: requests are in flight when the signal comes.
      setTimeout(
        () => {
          inFlight -= 1;
          res.setHeader("Content-Type", "text/plain");
          res.end("ok");
        },
        2 + Math.floor(Math.random() * 15),
      );
    });
    const close = closeGracefully(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const outcomes: Outcome[] = [];
    let closeStarted = false;
    const client = async (c: number) => {
      // Each client sends its next request as soon as the last is answered, until connections are refused.
      for (let n = 0; n < 10_000; n += 1) {
        const outcome = await get(port, agent, `${c}-${n}`);
        outcomes.push(outcome);
        if (outcome.error === "ECONNREFUSED" || (closeStarted && outcome.error)) return;
      }
    };
    const clients = Array.from({ length: 20 }, (_, c) => client(c));

    // The signal comes once the clients are well under way with requests in flight: a fixed pause
    // is not enough on a loaded machine, where the clients may not have started after 300 ms.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const until = Date.now() + 10_000; (received.size < 100 || inFlight === 0) && Date.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 1));
    const inFlightAtSignal = inFlight;
    closeStarted = true;
    const started = Date.now();
    // As the process does: a deadline after which whatever is still open is cut.
    const deadline = new Promise<"deadline">((resolve) => setTimeout(() => resolve("deadline"), 3000).unref());
    const how = await Promise.race([close().then(() => "closed" as const), deadline]);
    if (how === "deadline") server.closeAllConnections();
    await Promise.all(clients);
    agent.destroy();

    expect(inFlightAtSignal).toBeGreaterThan(0);
    // Every request the server received was answered; a failure only for one it never received.
    const failedReceived = outcomes.filter((o) => o.error && received.has(o.id));
    expect(failedReceived).toEqual([]);
    // Without waiting for the clients to stop: a busy keep-alive socket is closed after its answer.
    expect(how).toBe("closed");
    expect(Date.now() - started).toBeLessThan(1000);
    for (const o of outcomes.filter((o) => o.error)) expect(["ECONNREFUSED", "ECONNRESET", "EPIPE"]).toContain(o.error);
    expect(outcomes.filter((o) => o.status === 200).length).toBe(received.size);
    // Answers given after the signal told the client the connection ends.
    expect(outcomes.some((o) => o.connection === "close")).toBe(true);
  });
});
