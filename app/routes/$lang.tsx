import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { isLocale } from "#app/modules/i18n/rules";

export function loader({ params }: LoaderFunctionArgs) {
  if (!isLocale(params.lang)) throw new Response("Not Found", { status: 404 });
  return null;
}

export default function LocaleLayout() {
  return <Outlet />;
}

export const ErrorBoundary = GeneralErrorBoundary;
