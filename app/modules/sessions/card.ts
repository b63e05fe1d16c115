import type { CardStatus } from "./rules";

/** What a session card shows: built on the server (cards.server.ts), rendered by the SessionCard component. */
export type CardData = {
  id: string;
  href: string;
  title: string;
  game: string;
  /** The 400 px copy when the image is one of our uploads, else the image's own address. */
  imageUrl: string | null;
  /** The 400 and 800 px copies, when there are any. */
  imageSrcSet: string | null;
  when: string;
  price: string | null;
  seats: string;
  status: CardStatus;
  host: string;
  /** The host's rating as a host (average to one decimal, count), linking to their reviews; null without reviews. */
  hostRating: { href: string; average: string; count: number } | null;
  /** The host's earned badges as stored; the card shows their host badges, at most 2 (spec section 9). */
  hostBadges: string[];
  badges: ("yours" | "yoursSeries" | "subscribed" | "joined" | "paymentPending" | "series")[];
  tags: { id: string; label: string; emoji: string }[];
  /** The safety tools the table uses, worded in the page's language (decision record 061). */
  safetyTools?: string[];
  recurrence: string | null;
  /** A series card's active subscribers ("3 subscribers"); null on a single session's card. */
  subscribers: string | null;
};
