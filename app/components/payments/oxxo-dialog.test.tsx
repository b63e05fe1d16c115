import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { testTranslations } from "../../../tests/fixtures/i18n";
import OxxoDialog, { type OxxoDialogProps } from "./oxxo-dialog";

const spanish = () => testTranslations("es", ["common", "payments", "validation"]);

/** Files a module reaches through its relative and #app imports (types included: they cost nothing at run time, but name what it leans on). */
function importGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, specifier] of fs.readFileSync(file, "utf8").matchAll(/(?:from|import\()\s*"([^"]+)"/g)) {
    const base = specifier!.startsWith("#app/")
      ? path.join("app", specifier!.slice(5))
      : specifier!.startsWith(".")
        ? path.join(path.dirname(file), specifier!)
        : null;
    if (!base) continue;
    const found = [".tsx", ".ts", "/index.ts"].map((ext) => base + ext).find((f) => fs.existsSync(f));
    if (found) importGraph(found, seen);
  }
  return seen;
}

/** The dialog's HTML in Spanish for 'La cripta' at $250.00 MXN, with `props` on top. */
const renderDialog = (props: Partial<OxxoDialogProps>) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={spanish()}>
      <OxxoDialog sessionId="0b7e" sessionTitle="La cripta" lang="es" total="$250.00 MXN" onClose={() => {}} {...props} />
    </I18nextProvider>,
  );

describe("OxxoDialog", () => {
  it("renders outside any Remix router, with the session's facts, both fields, the four warnings and the buttons", () => {
    const html = renderDialog({ date: "jueves, 19 de noviembre de 2026, 8:00 p.m.", location: "Café Dados, CDMX", voucherDays: 2 });
    for (const text of [
      "Pago en efectivo en OXXO",
      "La cripta",
      "jueves, 19 de noviembre de 2026",
      "Café Dados, CDMX",
      "$250.00 MXN",
      "Nombre",
      "Apellido",
      "Se creará una reserva a tu nombre.",
      "La reserva vence en 2 días si no pagas.",
      "Te enviaremos la ficha de pago por correo.",
      "La confirmación del pago tarda de 1 a 3 días hábiles.",
      "Cancelar",
      "Confirmar y generar ficha",
    ])
      expect(html).toContain(text);
    // Both names are empty: confirm waits for them.
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Confirmar y generar ficha<\/button>/);
    expect(html).toMatch(/^<dialog /);
  });

  it("starts with the payer's names filled in, as the name page does, so confirm is ready", () => {
    const html = renderDialog({ voucherDays: 3, names: { firstName: "Ana", lastName: "Robles" } });
    expect(html).toMatch(/name="firstName"[^>]*value="Ana"|value="Ana"[^>]*name="firstName"/);
    expect(html).toMatch(/name="lastName"[^>]*value="Robles"|value="Robles"[^>]*name="lastName"/);
    expect(html).not.toMatch(/<button type="submit" disabled=""/);
  });

  it("leans on nothing of Remix, so a standalone script can mount it", () => {
    const files = [...importGraph("app/components/payments/oxxo-dialog.tsx")];
    expect(files).toContain("app/modules/payments/rules.ts");
    for (const file of files) expect(fs.readFileSync(file, "utf8"), file).not.toMatch(/from "@remix-run\/|from "@headlessui\//);
  });
});
