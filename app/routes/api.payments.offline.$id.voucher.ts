import type { LoaderFunctionArgs } from "@remix-run/node";
import { offlineVoucher } from "#app/modules/payments/offline-page.server";
import { refusalResponse } from "#app/web/refusals.server";

/**
 * The offline adapter's printable OXXO voucher (a PDF with a scannable barcode). Like Stripe's
 * hosted voucher, its address is the unguessable intent id; it exists only while the offline
 * adapter plays the provider.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const pdf = await offlineVoucher(params.id ?? "");
  if (!pdf) return refusalResponse("notFound");
  return new Response(Buffer.from(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": 'inline; filename="ficha-oxxo.pdf"', "Cache-Control": "private, max-age=300" },
  });
}
