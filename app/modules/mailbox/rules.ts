export type TextPart = { kind: "text"; value: string } | { kind: "link"; value: string };

const urlPattern = /(https?:\/\/[^\s<>"']+)/g;

/** Splits plain text into text and http(s) links so the mailbox can render links as <a>. */
export function linkify(text: string): TextPart[] {
  return text
    .split(urlPattern)
    .filter((part) => part.length > 0)
    .map((part) => (/^https?:\/\//.test(part) ? { kind: "link", value: part } : { kind: "text", value: part }));
}
