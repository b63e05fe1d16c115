import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { notFound } from "#app/web/http";

export function loader() {
  notFound();
}

export default function NotFoundRoute() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
