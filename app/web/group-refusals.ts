import type { WebRefusal } from "./refusals.server";

/**
 * A refused group change in words: the validation key, which field it belongs to (null: the
 * whole form), and the refusal it answers with. The page and the JSON API say the same thing.
 */
export function groupRefusalMessage(status: "unverified" | "strangers" | "blocked" | "full" | "dailyLimit" | "notFound") {
  const table = {
    unverified: { key: "groupUnverified", field: null, refusal: "forbidden" },
    strangers: { key: "groupStranger", field: "memberIds", refusal: "invalid" },
    blocked: { key: "groupBlocked", field: "memberIds", refusal: "invalid" },
    full: { key: "groupFull", field: "memberIds", refusal: "conflict" },
    dailyLimit: { key: "groupDailyLimit", field: null, refusal: "limited" },
    notFound: { key: "chatNotFound", field: null, refusal: "notFound" },
  } as const satisfies Record<string, { key: string; field: string | null; refusal: WebRefusal }>;
  return table[status];
}
