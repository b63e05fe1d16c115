import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";

/**
 * Social sign-in. A plain form post without JavaScript; with it, the attempt is also reported to
 * /api/auth/metrics. If Google fails, the callback sends the visitor back here with an error toast,
 * and the button is enabled again because the page is fresh.
 */
export function GoogleButton({ lang, next, mode }: { lang: Locale; next: string; mode: "signin" | "signup" }) {
  const { t } = useTranslation("auth");
  const action = localePath(lang, "/auth/google");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Form
      method="post"
      action={action}
      reloadDocument
      className="mt-4"
      onSubmit={() => {
        const body = JSON.stringify({ eventType: "oauth_attempt", provider: "google", mode });
        navigator.sendBeacon?.("/api/auth/metrics", new Blob([body], { type: "application/json" }));
      }}
    >
      <input type="hidden" name="next" value={next} />
      <button
        type="submit"
        disabled={busy}
        className="flex min-h-11 w-full items-center justify-center gap-2 rounded-md border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:bg-stone-50 disabled:opacity-60"
      >
        <span aria-hidden="true" className="font-bold text-blue-600">
          G
        </span>
        {t("google.button")}
      </button>
    </Form>
  );
}
