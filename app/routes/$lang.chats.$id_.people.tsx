import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkedIds, PeoplePicker, PeopleSearch } from "#app/components/chat/people-picker";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { FormErrors } from "#app/components/ui/form-errors";
import { Link } from "#app/components/ui/link";
import { GROUP_MAX_MEMBERS, GROUP_NAME_MAX } from "#app/modules/chat/group-rules";
import { addPeople, groupPeople, removePerson, renameGroup } from "#app/modules/chat/groups.server";
import { type AddPeopleInput, addPeopleSchema, type RenameGroupInput, renameGroupSchema } from "#app/modules/chat/schema";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { groupRefusalMessage } from "#app/web/group-refusals";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { refuse } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";

// A group's people (decision record 091): who is in it; its owner renames it, adds and removes
// people; anyone leaves. Plain HTML forms, one per change.
export const handle = { i18n: ["chat", "validation"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.name ? `${data.name} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const people = await groupPeople(deps(context), user, params.id, query);
  if (!people) notFound();
  return {
    id: people.group.id,
    name: people.group.name,
    ownerId: people.group.owner_id,
    powers: people.group.powers,
    me: user.id,
    members: people.members.map((m) => ({ id: m.userId, name: m.name })),
    candidates: people.candidates,
    query,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = deps(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const back = localePath(lang, `/chats/${params.id}/people`);
  if (intent === "remove" || intent === "leave") {
    const userId = intent === "leave" ? user.id : form.get("userId");
    const result = await removePerson(d, user, params.id, userId);
    if (result.status !== "ok") notFound();
    if (result.left) return redirectWithToast(localePath(lang, "/chats"), { type: "success", key: "chat:toasts.left" });
    return redirectWithToast(back, { type: "success", key: "chat:toasts.removed" });
  }
  if (intent === "rename") {
    const submission = parseForm(form, { schema: renameGroupSchema });
    if (submission.status !== "success") return refuse("invalid", { rename: submission.reply() });
    if ((await renameGroup(d, user, params.id, submission.value.name)).status !== "ok") notFound();
    return redirectWithToast(back, { type: "success", key: "chat:toasts.renamed" });
  }
  const submission = parseForm(form, { schema: addPeopleSchema });
  if (submission.status !== "success") return refuse("invalid", { add: submission.reply() });
  const result = await addPeople(d, user, params.id, submission.value.memberIds);
  if (result.status === "notFound") notFound();
  if (result.status === "ok") return redirectWithToast(back, { type: "success", key: "chat:toasts.added", params: { count: result.added } });
  const { key, field, refusal } = groupRefusalMessage(result.status);
  return refuse(refusal, { add: submission.reply(field ? { fieldErrors: { [field]: [key] } } : { formErrors: [key] }) });
}

export default function GroupPeoplePage() {
  const { id, name, ownerId, powers, me, members, candidates, query } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t, i18n } = useTranslation("chat");
  const lang = pageLocale(i18n.language);
  const [renameForm, renameFields] = useForm<RenameGroupInput>({
    id: "rename-group",
    lastResult: result && "rename" in result ? result.rename : undefined,
    defaultValue: { name },
  });
  const [addForm, addFields] = useForm<AddPeopleInput>({ id: "add-people", lastResult: result && "add" in result ? result.add : undefined });
  const here = localePath(lang, `/chats/${id}/people`);
  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <Link to={localePath(lang, `/chats/${id}`)} className="inline-flex min-h-11 items-center text-sm text-brand-700 underline">
        ← {t("groups.backToChat")}
      </Link>
      <h1 className="text-2xl font-bold">{name}</h1>
      {powers.rename ? (
        <Form method="post" {...getFormProps(renameForm)} className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="rename" />
          <div className="min-w-0 flex-1">
            <Field
              label={t("groups.name")}
              errors={renameFields.name.errors}
              inputProps={{ ...getInputProps(renameFields.name, { type: "text" }), maxLength: GROUP_NAME_MAX, autoComplete: "off" }}
            />
          </div>
          <Button variant="secondary" className="mb-6">
            {t("groups.rename")}
          </Button>
        </Form>
      ) : null}
      <div>
        <h2 className="text-lg font-semibold">{t("groups.members", { count: members.length, max: GROUP_MAX_MEMBERS })}</h2>
        <ul className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {members.map((m) => (
            <li key={m.id} className="flex min-h-12 items-center justify-between gap-3 px-4 py-2">
              <Link to={localePath(lang, `/profile/${m.id}`)} className="underline-offset-4 hover:underline">
                {m.name}
                {m.id === me ? ` (${t("you")})` : ""}
                {m.id === ownerId ? <span className="ml-2 text-xs text-stone-600">{t("groups.owner")}</span> : null}
              </Link>
              {powers.remove && m.id !== me ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="userId" value={m.id} />
                  <button type="submit" className="min-h-11 text-sm text-red-800 underline" aria-label={t("groups.removeWho", { name: m.name })}>
                    {t("groups.remove")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      {powers.add ? (
        <div className="space-y-3">
          <h2 className="text-lg font-semibold">{t("groups.addTitle")}</h2>
          <PeopleSearch query={query} action={here} />
          <Form method="post" action={`${here}${query ? `?q=${encodeURIComponent(query)}` : ""}`} {...getFormProps(addForm)} className="space-y-3">
            <input type="hidden" name="intent" value="add" />
            <PeoplePicker
              people={candidates}
              checked={checkedIds(addFields.memberIds.initialValue)}
              errors={addFields.memberIds.errors}
              errorId={addFields.memberIds.errorId}
            />
            <FormErrors id={addForm.errorId} errors={addForm.errors} />
            {candidates.length > 0 ? <Button>{t("groups.add")}</Button> : null}
          </Form>
        </div>
      ) : null}
      <Form method="post" className="border-t border-stone-200 pt-4">
        <input type="hidden" name="intent" value="leave" />
        <Button variant="secondary">{t("groups.leave")}</Button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
