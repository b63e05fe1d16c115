import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EarningsView } from "#app/components/earnings/earnings-view";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { deps } from "#app/modules/deps.server";
import { earningsDesk } from "#app/modules/earnings/index.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { requireDmOr404 } from "#app/web/guards.server";
import { localeOf } from "#app/web/locale.server";

// Plain HTML: links and a GET form, nothing that needs a script (decision record 009).
export const handle = { i18n: ["earnings", "sessions"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

/** The earnings desk (decision record 086): a DM's own; to anyone else it does not exist. A GET form: the address holds the filters. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const dm = await requireDmOr404(request);
  const d = deps(context);
  const desk = await earningsDesk(d, dm, new URL(request.url).searchParams);
  return { title: translator(lang, "earnings")("title"), desk, hasAccount: desk.hasAccount, query: new URL(request.url).search };
}

export default function EarningsPage() {
  return <EarningsView loaded={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
