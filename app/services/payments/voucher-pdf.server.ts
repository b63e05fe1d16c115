import bwipjs from "bwip-js/node";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";

export type VoucherPdfInput = {
  reference: string;
  amount: string;
  expiresAt: string;
  name: string | null;
  title: string;
};

/**
 * The offline adapter's printable OXXO voucher: the reference as a Code 128 barcode (what the
 * store's scanner reads) with the digits under it, the amount and the expiry. Spanish only, as
 * OXXO is Mexico only; Stripe's hosted voucher is what production shows.
 */
export async function voucherPdf(input: VoucherPdfInput): Promise<Uint8Array> {
  const barcode = await bwipjs.toBuffer({ bcid: "code128", text: input.reference, scale: 3, height: 14, includetext: true, textxalign: "center" });
  const doc = await PDFDocument.create();
  doc.setTitle(`OXXO ${input.reference}`);
  doc.setProducer("Mesa");
  const page = doc.addPage([420, 595]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.12, 0.16, 0.22);
  let y = 550;
  const line = (text: string, size = 12, f = font) => {
    page.drawText(text, { x: 32, y, size, font: f, color: ink, maxWidth: 356 });
    y -= size + 10;
  };
  page.drawRectangle({ x: 0, y: 565, width: 420, height: 30, color: rgb(0.86, 0.1, 0.12) });
  page.drawText("OXXO", { x: 32, y: 574, size: 16, font: bold, color: rgb(1, 0.85, 0) });
  y = 530;
  line("Ficha de pago en efectivo", 18, bold);
  line(input.title.slice(0, 60), 12);
  if (input.name) line(`A nombre de: ${input.name.slice(0, 60)}`, 11);
  y -= 6;
  line("Monto a pagar", 11);
  line(input.amount, 22, bold);
  line(`Vence: ${input.expiresAt}`, 11);
  const image = await doc.embedPng(barcode);
  const width = Math.min(356, image.width);
  const height = (image.height * width) / image.width;
  y -= height + 4;
  page.drawImage(image, { x: 32 + (356 - width) / 2, y, width, height });
  y -= 28;
  line(`Referencia: ${input.reference}`, 12, bold);
  y -= 4;
  for (const step of [
    "1. Acude a cualquier tienda OXXO.",
    "2. Indica en caja que quieres hacer un pago de OXXOPay.",
    "3. Muestra el código de barras o dicta la referencia.",
    "4. Paga el monto exacto en efectivo.",
    "5. Conserva tu comprobante; te avisaremos por correo.",
  ])
    line(step, 10);
  return doc.save();
}
