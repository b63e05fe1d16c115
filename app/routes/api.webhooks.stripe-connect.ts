import type { ActionFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { handleConnectWebhook } from "#app/modules/payouts/webhooks.server";
import { getServices } from "#app/services/index.server";
import { apiJson, methodNotAllowed, readRawJson } from "#app/web/api.server";
import { webhookReply } from "#app/web/refusals.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/webhooks/stripe-connect: Stripe's Connect events (payout accounts, payouts), or the
 * offline adapter's, signed with the Connect endpoint's own secret. The raw body is what is signed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const payload = await readRawJson(request);
  const answer = await handleConnectWebhook({ ...deps(context), connect: getServices().connect }, payload, request.headers.get("stripe-signature"));
  const reply = webhookReply(answer);
  return apiJson(reply.body, reply.status);
}
