import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { buttonClass } from "#app/components/ui/button";
import { CalendarIcon, CreditCardIcon, DieIcon, type IconProps, RepeatIcon, SearchIcon, StarIcon } from "#app/components/ui/icons";
import { Link } from "#app/components/ui/link";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import type { loader as rootLoader } from "#app/root";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";

export const handle = { i18n: ["common"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Mesa" }, { name: "description", content: data?.description ?? "" }];

export function loader({ params }: LoaderFunctionArgs) {
  const t = translator(localeOf(params));
  return { title: t("home.metaTitle"), description: t("home.metaDescription") };
}

type Point = { key: string; Icon: (p: IconProps) => React.ReactNode };
const playerPoints: Point[] = [
  { key: "find", Icon: SearchIcon },
  { key: "pay", Icon: CreditCardIcon },
  { key: "play", Icon: DieIcon },
];
const hostPoints: Point[] = [
  { key: "publish", Icon: CalendarIcon },
  { key: "series", Icon: RepeatIcon },
  { key: "reputation", Icon: StarIcon },
];

export default function HomePage() {
  useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { t, i18n } = useTranslation();
  const lang = pageLocale(i18n.language);
  const hostHref = root?.user?.isDm ? localePath(lang, "/create") : root?.user ? localePath(lang, "/settings/profile") : localePath(lang, "/signup");
  return (
    <div className="space-y-12">
      <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-stone-900 px-6 py-12 text-white sm:px-10">
        <h1 className="max-w-2xl text-3xl font-extrabold leading-tight sm:text-4xl">{t("home.title")}</h1>
        <p className="mt-4 max-w-xl text-lg text-stone-100">{t("home.subtitle")}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={localePath(lang, "/sessions")} className={buttonClass("secondary", "text-base")}>
            {t("home.browse")}
          </Link>
          <Link
            to={hostHref}
            className="inline-flex min-h-11 items-center rounded-md border border-white px-4 text-base font-semibold text-white hover:bg-white/10"
          >
            {t("home.host")}
          </Link>
        </div>
      </section>
      <Points title={t("home.players.title")} prefix="home.players" points={playerPoints} />
      <Points title={t("home.hosts.title")} prefix="home.hosts" points={hostPoints} />
    </div>
  );
}

function Points({ title, prefix, points }: { title: string; prefix: string; points: Point[] }) {
  const { t } = useTranslation();
  return (
    <section>
      <h2 className="text-2xl font-bold">{title}</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {points.map(({ key, Icon }) => (
          <li key={key} className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
            <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon className="h-6 w-6" />
            </span>
            <h3 className="mt-2 font-semibold">{t(`${prefix}.${key}.title`)}</h3>
            <p className="mt-1 text-sm text-stone-700">{t(`${prefix}.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
