export type TextPart = { kind: "text"; value: string } | { kind: "link"; value: string };

const urlPattern = /(https?:\/\/[^\s<>"']+)/g;

/** Splits plain text into text and http(s) links so the mailbox can render links as <a>. */
export function linkify(text: string): TextPart[] {
  return text
    .split(urlPattern)
    .filter((part) => part.length > 0)
    .map((part) => (/^https?:\/\//.test(part) ? { kind: "link", value: part } : { kind: "text", value: part }));
}

/**
 * True for an address of this machine (127.0.0.0/8, ::1, and IPv4 loopback written as IPv6).
 * The address is the one the server read from the socket (or from a trusted proxy), never a
 * header the client chose.
 */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith("::ffff:") ? address.slice(7) : address;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)) return true;
  return address === "::1" || address === "0:0:0:0:0:0:0:1";
}
