import { useActionData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { isNotSent } from "#app/web/not-sent";
import { Button } from "./button";

/**
 * Rendered inside a hydrated page's `<Form>`: after a send the dropped connection swallowed, says
 * that nothing was saved and that what was typed is still here, with a button that sends the same
 * form again (with the same request key, so a send the server did get acts once). A form whose
 * buttons say what to do (`intent`) gives the retry the same `name` and `value`; a fetcher's form
 * passes its fetcher, whose answer it reads instead of the page's.
 */
export function NotSentNotice({ name, value, fetcher }: { name?: string; value?: string; fetcher?: { data: unknown; state: string } }) {
  const actionData = useActionData();
  const navigating = useNavigation().state === "submitting";
  const answer = fetcher ? fetcher.data : actionData;
  const busy = fetcher ? fetcher.state !== "idle" : navigating;
  if (!isNotSent(answer)) return null;
  return (
    <Notice>
      <Button variant="secondary" disabled={busy} name={name} value={value}>
        <RetryLabel />
      </Button>
    </Notice>
  );
}

/**
 * For a page of several one-button forms (turn on, turn off, sign a device out), rendered once
 * outside them: its retry sends again exactly what was sent, to where it was sent.
 */
export function NotSentPageNotice() {
  const answer = useActionData();
  const navigation = useNavigation();
  const submit = useSubmit();
  const sent = useRef<{ formData: FormData; action: string } | null>(null);
  const { formData, formAction } = navigation;
  useEffect(() => {
    if (formData && formAction) sent.current = { formData, action: formAction };
  }, [formData, formAction]);
  const again = sent.current;
  if (!isNotSent(answer) || !again) return null;
  return (
    <Notice>
      <Button
        type="button"
        variant="secondary"
        disabled={navigation.state === "submitting"}
        onClick={() => submit(again.formData, { method: "post", action: again.action })}
      >
        <RetryLabel />
      </Button>
    </Notice>
  );
}

function Notice({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation("common");
  return (
    <div role="alert" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-stone-800">
      <p className="font-semibold">{t("offline.notSentInline.title")}</p>
      <p>{t("offline.notSentInline.body")}</p>
      {children}
    </div>
  );
}

function RetryLabel() {
  const { t } = useTranslation("common");
  return <>{t("offline.notSentInline.retry")}</>;
}
