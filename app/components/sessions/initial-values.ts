/**
 * Conform gives a field's initial value as unknown shapes (a string, a list, nothing): what the
 * host sent on a failed submit, else the saved or default one. The forms read it with these.
 */
export const initialList = (value: unknown) => [value ?? []].flat().filter((v): v is string => typeof v === "string");
export const initialText = (value: unknown) => (typeof value === "string" ? value : undefined);
