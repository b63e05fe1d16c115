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
import { GROUP_MAX_OTHERS, GROUP_NAME_MAX, GROUPS_PER_DAY } from "#app/modules/chat/group-rules";
import { createGroup, groupCandidates } from "#app/modules/chat/groups.server";
import { type NewGroupInput, newGroupSchema } from "#app/modules/chat/schema";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { groupRefusalMessage } from "#app/web/group-refusals";
import { requireUser } from "#app/web/guards.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { refuse, seeOther } from "#app/web/replies.server";

// No React on this page: the form is plain HTML.
export const handle = { i18n: ["chat", "validation"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

const queryOf = (request: Request) => (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const query = queryOf(request);
  return {
    title: translator(lang, "chat")("groups.newTitle"),
    query,
    verified: user.emailVerified,
    people: await groupCandidates(deps(context), user, query),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const submission = parseForm(await readForm(request), { schema: newGroupSchema });
  if (submission.status !== "success") return refuse("invalid", submission.reply());
  const result = await createGroup(deps(context), user, submission.value);
  if (result.status === "ok") return seeOther(localePath(lang, `/chats/${result.chatId}`));
  const { key, field, refusal } = groupRefusalMessage(result.status);
  return refuse(refusal, submission.reply(field ? { fieldErrors: { [field]: [key] } } : { formErrors: [key] }));
}

export default function NewGroupPage() {
  const { query, verified, people } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t, i18n } = useTranslation("chat");
  const lang = pageLocale(i18n.language);
  const [form, fields] = useForm<NewGroupInput>({ id: "new-group", lastResult, shouldValidate: "onSubmit" });
  const here = localePath(lang, "/chats/new-group");
  return (
    <section className="mx-auto max-w-2xl space-y-4">
      <Link to={localePath(lang, "/chats")} className="inline-flex min-h-11 items-center text-sm text-brand-700 underline">
        ← {t("back")}
      </Link>
      <h1 className="text-2xl font-bold">{t("groups.newTitle")}</h1>
      <p className="text-stone-700">{t("groups.newIntro", { max: GROUP_MAX_OTHERS + 1, perDay: GROUPS_PER_DAY })}</p>
      {verified ? null : (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t("validation:groupUnverified")}
        </p>
      )}
      <PeopleSearch query={query} action={here} />
      <Form method="post" action={`${here}${query ? `?q=${encodeURIComponent(query)}` : ""}`} {...getFormProps(form)} className="space-y-4">
        <Field
          label={t("groups.name")}
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: GROUP_NAME_MAX, autoComplete: "off" }}
        />
        <PeoplePicker people={people} checked={checkedIds(fields.memberIds.initialValue)} errors={fields.memberIds.errors} errorId={fields.memberIds.errorId} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Button>{t("groups.create")}</Button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
