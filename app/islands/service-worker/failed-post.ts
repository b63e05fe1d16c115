/** A form posted by navigation: sent as it is. */
export async function sendOrKeep(request: Request): Promise<Response> {
  return fetch(request);
}
