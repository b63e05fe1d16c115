import Stripe from "stripe";
import { WebhookSignatureError } from "./payments";

// Stripe's signed events, as every adapter reads and the offline ones write them: the payments and
// Connect webhooks, with Stripe's keys or without.

/** Checks the Stripe-Signature header over the raw body with `secret` and returns the event; throws WebhookSignatureError. */
export function verifiedEvent<T>(payload: string, signature: string | null, secret: string): T {
  if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
  try {
    return Stripe.webhooks.constructEvent(payload, signature, secret) as unknown as T;
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid signature");
  }
}

/** Posts a signed event to one of this app's own webhook routes over HTTP, as the provider would; answers the status. */
export const postToOwnWebhook = (appUrl: string, path: string) => async (payload: string, signature: string) => {
  const response = await fetch(new URL(path, appUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  await response.arrayBuffer();
  return response.status;
};

/** Signs an event with Stripe's scheme and sends it with `post`; a webhook that refuses it is an error of the sender's. */
export async function sendSignedEvent(
  post: (payload: string, signature: string) => Promise<number>,
  secret: string,
  event: { type: string } & Record<string, unknown>,
  sender: string,
) {
  const payload = JSON.stringify({ object: "event", livemode: false, api_version: "offline", ...event });
  const status = await post(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));
  if (status >= 300) throw new Error(`${sender}: the webhook answered ${status} to ${event.type}`);
}
