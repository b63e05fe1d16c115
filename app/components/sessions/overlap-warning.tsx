import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export type ConflictReport = { conflicts: { id: string; title: string; when: string }[]; token: string };

/** The action's answer when it stopped to warn: the form's reply plus the conflicts it found. */
export function overlapOf(actionData: unknown): ConflictReport | null {
  if (!actionData || typeof actionData !== "object" || !("overlap" in actionData)) return null;
  return (actionData as { overlap: ConflictReport }).overlap;
}

/**
 * Asks the server about overlaps whenever one of the schedule `fields` changes (debounced), so
 * the warning shows while the host picks a date. Without JavaScript the form's server check gives
 * the same warning after submitting. A plain fetch keeps this out of Remix's data flow.
 */
export function useOverlapCheck(opts: { kind: "session" | "series"; fields: readonly string[]; excludeId?: string; server: ConflictReport | null }) {
  const { i18n } = useTranslation();
  const [live, setLive] = useState<ConflictReport | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const pending = useRef<AbortController>();

  // A new answer from the action is newer than anything checked before it.
  useEffect(() => setLive(null), [opts.server]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );

  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    if (!opts.fields.includes(target.name)) return;
    const form = event.currentTarget;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const data = new FormData(form);
      const query = new URLSearchParams({ kind: opts.kind, lang: i18n.language });
      for (const name of opts.fields) {
        const value = data.get(name);
        if (typeof value === "string") query.set(name, value);
      }
      if (opts.excludeId) query.set(opts.kind, opts.excludeId);
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      fetch(`/api/schedule-conflicts?${query}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<ConflictReport>) : null))
        .then((report) => {
          if (report && Array.isArray(report.conflicts)) setLive(report);
        })
        .catch(() => {
          /* offline or superseded: the server checks again on submit */
        });
    }, 300);
  }

  return { report: live ?? opts.server, onChange };
}

/**
 * Shown beside the date and time pickers. While it lists conflicts the form carries their token,
 * so submitting again ("Save anyway") saves despite exactly these overlaps.
 */
export function OverlapWarning({ report }: { report: ConflictReport | null }) {
  const { t } = useTranslation("sessions");
  const conflicts = report?.conflicts ?? [];
  return (
    <div aria-live="polite">
      {conflicts.length ? (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">{t("overlap.title")}</p>
          <ul className="mt-1 list-inside list-disc">
            {conflicts.map((c) => (
              <li key={c.id}>{t("overlap.item", { title: c.title, when: c.when })}</li>
            ))}
          </ul>
          <p className="mt-1">{t("overlap.hint")}</p>
          <input type="hidden" name="confirmOverlap" value={report?.token ?? ""} />
        </div>
      ) : null}
    </div>
  );
}

export const hasConflicts = (report: ConflictReport | null) => Boolean(report?.conflicts.length);
