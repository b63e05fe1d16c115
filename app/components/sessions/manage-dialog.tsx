import { useFetcher, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";
import { Modal } from "#app/components/ui/dialog";
import { NotSentNotice } from "#app/components/ui/not-sent-notice";
import { isNotSent } from "#app/web/not-sent";
import type { Toast } from "#app/web/toast.server";

export type ManagedPerson = { id: string; userId: string; name: string; position?: number; paymentPending?: boolean };
type Target = ManagedPerson & { list: "bookings" | "waitlist" };

/**
 * The host's manage dialog: participants and waitlist, each with a remove button that asks for
 * confirmation in a second dialog. Confirming posts the same form as the no-JavaScript
 * confirmation page (`removeAction`), whose redirect reloads the lists and carries the toast.
 * Without JavaScript nothing renders here and the page's own list links to that page.
 */
export function ManageDialog({ removeAction, participants, waitlist }: { removeAction: string; participants: ManagedPerson[]; waitlist: ManagedPerson[] }) {
  const { t } = useTranslation("sessions");
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<Target | null>(null);
  const [removed, setRemoved] = useState(false);
  const [notSent, setNotSent] = useState(false);
  const fetcher = useFetcher();
  // The fetcher's answer before this send: a fetcher keeps its last answer across a redirect, so
  // only a new NotSent (each one its own object) says that this send was lost.
  const submitted = useRef<{ before: unknown } | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const toast = (useRouteLoaderData("root") as { toast?: Toast | null } | undefined)?.toast ?? null;
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (fetcher.state !== "idle") submitted.current ??= { before: fetcher.data };
    else if (submitted.current) {
      const lost = isNotSent(fetcher.data) && fetcher.data !== submitted.current.before;
      submitted.current = null;
      setNotSent(lost);
      // Not sent (the connection dropped): the confirmation stays open and says so, to send again.
      if (lost) return;
      setTarget(null);
      setRemoved(true);
      // The button that opened the confirmation is gone with its row; land on the result instead.
      requestAnimationFrame(() => status.current?.focus());
    }
  }, [fetcher.state, fetcher.data]);
  if (!hydrated) return null;

  const busy = fetcher.state !== "idle";
  const list = (title: string, kind: Target["list"], people: ManagedPerson[]) => (
    <section className="mt-4">
      <h3 className="font-semibold">{title}</h3>
      {people.length ? (
        <ul className="mt-2 divide-y divide-stone-200 text-sm">
          {people.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-2 py-1">
              <span>
                {p.position ? `${p.position}. ` : ""}
                {p.name}
                {/* A seat held while its payment is not in is marked, as on the page's own list. */}
                {p.paymentPending ? ` · ${t("booking.participantPending")}` : ""}
              </span>
              <button
                type="button"
                onClick={() => {
                  setNotSent(false);
                  setTarget({ ...p, list: kind });
                }}
                aria-label={t("detail.removeName", { name: p.name })}
                className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-red-700 hover:bg-red-50"
              >
                {t("detail.remove")}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-stone-600">{t("detail.none")}</p>
      )}
    </section>
  );

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setRemoved(false);
          setOpen(true);
        }}
        className={buttonClass("secondary", "w-full")}
      >
        {t("detail.manage")}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t("detail.manageTitle")}>
        <p ref={status} tabIndex={-1} role="status" className={`text-sm font-medium ${toast?.type === "error" ? "text-red-800" : "text-green-900"}`}>
          {removed && toast ? t(toast.key, toast.params) : ""}
        </p>
        {list(t("detail.participants"), "bookings", participants)}
        {list(t("detail.waitlist"), "waitlist", waitlist)}
        <Modal
          open={target !== null}
          onClose={() => (busy ? undefined : setTarget(null))}
          title={target ? t(target.list === "bookings" ? "remove.titleParticipant" : "remove.titleWaitlist", { name: target.name }) : ""}
        >
          <p className="mt-3 text-stone-700">{t("remove.body")}</p>
          <fetcher.Form method="post" action={removeAction} preventScrollReset className="mt-6 flex flex-wrap justify-end gap-2">
            <input type="hidden" name="list" value={target?.list ?? ""} />
            <input type="hidden" name="userId" value={target?.userId ?? ""} />
            {notSent ? (
              <div className="basis-full">
                <NotSentNotice fetcher={fetcher} />
              </div>
            ) : null}
            <button type="button" onClick={() => setTarget(null)} disabled={busy} className={buttonClass("secondary")}>
              {t("remove.cancel")}
            </button>
            <button type="submit" disabled={busy} className={buttonClass("danger")}>
              {t("remove.confirm")}
            </button>
          </fetcher.Form>
        </Modal>
      </Modal>
    </>
  );
}
