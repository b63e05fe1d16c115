import sharp from "sharp";
import { prepareImage, storeImage } from "../../app/modules/storage/images.server";
import type { Storage } from "../../app/services/storage/storage";

export type Palette = [from: string, to: string];

/** A small deterministic random sequence, so the same demo always looks the same. */
function sequence(seed: number) {
  let state = seed || 1;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * A 1200x675 cover for a demo session: a diagonal gradient with a scatter of dice-like shapes.
 * Drawn as SVG and rasterised by sharp, so the demo needs no image files in the repository.
 */
export async function demoPicture(palette: Palette, seed: number) {
  const random = sequence(seed);
  const shapes = Array.from({ length: 14 }, () => {
    const x = Math.round(random() * 1200);
    const y = Math.round(random() * 675);
    const size = 40 + Math.round(random() * 120);
    const turn = Math.round(random() * 90);
    const opacity = (0.12 + random() * 0.25).toFixed(2);
    return random() < 0.5
      ? `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size / 6}" transform="rotate(${turn} ${x} ${y})" fill="#fff" fill-opacity="${opacity}"/>`
      : `<polygon points="${[0, 60, 120, 180, 240, 300].map((a) => `${x + size * Math.cos(((a + turn) * Math.PI) / 180)},${y + size * Math.sin(((a + turn) * Math.PI) / 180)}`).join(" ")}" fill="none" stroke="#fff" stroke-width="6" stroke-opacity="${opacity}"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/></linearGradient></defs>
    <rect width="1200" height="675" fill="url(#g)"/>${shapes.join("")}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** Draws a cover and stores it (and its copies) through the storage port, as an upload would be. */
export async function storeDemoPicture(
  storage: Storage,
  input: { userId: string; sessionId: string; title: string; palette: Palette; seed: number; now: Date },
) {
  const image = await prepareImage(await demoPicture(input.palette, input.seed));
  if (!image) throw new Error("demo picture could not be read back");
  return storeImage(storage, {
    userId: input.userId,
    target: { kind: "session", sessionId: input.sessionId },
    fileName: `${input.title}.jpg`,
    image,
    now: input.now,
  });
}
