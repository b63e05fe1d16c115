import bwipjs from "bwip-js/node";

/**
 * A voucher's reference as the Code 128 barcode the store's scanner reads (the same symbol as the
 * printable voucher's), as SVG markup: part of the voucher page's HTML, so a copy kept for offline
 * use shows it with nothing else to load (decision record 094). Digits only reach bwip-js.
 */
export function referenceBarcodeSvg(reference: string): string | null {
  if (!/^[0-9A-Za-z-]{1,40}$/.test(reference)) return null;
  return bwipjs.toSVG({ bcid: "code128", text: reference, height: 14, includetext: false }).trim();
}
