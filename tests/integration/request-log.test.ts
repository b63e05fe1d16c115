import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactUrl } from "../../server/log-redaction";
import { send, startAppServer } from "./app-server";

let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(() => app.close());

/** The request log's line for a path, once the response has finished. */
async function loggedUrl(path: string): Promise<string> {
  const before = app.lines.length;
  await send(app.origin, { path });
  for (let i = 0; i < 100 && app.lines.length === before; i += 1) await delay(10);
  const line = app.lines.slice(before).find((l) => typeof l.req === "object");
  expect(line, path).toBeDefined();
  return (line!.req as { url: string }).url;
}

const feedSecret = "Zx9_kq3LmN0pQr5StUv7WxYz1A2bC3dE4fG5hI6jK7l";

describe("the request log", () => {
  it("never holds the calendar feed's secret, which opens the feed without a login", async () => {
    for (const path of [`/api/calendar/${feedSecret}.ics`, `/API/Calendar/${feedSecret}.ics`, `//api//calendar/${feedSecret}.ics?x=1`]) {
      const url = await loggedUrl(path);
      expect(url, path).not.toContain(feedSecret.slice(0, 12));
      expect(url).toContain("[redacted]");
    }
  });

  it("never holds the tokens of verification, reset and sign-in links, nor invite codes", async () => {
    const cases = {
      "/es/reset-password?token=reset-secret-123": "reset-secret-123",
      "/en/auth/verify-email?lang=en&token=verify-secret-456": "verify-secret-456",
      "/pt/auth/callback?code=google-code-789&state=state-secret-0": "google-code-789",
      "/es/session/abc/oxxo?invite=INVITECODE42": "INVITECODE42",
      "/es/reset-password?%74oken=encoded-secret-1": "encoded-secret-1",
      "/es/reset-password?TOKEN=upper-secret-2": "upper-secret-2",
    };
    for (const [path, secret] of Object.entries(cases)) {
      const url = await loggedUrl(path);
      expect(url, path).not.toContain(secret);
      expect(url).toContain("[redacted]");
    }
    const callback = await loggedUrl("/pt/auth/callback?code=google-code-789&state=state-secret-0");
    expect(callback).not.toContain("state-secret-0");
  });

  it("keeps the rest of the address, which says what was asked", () => {
    expect(redactUrl("/es/sessions?page=2&date=2026-11-26")).toBe("/es/sessions?page=2&date=2026-11-26");
    expect(redactUrl(`/api/calendar/${feedSecret}.ics?lang=es`)).toBe("/api/calendar/[redacted]?lang=es");
    expect(redactUrl("/es/reset-password?lang=es&token=abc&next=/es")).toBe("/es/reset-password?lang=es&token=[redacted]&next=/es");
    expect(redactUrl("/api/session/42")).toBe("/api/session/42");
  });
});
