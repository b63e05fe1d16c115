import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { localeOf } from "#app/web/locale.server";

/** An unknown language in the URL is the 404 page, for every page under it. */
export function loader({ params }: LoaderFunctionArgs) {
  localeOf(params);
  return null;
}

export default function LocaleLayout() {
  return <Outlet />;
}

export const ErrorBoundary = GeneralErrorBoundary;
