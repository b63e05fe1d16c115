import type { ActionFunctionArgs } from "@remix-run/node";
import { payDeps } from "#app/modules/payments/payments.server";
import { handleWebhook } from "#app/modules/payments/webhooks.server";
import { apiJson, methodNotAllowed, readRawJson } from "#app/web/api.server";
import { webhookReply } from "#app/web/refusals.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/webhooks/stripe: Stripe's events, or the offline adapter's, signed the same way. The raw body is what is signed. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const payload = await readRawJson(request);
  const reply = webhookReply(await handleWebhook(payDeps(context), payload, request.headers.get("stripe-signature")));
  return apiJson(reply.body, reply.status);
}
