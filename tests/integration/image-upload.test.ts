import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { action as create } from "../../app/routes/$lang.create";
import { loader as seriesPage } from "../../app/routes/$lang.series.$id._index/route";
import { action as editSeries } from "../../app/routes/$lang.series.$id.edit";
import { action as createSeries } from "../../app/routes/$lang.series.new";
import { loader as detail } from "../../app/routes/$lang.session.$id._index/route";
import { action as edit } from "../../app/routes/$lang.session.$id.edit";
import { getDb } from "../../db/client.server";
import { sessionCount, sessionFormFields } from "../fixtures/sessions";
import { signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { errorsFor, form, initialValue, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const uploads = () => path.join(process.env.DATA_DIR!, "uploads");
const storedFiles = (): string[] =>
  fs.existsSync(uploads()) ? (fs.readdirSync(uploads(), { recursive: true }) as string[]).filter((f) => /\.(jpg|png|webp)$/.test(f)) : [];

async function cookieFor(role: "user" | "dm") {
  const user = await signedInUser({ role });
  return { cookie: user.cookie, userId: user.id };
}

/** A real multipart/form-data request, as a browser sends the form (with or without JavaScript). */
function multipart(url: string, fields: Record<string, string>, cookie: string, file?: { name: string; bytes: Uint8Array; type: string }) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  // A file input with nothing picked still sends an empty part.
  body.append("image", file ? new File([new Uint8Array(file.bytes)], file.name, { type: file.type }) : new File([], "", { type: "application/octet-stream" }));
  return new Request(url, { method: "POST", body, headers: { Cookie: cookie } });
}

// Each session on its own day, so the host's overlap warning never stops a create.
let day = 1;
const good = () => {
  day += 1;
  const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
  return sessionFormFields("Mesa con portada", date, { price: "100" });
};

let dm = { cookie: "", userId: "" };
let photo: Buffer;
beforeAll(async () => {
  dm = await cookieFor("dm");
  photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#0b7285" } })
    .png()
    .toBuffer();
});

describe("image upload on the create session form", () => {
  it("stores a good image with its 400 and 800 px copies, and the session and its page use them", async () => {
    const result = await run(create, multipart(`${base}/es/create`, good(), dm.cookie, { name: "Mi Portada.png", bytes: photo, type: "image/png" }), {
      lang: "es",
    });
    expect(result.status).toBe(302);
    const id = result.headers.get("Location")!.split("/").pop()!;
    const row = await getDb().selectFrom("sessions").select("image_url").where("id", "=", id).executeTakeFirstOrThrow();
    // A same-origin path: it loads whatever host name the site is opened under.
    expect(row.image_url).toMatch(new RegExp(`^/uploads/${dm.userId}/session/\\d{13}/\\d{13}-mi-portada\\.png$`));

    const key = row.image_url!.slice("/uploads/".length);
    const stored = path.join(uploads(), key);
    expect((await sharp(fs.readFileSync(stored)).metadata()).width).toBe(1600);
    expect((await sharp(fs.readFileSync(stored.replace(/\.png$/, ".w400.webp"))).metadata()).width).toBe(400);
    expect((await sharp(fs.readFileSync(stored.replace(/\.png$/, ".w800.webp"))).metadata()).width).toBe(800);

    const page = await run(detail, new Request(`${base}/es/session/${id}`), { lang: "es", id });
    expect(page.data).toMatchObject({ session: { imageUrl: row.image_url!.replace(/\.png$/, ".w800.webp") } });
  });

  it("refuses a 6 MB image with the size in the message, and saves nothing", async () => {
    const sixMegabytes = await sharp(randomBytes(1450 * 1450 * 3), { raw: { width: 1450, height: 1450, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(sixMegabytes.byteLength).toBeGreaterThan(6_000_000);
    const [sessionsBefore, filesBefore] = [await sessionCount(), storedFiles().length];
    const result = await run(create, multipart(`${base}/es/create`, good(), dm.cookie, { name: "grande.png", bytes: sixMegabytes, type: "image/png" }), {
      lang: "es",
    });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ imageProblem: { key: "imageTooLarge", bytes: sixMegabytes.byteLength } });
    expect(errorsFor(result.data, "image")).toEqual(["imageTooLarge"]);
    expect(initialValue(result.data)).toMatchObject({ title: "Mesa con portada", game: "D&D 5e" }); // what was typed comes back
    expect(await sessionCount()).toBe(sessionsBefore);
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  it("refuses a PDF renamed .png (and sent as image/png), and saves nothing", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    const [sessionsBefore, filesBefore] = [await sessionCount(), storedFiles().length];
    const result = await run(create, multipart(`${base}/es/create`, good(), dm.cookie, { name: "portada.png", bytes: pdf, type: "image/png" }), { lang: "es" });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ imageProblem: { key: "imageInvalidType" } });
    expect(await sessionCount()).toBe(sessionsBefore);
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  it("stores nothing while another field is wrong, and asks for the file again", async () => {
    const [before, filesBefore] = [await sessionCount(), storedFiles().length];
    const first = await run(
      create,
      multipart(`${base}/es/create`, { ...good(), title: "" }, dm.cookie, { name: "guardada.png", bytes: photo, type: "image/png" }),
      { lang: "es" },
    );
    expect(first.status).toBe(400);
    expect(errorsFor(first.data, "title")).toEqual(["sessionTitleRequired"]);
    expect(first.data).toMatchObject({ imageProblem: { key: "imagePickAgain" } });
    expect(initialValue(first.data).imageUrl).toBeUndefined();
    expect(storedFiles()).toHaveLength(filesBefore);
    expect(await sessionCount()).toBe(before);

    // Fixed and sent again with the file: now it is stored, once.
    const second = await run(create, multipart(`${base}/es/create`, good(), dm.cookie, { name: "guardada.png", bytes: photo, type: "image/png" }), {
      lang: "es",
    });
    expect(second.status).toBe(302);
    expect(storedFiles()).toHaveLength(filesBefore + 3);
  });

  it("stores the image of a valid form that stops at the overlap warning, so 'Save anyway' keeps it", async () => {
    const fields = good();
    const first = await run(create, form(`${base}/es/create`, fields, { Cookie: dm.cookie }), { lang: "es" });
    expect(first.status).toBe(302);
    const warned = await run(create, multipart(`${base}/es/create`, fields, dm.cookie, { name: "solapada.png", bytes: photo, type: "image/png" }), {
      lang: "es",
    });
    expect(warned.status).toBe(409);
    const kept = String(initialValue(warned.data).imageUrl);
    expect(kept).toMatch(new RegExp(`^/uploads/${dm.userId}/session/\\d{13}/\\d{13}-solapada\\.png$`));
    expect(fs.existsSync(path.join(uploads(), kept.slice("/uploads/".length)))).toBe(true);
  });

  it("still accepts a form without any file part (urlencoded)", async () => {
    const result = await run(create, form(`${base}/es/create`, good(), { Cookie: dm.cookie }), { lang: "es" });
    expect(result.status).toBe(302);
  });

  it("cuts a body over 64 MB short with 413, not 500, and saves nothing", async () => {
    const before = await sessionCount();
    const huge = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(65 * 1024 * 1024)]);
    const result = await run(create, multipart(`${base}/es/create`, good(), dm.cookie, { name: "enorme.png", bytes: huge, type: "image/png" }), { lang: "es" });
    expect(result.status).toBe(413);
    expect(await sessionCount()).toBe(before);
  });

  it("answers 400, not 500, to a broken multipart body", async () => {
    const broken = new Request(`${base}/es/create`, {
      method: "POST",
      body: "--x\r\nnot a part",
      headers: { Cookie: dm.cookie, "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect((await run(create, broken, { lang: "es" })).status).toBe(400);
  });
});

describe("image upload on the edit session form", () => {
  it("replaces the image under the session's own folder, and removes it when asked", async () => {
    const created = await run(create, form(`${base}/es/create`, good(), { Cookie: dm.cookie }), { lang: "es" });
    const id = created.headers.get("Location")!.split("/").pop()!;
    const edited = await run(
      edit,
      multipart(`${base}/es/session/${id}/edit`, good(), dm.cookie, { name: "nueva.webp", bytes: await sharp(photo).webp().toBuffer(), type: "image/webp" }),
      { lang: "es", id },
    );
    expect(edited.status).toBe(302);
    const url = (await getDb().selectFrom("sessions").select("image_url").where("id", "=", id).executeTakeFirstOrThrow()).image_url;
    expect(url).toMatch(new RegExp(`/uploads/${dm.userId}/session/${id}/\\d{13}-nueva\\.webp$`));

    const removed = await run(edit, multipart(`${base}/es/session/${id}/edit`, { ...good(), imageUrl: url!, removeImage: "on" }, dm.cookie), {
      lang: "es",
      id,
    });
    expect(removed.status).toBe(302);
    expect((await getDb().selectFrom("sessions").select("image_url").where("id", "=", id).executeTakeFirstOrThrow()).image_url).toBeNull();
  });

  it("stores nothing for someone who may not edit the session", async () => {
    const created = await run(create, form(`${base}/es/create`, good(), { Cookie: dm.cookie }), { lang: "es" });
    const id = created.headers.get("Location")!.split("/").pop()!;
    const stranger = await cookieFor("dm");
    const filesBefore = storedFiles().length;
    const result = await run(
      edit,
      multipart(`${base}/es/session/${id}/edit`, good(), stranger.cookie, { name: "intrusa.png", bytes: photo, type: "image/png" }),
      { lang: "es", id },
    );
    expect(result.status).toBe(403);
    expect(storedFiles()).toHaveLength(filesBefore);
  });
});

describe("image upload on the series forms", () => {
  const series = (startInDays: number) => ({
    title: "Campaña con portada",
    game: "D&D 5e",
    frequency: "WEEKLY",
    dayOfWeek: "1",
    timeOfDay: "06:00",
    startDate: new Date(Date.now() + startInDays * 86_400_000).toISOString().slice(0, 10),
    duration: "60",
    maxParticipants: "5",
    minParticipants: "3",
    autoGenerateAhead: "2",
    bookingLockHours: "24",
    preSessionCheckHours: "24",
    sessionInstructions: "Trae tu ficha y dados.",
    price: "150",
    currency: "MXN",
  });
  const newest = () =>
    getDb().selectFrom("series").select(["id", "image_url"]).where("dm_id", "=", dm.userId).orderBy("created_at", "desc").limit(1).executeTakeFirstOrThrow();

  it("stores the series image under {userId}/series/, gives it to the series' sessions, and shows the 800 px copy", async () => {
    const result = await run(
      createSeries,
      multipart(`${base}/es/series/new`, series(200), dm.cookie, { name: "Campaña.jpg", bytes: await sharp(photo).jpeg().toBuffer(), type: "image/jpeg" }),
      { lang: "es" },
    );
    expect(result.status).toBe(302);
    const { id, image_url } = await newest();
    expect(image_url).toMatch(new RegExp(`^/uploads/${dm.userId}/series/\\d{13}-campana\\.jpg$`));
    const sessions = await getDb().selectFrom("sessions").select("image_url").where("series_id", "=", id).execute();
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.image_url === image_url)).toBe(true);
    const page = await run(seriesPage, new Request(`${base}/es/series/${id}`), { lang: "es", id });
    expect(page.data).toMatchObject({ imageUrl: image_url!.replace(/\.jpg$/, ".w800.webp") });
  });

  it("refuses a wrong file on the edit form and keeps the stored image", async () => {
    const { id, image_url } = await newest();
    const pdf = new TextEncoder().encode("%PDF-1.4 fake");
    const result = await run(
      editSeries,
      multipart(`${base}/es/series/${id}/edit`, { ...series(200), imageUrl: image_url! }, dm.cookie, { name: "x.webp", bytes: pdf, type: "image/webp" }),
      { lang: "es", id },
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ imageProblem: { key: "imageInvalidType" }, initialValue: { imageUrl: image_url } });
    expect((await newest()).image_url).toBe(image_url);
  });
});
