import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";

/**
 * What a hydrated page's form gets back when the connection dropped while it was being sent: the
 * browser's fetch rejected, so the server may never have seen it. Returned as the route's action
 * data instead of thrown, so the page (and everything typed into it) stays, says so and offers to
 * send again; the same form's request key makes a second send act once (decision record 096).
 */
export type NotSent = { notSent: "connectionDropped" };

export function isNotSent(data: unknown): data is NotSent {
  return typeof data === "object" && data !== null && (data as { notSent?: unknown }).notSent === "connectionDropped";
}

/**
 * The route's `clientAction`: sends the form to the server's action. Only a fetch that never got an
 * answer (a TypeError: offline, connection reset) becomes `NotSent`; redirects, refusals, thrown
 * responses and server errors go on as they would without a clientAction. Each NotSent is a new
 * object: a fetcher keeps its last answer across a later send's redirect, so a page tells this
 * send's loss from an earlier one's by identity.
 */
export async function keepWhenNotSent<T>(serverAction: () => Promise<T>): Promise<T | NotSent> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError) return { notSent: "connectionDropped" };
    throw error;
  }
}

/**
 * For the page's routes (root and layouts included): after a form that was not sent, asking the
 * server for fresh data would fail the same way and replace the page with an error.
 */
export function revalidateUnlessNotSent({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return isNotSent(actionResult) ? false : defaultShouldRevalidate;
}

/** The server's answer, if there was one: conform's `lastResult` must never be the `NotSent` marker. */
export function sentAnswer<T>(data: T | NotSent | undefined): T | undefined {
  return isNotSent(data) ? undefined : data;
}
