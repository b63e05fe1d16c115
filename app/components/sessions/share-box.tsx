import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** WhatsApp link and a copyable URL without JavaScript; the native share sheet when the browser has one. */
export function ShareBox({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation("sessions");
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function"), []);
  return (
    <div className="space-y-2">
      {canShare ? (
        <button
          type="button"
          onClick={() => void navigator.share({ title, url }).catch(() => undefined)}
          className="min-h-11 rounded-md border border-stone-300 px-4 text-sm font-semibold hover:bg-stone-100"
        >
          {t("detail.share")}
        </button>
      ) : null}
      <a
        href={`https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`}
        className="inline-flex min-h-11 items-center text-sm font-semibold text-green-800 underline"
      >
        {t("detail.shareWhatsapp")}
      </a>
      <label className="block text-sm">
        <span className="text-stone-700">{t("detail.copyLink")}</span>
        <input
          readOnly
          value={url}
          className="mt-1 block w-full rounded-md border border-stone-300 bg-stone-50 px-2 py-2 text-sm"
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
    </div>
  );
}
