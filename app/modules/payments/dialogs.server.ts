import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Locale } from "#app/modules/i18n/config";
import { resources } from "#app/modules/i18n/resources.server";
import type { PaymentDialogsConfig } from "./dialogs";

/** Written by server/build-islands.ts (part of `npm run build`). */
const manifestPath = path.resolve("public/build/islands/manifest.json");
type Built = { entry: string; loader: string };
let cached: Built | null = null;

/**
 * The island's entry with its content hash and the inline loader, read once per process on
 * React's production build (a new build restarts the server) and on every call otherwise, so a
 * rebuilt island is used at once. Null when the island was never built: the page then keeps its
 * plain form posts.
 */
export function paymentDialogsBuild(): Built | null {
  if (cached) return cached;
  try {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as { entries: Record<string, string>; inline?: Record<string, string> };
    const entry = manifest.entries["payment-dialogs"];
    const loader = manifest.inline?.["payment-dialogs-loader"];
    const built = entry && loader ? { entry, loader } : null;
    if (process.env.NODE_ENV === "production") cached = built;
    return built;
  } catch {
    return null;
  }
}

/** The namespaces the dialogs translate with: payments, the field errors' words, the common actions (close buttons). */
const DIALOG_NAMESPACES = ["payments", "validation", "common"] as const;
const files = new Map<Locale, Record<string, string>>();

/** Where the browser fetches the dialogs' words in `lang` (public/locales, served by server/http.ts), with a hash of each file's content. */
function textFiles(lang: Locale): Record<string, string> {
  let found = files.get(lang);
  if (!found) {
    const texts = resources[lang] as Record<string, unknown>;
    found = Object.fromEntries(
      DIALOG_NAMESPACES.map((ns) => [ns, `/locales/${lang}/${ns}.json?v=${createHash("sha256").update(JSON.stringify(texts[ns])).digest("hex").slice(0, 10)}`]),
    );
    files.set(lang, found);
  }
  return found;
}

/** The island's config for a page offering the given dialogs, with its words' files in the viewer's language. Null without a built island. */
export function paymentDialogs(lang: Locale, dialogs: PaymentDialogsConfig["dialogs"]): PaymentDialogsConfig | null {
  const built = paymentDialogsBuild();
  if (!built) return null;
  return { ...built, i18n: { lang, files: textFiles(lang) }, dialogs };
}
