import { Pagination } from "#app/components/ui/pagination";

/** The reviews tab's page buttons: at most 5, as the profile's other lists (spec section 2). */
export function ReviewPages({
  reviews,
  hrefFor,
}: {
  reviews: { page: number; pages: number; total: number; pageSize: number };
  hrefFor: (page: number) => string;
}) {
  return <Pagination page={reviews.page} pages={reviews.pages} total={reviews.total} pageSize={reviews.pageSize} maxButtons={5} hrefFor={hrefFor} />;
}
