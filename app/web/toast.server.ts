import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { z } from "zod";
import { getEnv } from "#app/env.server";

/** A message shown once after a redirect; `key` is an i18n key in the common namespace. */
export const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  key: z.string(),
  params: z.record(z.union([z.string(), z.number()])).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

let storage: SessionStorage<Record<string, never>, { toast: Toast }> | undefined;
function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    cookie: {
      name: "__toast",
      httpOnly: true,
      path: "/",
      sameSite: "lax",
      secrets: [getEnv().SESSION_SECRET],
      secure: getEnv().NODE_ENV === "production",
    },
  });
  return storage;
}

export async function toastCookie(toast: Toast) {
  const session = await toastStorage().getSession();
  session.flash("toast", toast);
  return toastStorage().commitSession(session);
}

export async function redirectWithToast(url: string, toast: Toast, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { headers });
}

/** Reads and clears the pending toast. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const cookie = request.headers.get("cookie");
  if (!cookie?.includes("__toast=")) return { toast: null, setCookie: null };
  const session = await toastStorage().getSession(cookie);
  const parsed = toastSchema.safeParse(session.get("toast"));
  return { toast: parsed.success ? parsed.data : null, setCookie: await toastStorage().destroySession(session) };
}
