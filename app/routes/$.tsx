import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { notFound } from "#app/web/http";

/** Anything outside /es, /en and /pt (an unknown locale included) is a 404. */
export function loader() {
  notFound();
}

export default function NotFoundRoute() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
