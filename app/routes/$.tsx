import { GeneralErrorBoundary } from "#app/components/error-boundary";

/** Anything outside /es, /en and /pt (an unknown locale included) is a 404. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
