/**
 * Draws the home-screen icons (public/icons/) from public/favicon.svg with sharp. They are
 * committed, not built: run `npx tsx server/make-icons.ts` again when the favicon changes.
 */
import { mkdirSync, readFileSync } from "node:fs";
import sharp from "sharp";

const svg = readFileSync("public/favicon.svg");
mkdirSync("public/icons", { recursive: true });
const icon = (size: number) => sharp(svg, { density: (72 * size) / 32 }).resize(size, size);
await icon(192).png().toFile("public/icons/icon-192.png");
await icon(512).png().toFile("public/icons/icon-512.png");
// iOS rounds the corners itself and shows transparency as black: a full square.
await icon(180).flatten({ background: "#095e6e" }).png().toFile("public/icons/apple-touch-icon.png");
// Maskable: the launcher crops to its own shape, so the mark sits inside the middle 80% on the brand colour.
const mark = await icon(410).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: "#095e6e" } })
  .composite([{ input: mark, top: 51, left: 51 }])
  .png()
  .toFile("public/icons/icon-maskable-512.png");
console.log("icons: public/icons/");
