import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createOutboxMailer, listOutbox, OUTBOX_MODES } from "./outbox.server";

const modeOf = async (file: string) => (await fs.stat(file)).mode & 0o777;

let made: string[] = [];
afterEach(async () => {
  await Promise.all(made.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  made = [];
});

async function tempDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "outbox-"));
  made.push(dir);
  return dir;
}

describe("the outbox on disk", () => {
  it("writes messages only the server's account can read (files 0600, folder 0700)", async () => {
    const dir = path.join(await tempDir(), "mail");
    const mailer = createOutboxMailer(dir, "Mesa <no-reply@mesa.localhost>", () => new Date("2026-11-26T10:00:00Z"));
    await mailer.send({
      to: "ana@example.com",
      subject: "Restablece tu contraseña",
      text: "http://localhost:3000/es/reset-password?token=secret",
      html: "<p>reset</p>",
    });
    const [mail] = await listOutbox(dir);
    expect(mail?.to).toBe("ana@example.com");
    expect(await modeOf(dir)).toBe(OUTBOX_MODES.dir);
    expect(await modeOf(path.join(dir, `${mail!.id}.json`))).toBe(0o600);
    expect((await fs.readdir(dir)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("narrows a folder an older version left readable by everyone", async () => {
    const dir = path.join(await tempDir(), "mail");
    await fs.mkdir(dir);
    await fs.chmod(dir, 0o755);
    await createOutboxMailer(dir, "Mesa <no-reply@mesa.localhost>").send({ to: "bo@example.com", subject: "Verifica", text: "hola", html: "<p>hola</p>" });
    expect(await modeOf(dir)).toBe(0o700);
    for (const name of await fs.readdir(dir)) expect(await modeOf(path.join(dir, name)), name).toBe(0o600);
  });
});
