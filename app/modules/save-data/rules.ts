/**
 * Data saving (decision record 095): pages skip card images, prefetching and the live layer's
 * stream until it is needed, and pick the smaller copy of every image. Three things can ask for
 * it, and any one is enough:
 * - the browser, with `Save-Data: on` (the phone's or the browser's own data saver);
 * - the account (`users.save_data`), for every device the person signs in on;
 * - this device (a cookie), for a signed-out visitor or for one device of an account.
 * No switch turns off what another asked for: a device cannot undo the account's choice, nor the
 * browser's. One switch means one place to look, and the settings page names who asked.
 */

export type SaveDataReason = "browser" | "account" | "device";

export type SaveData = { on: boolean; reasons: SaveDataReason[] };

/** The device's choice lives in this cookie ("1" while on; the cookie is deleted when turned off). */
export const SAVE_DATA_COOKIE = "mesa_save_data";

/** Kept for a year, like the language cookie: a choice about the device, not a sign-in. */
export const SAVE_DATA_COOKIE_MAX_AGE = 31_536_000;

/**
 * `Save-Data` is a list of tokens; only `on` asks (the header's draft standard). Any other value,
 * or none, asks nothing.
 */
export function browserAsks(header: string | null | undefined): boolean {
  if (!header) return false;
  return header.split(/[,;]/).some((token) => token.trim().toLowerCase() === "on");
}

/** Whether the device cookie is in a Cookie header, and on. */
export function deviceAsks(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => {
    const [name, value] = pair.split("=");
    return name?.trim() === SAVE_DATA_COOKIE && value?.trim() === "1";
  });
}

/** The one rule: on when the browser, the account or the device asks, with who asked. */
export function resolveSaveData(input: { header: string | null | undefined; account: boolean; cookie: string | null | undefined }): SaveData {
  const reasons: SaveDataReason[] = [];
  if (browserAsks(input.header)) reasons.push("browser");
  if (input.account) reasons.push("account");
  if (deviceAsks(input.cookie)) reasons.push("device");
  return { on: reasons.length > 0, reasons };
}

/** The Set-Cookie value that records (or forgets) this device's choice. */
export function deviceCookie(on: boolean, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
  return on ? `${SAVE_DATA_COOKIE}=1; Max-Age=${SAVE_DATA_COOKIE_MAX_AGE}; ${attributes}` : `${SAVE_DATA_COOKIE}=; Max-Age=0; ${attributes}`;
}
