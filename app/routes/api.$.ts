import { apiRefusal } from "#app/web/replies.server";

/** Unknown API paths answer JSON, not the HTML 404 page. */
export const loader = () => apiRefusal("notFound", "Not found");
export const action = () => apiRefusal("notFound", "Not found");
