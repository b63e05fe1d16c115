import { describe, expect, it } from "vitest";
import { isNotSent, keepWhenNotSent, revalidateUnlessNotSent, sentAnswer } from "./not-sent";

describe("keepWhenNotSent", () => {
  it("answers NotSent when the fetch never got an answer", async () => {
    const answer = await keepWhenNotSent(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(isNotSent(answer)).toBe(true);
  });

  it("answers a new NotSent each time, so a fetcher tells this send's loss from an earlier one's", async () => {
    const lost = () => keepWhenNotSent(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(await lost()).not.toBe(await lost());
  });

  it("lets a redirect or thrown response through as thrown", async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/es" } });
    await expect(keepWhenNotSent(() => Promise.reject(redirect))).rejects.toBe(redirect);
  });

  it("lets a server error through as thrown", async () => {
    const error = new Error("Unexpected Server Error");
    await expect(keepWhenNotSent(() => Promise.reject(error))).rejects.toBe(error);
  });

  it("passes the server's answer on", async () => {
    const refused = { status: "error", error: { title: ["validation:required"] } };
    await expect(keepWhenNotSent(() => Promise.resolve(refused))).resolves.toBe(refused);
    expect(sentAnswer(refused)).toBe(refused);
  });
});

describe("after a send", () => {
  const args = (actionResult: unknown) => ({ actionResult, defaultShouldRevalidate: true }) as Parameters<typeof revalidateUnlessNotSent>[0];

  it("does not ask for fresh data when the form was not sent", async () => {
    const notSent = await keepWhenNotSent(() => Promise.reject(new TypeError("Load failed")));
    expect(revalidateUnlessNotSent(args(notSent))).toBe(false);
    expect(sentAnswer(notSent)).toBeUndefined();
  });

  it("otherwise does what the router would", () => {
    expect(revalidateUnlessNotSent(args({ status: "error" }))).toBe(true);
    expect(revalidateUnlessNotSent(args(undefined))).toBe(true);
  });
});
