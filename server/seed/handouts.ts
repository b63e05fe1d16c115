import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import sharp from "sharp";

/**
 * What Ana shares in her campaign's chat: a map of the coast (drawn as SVG and rasterised, so the
 * demo needs no image files in the repository) and a one-page handout, a letter found in the port.
 */
export async function coastMap(): Promise<Uint8Array> {
  const towns = [
    ["Aguasprofundas", 430, 330],
    ["Daggerford", 560, 560],
    ["Puerta de Baldur", 760, 820],
    ["Neverwinter", 300, 120],
  ] as const;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000" viewBox="0 0 1600 1000">
    <rect width="1600" height="1000" fill="#e9dcb8"/>
    <path d="M0 0 H260 C300 160 200 260 330 380 C420 470 380 600 500 700 C600 790 560 900 640 1000 H0 Z" fill="#7fb3d5"/>
    <path d="M260 0 C300 160 200 260 330 380 C420 470 380 600 500 700 C600 790 560 900 640 1000" fill="none" stroke="#5d4a2a" stroke-width="6"/>
    <path d="M900 120 C1040 260 1180 220 1300 380 S1480 620 1560 700" fill="none" stroke="#6b8e4e" stroke-width="18" stroke-linecap="round" opacity="0.6"/>
    <path d="M430 330 L560 560 L760 820" fill="none" stroke="#8b5a2b" stroke-width="5" stroke-dasharray="18 12"/>
    ${towns.map(([, x, y]) => `<circle cx="${x}" cy="${y}" r="16" fill="#8b1e1e" stroke="#fff" stroke-width="4"/>`).join("")}
    <g transform="translate(1400 860)"><circle r="70" fill="none" stroke="#5d4a2a" stroke-width="4"/><path d="M0 -90 L14 0 L0 90 L-14 0 Z" fill="#5d4a2a"/></g>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

export async function handout(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle("Carta de Aguasprofundas");
  const page = pdf.addPage([420, 595]);
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  page.drawText("Carta de Aguasprofundas", { x: 48, y: 530, size: 22, font: bold, color: rgb(0.35, 0.2, 0.1) });
  const lines = [
    "A quien encuentre esta carta:",
    "",
    "El faro del cabo lleva tres noches apagado y ningun barco",
    "ha vuelto del norte. Los pescadores hablan de luces bajo",
    "el agua y de canticos en una lengua que nadie conoce.",
    "",
    "Si teneis valor, buscad al capitan Orlan en la taberna",
    "del Portal Bostezante. Pagara bien a quien vuelva.",
    "",
    "                                  - Una amiga del puerto",
  ];
  lines.forEach((line, i) => page.drawText(line, { x: 48, y: 480 - i * 22, size: 13, font }));
  return pdf.save();
}
