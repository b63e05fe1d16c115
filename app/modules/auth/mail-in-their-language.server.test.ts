import { describe, expect, it } from "vitest";
import type { Mail } from "#app/services/mailer/mailer";
import { mailInTheirLanguage } from "./mail-in-their-language.server";

function outbox() {
  const sent: Mail[] = [];
  return { sent, deps: { appUrl: "https://mesa.test", mailer: { send: async (mail: Mail) => void sent.push(mail) } } };
}

describe("mailInTheirLanguage", () => {
  it("writes in the language the person chose, with the one link to that page in that language", async () => {
    const { sent, deps } = outbox();
    const to = { email: "ana@example.test", display_name: "Ana R", preferred_language: "en" };
    await mailInTheirLanguage(deps, to, { kind: "reviewRequested", path: "/session/42/review", vars: { title: "La Cripta" } });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "ana@example.test", subject: "How was La Cripta?" });
    expect(sent[0]!.text).toContain("Hi Ana R,");
    expect(sent[0]!.text).toContain("https://mesa.test/en/session/42/review");
    expect(sent[0]!.html).toContain('<html lang="en">');
  });

  it("greets by the start of the address when there is no display name, in the default language when none we have was chosen", async () => {
    const { sent, deps } = outbox();
    await mailInTheirLanguage(deps, { email: "leo@example.test", display_name: "", preferred_language: "xx" }, { kind: "passwordChanged" });
    expect(sent[0]!.text).toContain("Hola, leo:");
    expect(sent[0]!.subject).toContain("Tu contraseña de");
    // No path, no link.
    expect(sent[0]!.text).not.toContain("https://");
  });
});
