import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { newRequestKey } from "#app/components/ui/new-request-key";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import { OXXO_DEFAULTS, type OxxoNameErrors, oxxoNameErrors, oxxoNamesTyped, VOUCHER_POLL } from "#app/modules/payments/rules";
import type { OxxoDialogProps } from "./oxxo-dialog-props";
export type { OxxoDialogProps } from "./oxxo-dialog-props";
import { fetchVoucherOf, pollVoucher } from "./poll-voucher";

// Everything here runs without Remix on the client (plain fetch, window.location, a native
// <dialog>), so the same component can be mounted by a page Remix hydrates or by a standalone script.

type Outcome =
  | { kind: "idle" }
  | { kind: "creating" }
  | { kind: "waiting"; bookingId: string }
  | { kind: "error"; message: string }
  | { kind: "timeout"; bookingId: string };

type IntentAnswer = {
  booking?: { id?: string };
  oxxoDetails?: { reference?: string | null; hostedVoucherUrl?: string | null; expiresAfter?: number } | null;
  error?: string;
};

/** The voucher page, told to greet the player with the spec's success toast (voucherGenerated). */
const voucherPage = (lang: Locale, bookingId: string) => `${localePath(lang, `/booking/${bookingId}/voucher`)}?created=1`;

/**
 * The spec's OXXO name dialog (cash-payment confirmation): the session's facts, first and last
 * name checked by the name page's own schema, the four warnings, Cancel and Confirm. Confirm
 * creates the OXXO intent; with the voucher in the answer it goes to the voucher page, otherwise
 * it asks for the voucher every 2 s, 30 times. While that runs nothing closes the dialog.
 */
export default function OxxoDialog(props: OxxoDialogProps) {
  const { t } = useTranslation("payments");
  const { t: tc } = useTranslation("common");
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState({ firstName: props.names?.firstName ?? "", lastName: props.names?.lastName ?? "" });
  const [errors, setErrors] = useState<OxxoNameErrors>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  // State updates land after the click handler returns; the ref stops a double click in between.
  const inFlight = useRef(false);
  // One key per opened dialog: a retry after a dropped answer takes the same voucher (decision record 096).
  const [requestKey] = useState(newRequestKey);
  const busy = outcome.kind === "creating" || outcome.kind === "waiting";
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const stop = useRef<AbortController | null>(null);
  const { onClose } = props;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => stop.current?.abort();
  }, []);

  const close = () => {
    if (busyRef.current) return;
    dialogRef.current?.close();
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const problems = oxxoNameErrors(values);
    if (problems) {
      setErrors(problems);
      return;
    }
    inFlight.current = true;
    setOutcome({ kind: "creating" });
    try {
      const response = await fetch("/api/payments/create-intent", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": requestKey },
        credentials: "same-origin",
        body: JSON.stringify({
          sessionId: props.sessionId,
          paymentMethod: "oxxo",
          country: "MX",
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          ...(props.inviteCode ? { inviteCode: props.inviteCode } : {}),
          ...props.safety,
        }),
      });
      const body = (await response.json().catch(() => ({}))) as IntentAnswer;
      if (!response.ok) throw new Error(body.error || t("errors.createIntentFailed"));
      const bookingId = body.booking?.id;
      if (!bookingId) throw new Error(t("errors.noBookingId"));
      if (body.oxxoDetails?.reference) {
        window.location.assign(voucherPage(props.lang, bookingId));
        return;
      }
      setOutcome({ kind: "waiting", bookingId });
      stop.current = new AbortController();
      const polled = await pollVoucher(() => fetchVoucherOf(bookingId), {
        intervalMs: VOUCHER_POLL.intervalMs,
        maxTries: VOUCHER_POLL.tries,
        signal: stop.current.signal,
      });
      if (stop.current.signal.aborted) return;
      if (polled.ok) {
        window.location.assign(voucherPage(props.lang, bookingId));
        return;
      }
      setOutcome({ kind: "timeout", bookingId });
    } catch (error) {
      setOutcome({ kind: "error", message: error instanceof Error && error.message ? error.message : t("errors.createIntentFailed") });
    }
    inFlight.current = false;
  };

  const edit = (field: "firstName" | "lastName") => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }; /** One of the two name inputs: the typed value, its errors, read-only while the voucher is being made. */
  const nameField = (name: "firstName" | "lastName", id: string, autoComplete: string) => (
    <Field
      label={t(name === "firstName" ? "oxxo.firstName" : "oxxo.lastName")}
      errors={errors[name]}
      inputProps={{ id, name, autoComplete, value: values[name], onChange: edit(name), readOnly: busy }}
    />
  );

  const days = props.voucherDays ?? OXXO_DEFAULTS.voucherPaymentDays;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="oxxo-dialog-title"
      aria-busy={busy || undefined}
      className="m-0 mt-auto max-h-[85vh] w-full max-w-lg overflow-y-auto rounded-t-lg bg-white p-5 text-stone-900 shadow-xl backdrop:bg-stone-900/50 sm:m-auto sm:rounded-lg"
      onCancel={(event) => {
        // Escape while the voucher is being made does nothing.
        if (busyRef.current) event.preventDefault();
      }}
      onClose={() => {
        // Browsers may close a modal dialog on a repeated Escape despite preventDefault; while busy it comes straight back.
        if (busyRef.current) dialogRef.current?.showModal();
        else onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === dialogRef.current) close();
      }}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="oxxo-dialog-title" className="text-lg font-semibold">
          {t("oxxo.title")}
        </h2>
        <button
          type="button"
          onClick={close}
          disabled={busy}
          aria-label={tc("actions.close")}
          className="-m-1 inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-2xl leading-none text-stone-700 hover:bg-stone-100 disabled:text-stone-300"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p className="mt-1 text-sm text-stone-700">{t("oxxo.subtitle")}</p>
      <dl className="mt-4 grid gap-1 rounded-md bg-stone-50 p-4 text-sm">
        <dt className="sr-only">{t("voucher.sessionTitle")}</dt>
        <dd className="text-base font-semibold">{props.sessionTitle}</dd>
        {props.date ? <dd>{props.date}</dd> : null}
        {props.location ? <dd>{props.location}</dd> : null}
        <dd className="text-lg font-bold">{props.total}</dd>
      </dl>
      <form noValidate onSubmit={submit} className="mt-4 space-y-3">
        {nameField("firstName", "oxxo-first-name", "given-name")}
        {nameField("lastName", "oxxo-last-name", "family-name")}
        <ul className="space-y-2 text-sm">
          <li className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sky-950">{t("oxxo.warnings.reservation")}</li>
          <li className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">{t("oxxo.warnings.expires", { days })}</li>
          <li className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sky-950">{t("oxxo.warnings.email")}</li>
          <li className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sky-950">{t("oxxo.warnings.confirmation")}</li>
        </ul>
        <div aria-live="polite">
          {outcome.kind === "error" ? (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
              {outcome.message}
            </p>
          ) : null}
          {outcome.kind === "timeout" ? (
            <div role="alert" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <p>{t("errors.voucherTimeout")}</p>
              <a href={localePath(props.lang, `/booking/${outcome.bookingId}/voucher`)} className="font-semibold underline">
                {t("voucher.viewVoucher")}
              </a>
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <button type="button" onClick={close} disabled={busy} className={buttonClass("secondary")}>
            {t("oxxo.cancel")}
          </button>
          <button type="submit" disabled={busy || !oxxoNamesTyped(values)} className={buttonClass("primary")}>
            {busy ? t("oxxo.processing") : t("oxxo.confirm")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
