const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs and bodies are uuids; anything else names nothing (and must never reach a uuid column, where it is a 500). */
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);
