import { apiError } from "#app/web/api.server";

/** Unknown API paths answer JSON, not the HTML 404 page. */
export const loader = () => apiError("Not found", 404);
export const action = () => apiError("Not found", 404);
