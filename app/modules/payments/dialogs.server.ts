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

/**
 * The island's config for a page offering the given dialogs: the payments namespace in the
 * viewer's language, the field errors' words (validation) and the common actions (the dialogs' close buttons). Null without a built island.
 */
export function paymentDialogs(lang: Locale, dialogs: PaymentDialogsConfig["dialogs"]): PaymentDialogsConfig | null {
  const built = paymentDialogsBuild();
  if (!built) return null;
  const text = resources[lang] as { payments: Record<string, unknown>; validation: Record<string, unknown>; common: { actions: Record<string, unknown> } };
  return { ...built, i18n: { lang, resources: { payments: text.payments, validation: text.validation, common: { actions: text.common.actions } } }, dialogs };
}
