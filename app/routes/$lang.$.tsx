import { GeneralErrorBoundary } from "#app/components/error-boundary";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
