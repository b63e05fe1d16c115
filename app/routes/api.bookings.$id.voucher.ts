import type { LoaderFunctionArgs } from "@remix-run/node";
import { deps } from "#app/modules/deps.server";
import { voucherFor } from "#app/modules/payments/seat-views.server";
import { apiJson, requireApiUser } from "#app/web/api.server";
import { apiRefusal } from "#app/web/replies.server";

/** GET /api/bookings/{id}/voucher (spec section 7): the holder's OXXO voucher; null fields while it is being made. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const found = await voucherFor(deps(context), user, params.id ?? "");
  if (!found) return apiRefusal("notFound", "Booking not found");
  const { payment } = found;
  return apiJson({
    voucherReference: payment.voucher_reference,
    voucherUrl: payment.voucher_url,
    voucherExpiresAt: payment.voucher_expires_at ? new Date(payment.voucher_expires_at).toISOString() : null,
  });
}
