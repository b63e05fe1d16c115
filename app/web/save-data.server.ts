import { getEnv } from "#app/env.server";
import { deviceCookie, resolveSaveData, type SaveData } from "#app/modules/save-data/rules";
import { getOptionalUser } from "./guards.server";

/**
 * Whether this request's page saves data (decision record 095): the browser's `Save-Data`
 * header, the account's choice, this device's cookie. The sign-in lookup is shared with the other
 * loaders of the request, so asking again costs nothing.
 */
export async function saveDataOf(request: Request): Promise<SaveData> {
  const user = await getOptionalUser(request);
  return resolveSaveData({ header: request.headers.get("save-data"), account: user?.saveData ?? false, cookie: request.headers.get("cookie") });
}

/** The Set-Cookie header that records this device's choice. */
export const saveDataCookie = (on: boolean) => deviceCookie(on, getEnv().NODE_ENV === "production");
