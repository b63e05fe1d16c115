export const locales = ["es", "en", "pt"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "es";

/** Intl locale used for dates and money per interface language (spec section 9). */
export const intlLocale: Record<Locale, string> = { es: "es-MX", en: "en-US", pt: "pt-BR" };

/** Times for a visitor without an account (detail and profile pages are public) are shown in this zone, named. */
export const guestTimeZone = "America/Mexico_City";

export const localeNames: Record<Locale, string> = { es: "Español", en: "English", pt: "Português" };

export const namespaces = [
  "common",
  "auth",
  "validation",
  "errors",
  "emails",
  "profile",
  "mailbox",
  "notifications",
  "sessions",
  "payments",
  "chat",
  "subscriptions",
  "reviews",
  "badges",
  "attendance",
  "inquiries",
  "groups",
  "admin",
  "safety",
  "payouts",
  "earnings",
  "tips",
  "offline",
] as const;
export type Namespace = (typeof namespaces)[number];

export const localeCookieName = "lng";
