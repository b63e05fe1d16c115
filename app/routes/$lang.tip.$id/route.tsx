import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { KeptNote } from "#app/components/offline/kept-note";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { deps } from "#app/modules/deps.server";
import { savedAtLabel } from "#app/modules/offline/offline.server";
import { VOUCHER_POLL } from "#app/modules/payments/rules";
import { ownTip } from "#app/modules/tips/tips.server";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { VoucherBody } from "../$lang.booking.$id.voucher/voucher-parts";
import { tipReceiptData } from "./tip-receipt.server";

// Plain HTML (decision record 021): where the provider's card page returns, and the tip's OXXO voucher, to open again.
export const handle = { i18n: ["tips", "payments", "offline"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.metaTitle} · Mesa` : "Mesa" }];

/** Only the player who sent the tip sees it (anyone else, the DM too: 404). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = deps(context);
  const found = await ownTip(d, user, params.id ?? "");
  if (!found) notFound();
  // A tip's voucher still to pay is kept on the player's device for offline use (decision record 094).
  return { ...tipReceiptData(d, { lang, user, found }), savedAt: savedAtLabel(d.now, lang, user.timeZone) };
}

const tones = {
  paid: "border-green-300 bg-green-50 text-green-950",
  waiting: "border-green-300 bg-green-50 text-green-950",
  pending: "border-stone-300 bg-stone-50 text-stone-900",
  over: "border-amber-300 bg-amber-50 text-amber-950",
} as const;

export default function TipReceiptPage() {
  const v = useLoaderData<typeof loader>();
  const { t } = useTranslation("tips");
  return (
    <article className="mx-auto max-w-xl space-y-5">
      <KeptNote savedAt={v.savedAt} payment />
      {/* A card tip still being confirmed reloads itself until the provider's word is in (as a voucher being made does). */}
      {v.state === "pending" ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(VOUCHER_POLL.intervalMs / 1000)} />
        </noscript>
      ) : null}
      <header className={`rounded-lg border p-5 text-center ${tones[v.state]}`}>
        <h1 className="text-2xl font-bold">{v.heading}</h1>
        <p className="mt-1 break-words">{v.body}</p>
      </header>
      {v.voucher ? <VoucherBody v={v.voucher} /> : null}
      <div className="flex flex-wrap gap-2">
        {v.tipAgainHref ? (
          <Link to={v.tipAgainHref} className={buttonClass("primary")}>
            {t("receipt.tryAgain")}
          </Link>
        ) : null}
        <Link to={v.sessionHref} className={buttonClass("secondary")}>
          {t("back")}
        </Link>
      </div>
    </article>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
