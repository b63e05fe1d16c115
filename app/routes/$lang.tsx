import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { localeOf } from "#app/web/locale.server";
import { revalidateUnlessNotSent } from "#app/web/not-sent";

/** An unknown language in the URL is the 404 page, for every page under it. */
export function loader({ params }: LoaderFunctionArgs) {
  localeOf(params);
  return null;
}

/** A form the dropped connection swallowed leaves the page as it is (app/web/not-sent.ts). */
export const shouldRevalidate = revalidateUnlessNotSent;

export default function LocaleLayout() {
  return <Outlet />;
}

export const ErrorBoundary = GeneralErrorBoundary;
