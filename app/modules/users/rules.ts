/** Spec section 3, Profile: displayName, else the part of the email before the @, else 'User'. */
export function displayNameOf(user: { displayName?: string | null; email?: string | null }): string {
  const name = user.displayName?.trim();
  if (name) return name;
  const local = user.email?.split("@")[0]?.trim();
  if (local) return local;
  return "User";
}

/** The single-letter initial: first letter of the display name, uppercased. */
export function initialOf(name: string): string {
  return (Array.from(name.trim())[0] ?? "U").toLocaleUpperCase();
}

/** Avatar initials from a name: first letters of the first two words, uppercased. */
export function avatarInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean).slice(0, 2);
  const letters = words.map((word) => Array.from(word)[0] ?? "").join("");
  return letters.toLocaleUpperCase() || "U";
}

export const roles = ["user", "player", "dm", "admin"] as const;
export type Role = (typeof roles)[number];

export const isDm = (userRoles: readonly string[]) => userRoles.includes("dm");
export const isAdmin = (userRoles: readonly string[]) => userRoles.includes("admin");

export const RESERVED_USERNAMES = new Set([
  "admin",
  "administrator",
  "mod",
  "moderator",
  "support",
  "help",
  "api",
  "www",
  "mail",
  "ftp",
  "staff",
  "team",
  "official",
  "system",
  "root",
  "user",
  "guest",
  "anonymous",
  "null",
  "undefined",
  "test",
  "demo",
  "example",
  "sample",
]);

export type UsernameProblem = "usernameTooShort" | "usernameTooLong" | "usernameCharacters" | "usernameSpaces" | "usernameEdges" | "usernameReserved";

/** Spec section 5, Username. Returns the first rule the name breaks, or null. */
export function usernameProblem(raw: string): UsernameProblem | null {
  const name = raw;
  const length = Array.from(name).length;
  if (length < 3) return "usernameTooShort";
  if (length > 50) return "usernameTooLong";
  if (!/^[\p{L}\p{N} _-]+$/u.test(name)) return "usernameCharacters";
  if (/ {2,}/.test(name)) return "usernameSpaces";
  if (!/^[\p{L}\p{N}]/u.test(name) || !/[\p{L}\p{N}]$/u.test(name)) return "usernameEdges";
  if (RESERVED_USERNAMES.has(name.toLowerCase())) return "usernameReserved";
  return null;
}

export const USERNAME_COOLDOWN_DAYS = 7;

/** When the user may change their username again, or null if they may now. */
export function usernameChangeAvailableAt(lastChangedAt: Date | null, now: Date): Date | null {
  if (!lastChangedAt) return null;
  const next = new Date(lastChangedAt.getTime() + USERNAME_COOLDOWN_DAYS * 24 * 60 * 60 * 1000);
  return next > now ? next : null;
}
