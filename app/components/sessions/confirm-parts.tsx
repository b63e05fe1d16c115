import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { RequestKeyField } from "#app/components/ui/request-key-field";
import { useSaveData } from "#app/utils/save-data";

/** A status message in the side panel. */
export function Banner({ tone, children }: { tone: "info" | "warn" | "ok"; children: React.ReactNode }) {
  const styles = {
    info: "border-sky-300 bg-sky-50 text-sky-950",
    warn: "border-amber-300 bg-amber-50 text-amber-950",
    ok: "border-green-300 bg-green-50 text-green-950",
  };
  return (
    <p role="status" className={`rounded-md border p-3 text-sm ${styles[tone]}`}>
      {children}
    </p>
  );
}

/**
 * A one-button form posting an intent and its request key (decision record 096); plain HTML, so it
 * works without JavaScript. With `dialog`,
 * the payment-dialogs island's loader opens that dialog instead of posting (decision record 032).
 */
export function IntentForm({
  intent,
  label,
  variant = "primary",
  fields = {},
  dialog,
  children,
}: {
  intent: string;
  label: string;
  variant?: "primary" | "secondary" | "danger";
  fields?: Record<string, string>;
  dialog?: string;
  /** Fields the player fills in before the button (lines and veils), sent with the same post. */
  children?: ReactNode;
}) {
  return (
    <Form method="post" data-payment-dialog={dialog} className={children ? "space-y-3" : undefined}>
      <input type="hidden" name="intent" value={intent} />
      <RequestKeyField />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <Button variant={variant} className="w-full" aria-haspopup={dialog ? "dialog" : undefined}>
        {label}
      </Button>
    </Form>
  );
}

/**
 * The questions, one open at a time: <details> sharing a name is an exclusive accordion in the
 * browser itself, so it needs no script.
 */
export function Faq() {
  const { t } = useTranslation("sessions");
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-5">
      <h2 className="font-semibold">{t("booking.faqTitle")}</h2>
      {(["1", "2", "3"] as const).map((n) => (
        <details key={n} name="booking-faq" open={n === "1"} className="border-b border-stone-100 py-2 last:border-0">
          <summary className="min-h-11 cursor-pointer py-2 font-medium">{t(`booking.faq.q${n}`)}</summary>
          <p className="text-sm text-stone-700">{t(`booking.faq.a${n}`)}</p>
        </details>
      ))}
    </section>
  );
}

/** What the confirmation screen's summary card says of its host (spec section 2: avatar, description and bio). */
export type ConfirmHost = { name: string; initials: string; avatarUrl: string | null; description: string | null; bio: string | null };

/** The host under the summary, on the session's and the series' confirmation screens alike. */
export function HostCard({ host }: { host: ConfirmHost }) {
  const { t } = useTranslation("sessions");
  // A linked photo of any size: saving data, the initials (decision record 095).
  const saveData = useSaveData();
  return (
    <div className="mt-4 flex items-start gap-3 border-t border-stone-100 pt-4" data-testid="confirm-host">
      {/* shrink-0: a long bio must not squeeze the round avatar into an oval. */}
      {host.avatarUrl && !saveData ? (
        <img src={host.avatarUrl} alt="" width={48} height={48} loading="lazy" decoding="async" className="h-12 w-12 shrink-0 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="text-brand-800 flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold">
          {host.initials}
        </span>
      )}
      <div className="min-w-0 text-sm">
        <p className="text-stone-600">{t("booking.host")}</p>
        <p className="font-semibold">{host.name}</p>
        {host.description ? <p className="text-stone-700">{host.description}</p> : null}
        {host.bio ? <p className="mt-1 text-stone-700">{host.bio}</p> : null}
      </div>
    </div>
  );
}

/** The side panel's security note: when the seat counts as confirmed (at once when free, once the payment is in when paid). */
export function SecurityNote({ promise }: { promise: "booking.security" | "booking.securityPaid" }) {
  const { t } = useTranslation("sessions");
  return <p className="text-xs text-stone-600">🔒 {t(promise)}</p>;
}

/** The trail to this page; its landmark is named in the page's language, like every other. */
export function Breadcrumbs({ items }: { items: { label: string; to?: string }[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("nav.breadcrumb", { ns: "common" })} className="text-sm text-stone-600">
      <ol className="flex flex-wrap gap-1">
        {items.map((item, i) => (
          <li key={item.label} className="flex gap-1">
            {i > 0 ? <span aria-hidden="true">/</span> : null}
            {item.to ? (
              <Link to={item.to} className="underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A GET form: the code lands in the address (?invite=), as in the link a host shares. */
export function InviteCodeForm() {
  const { t } = useTranslation("sessions");
  return (
    <form method="get" className="space-y-2">
      <label htmlFor="invite-code" className="block text-sm font-medium text-stone-800">
        {t("booking.inviteCode")}
      </label>
      <input
        id="invite-code"
        name="invite"
        required
        minLength={6}
        maxLength={20}
        autoComplete="off"
        spellCheck={false}
        className="w-full rounded-md border border-stone-300 px-3 py-2"
      />
      <button type="submit" className={buttonClass("primary", "w-full")}>
        {t("booking.useInvite")}
      </button>
    </form>
  );
}
