import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SeatSafetyPanel } from "#app/components/safety/seat-safety-panel";
import { Link } from "#app/components/ui/link";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { editSeatSafety, seatNoteView } from "#app/modules/safety/safety.server";
import { refusedSafetyState, seatNoteFormSchema } from "#app/modules/safety/schema";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { invariantResponse, notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { refuse } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["safety", "validation"], hydrate: false };

export const meta: MetaFunction = () => [{ title: "Mesa" }, { name: "robots", content: "noindex" }];

/**
 * The player's lines and veils on their own seat (decision record 061). The session page carries the
 * same form; this page answers it, and shows it again when it comes back refused. Only the seat's
 * holder reaches it: anyone else gets 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const note = await seatNoteView(deps(context), user.id, params.id ?? "");
  if (!note) notFound();
  return { sessionId: params.id ?? "", note };
}

/** What the seat's note becomes: the lines and veils saved, or none. */
function noteOf(command: z.output<typeof seatNoteFormSchema>) {
  switch (command.intent) {
    case "save":
      return command.input;
    case "remove":
      return null;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const sessionId = params.id ?? "";
  const form = await readForm(request);
  const submission = parseForm(form, { schema: seatNoteFormSchema });
  const sessionHref = localePath(lang, `/session/${sessionId}`);
  const d = deps(context);
  if (submission.status !== "success") {
    invariantResponse(!submission.error?.intent, "Unknown intent");
    // Whoever holds no seat learns nothing more from a bad form than from a good one.
    if (!(await seatNoteView(d, user.id, sessionId))) notFound();
    return refuse("invalid", {
      state: refusedSafetyState(
        form,
        Object.values(submission.error ?? {}).flatMap((messages) => messages ?? []),
      ),
    });
  }
  const result = await editSeatSafety(d, user.id, sessionId, noteOf(submission.value));
  if (!result.ok && result.refusal === "notFound") notFound();
  if (!result.ok) return redirectWithToast(sessionHref, { type: "error", key: "safety:edit.started" });
  return redirectWithToast(sessionHref, { type: "success", key: result.removed ? "safety:edit.removed" : "safety:edit.saved" });
}

export default function SeatSafetyPage() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t, i18n } = useTranslation("safety");
  return (
    <section className="mx-auto max-w-xl space-y-4">
      <SeatSafetyPanel sessionId={page.sessionId} note={page.note} state={refused?.state} />
      <Link to={localePath(pageLocale(i18n.language), `/session/${page.sessionId}`)} className="text-sm underline">
        {t("edit.back")}
      </Link>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
