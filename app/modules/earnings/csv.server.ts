import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { translator } from "#app/modules/i18n/i18next.server";
import { allLines, scopeOf } from "./earnings.server";
import { centsAsDecimal, csvRow, wordsOnce } from "./rules";
import type { EarningsFilters } from "./schema";

const COLUMNS = ["date", "session", "player", "kind", "method", "state", "amount", "gross", "fee", "refunds", "net", "currency", "payment"] as const;

/** The file's name: the month or year it covers. */
export function csvFileName(dm: Requester, filters: EarningsFilters, now: Date) {
  const { month, year } = scopeOf(dm, filters, now);
  return `mesa-earnings-${month ?? year}.csv`;
}

/**
 * The desk's lines as CSV (decision record 086): exactly the lines its filters select, every page
 * of them, newest first; UTF-8 with one header row in the DM's language; amounts as decimals in
 * the currency's own digits; dates in the DM's time zone. Streamed batch by batch, so a year of
 * lines never sits in memory.
 */
export function earningsCsv(deps: Pick<Deps, "db" | "now">, dm: Requester, filters: EarningsFilters, lang: Locale): ReadableStream<Uint8Array> {
  const t = translator(lang, "earnings");
  const { zone } = scopeOf(dm, filters, deps.now);
  // Swedish writes dates as ISO does ("2026-11-03 19:00"); one formatter and one lookup of each word for the whole file.
  const when = new Intl.DateTimeFormat("sv-SE", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const word = wordsOnce(t);
  const encoder = new TextEncoder();
  const lines = allLines(deps, dm, filters);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvRow(COLUMNS.map((c) => t(`csv.${c}`)))));
      }
      // A batch of rows per pull: the stream asks for more only as the client reads.
      let chunk = "";
      for (let i = 0; i < 500; i += 1) {
        const next = await lines.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        const l = next.value;
        chunk += csvRow([
          when.format(new Date(l.occurredAt)),
          l.sessionTitle,
          l.playerName,
          word(`kind.${l.kind}`),
          word(`method.${(l.methodType ?? l.method).toLowerCase()}`, l.methodType ?? l.method),
          word(`state.${l.state}`),
          centsAsDecimal(l.amountCents, l.currency),
          centsAsDecimal(Number(l.grossCents), l.currency),
          centsAsDecimal(Number(l.feeCents), l.currency),
          centsAsDecimal(Number(l.refundCents), l.currency),
          centsAsDecimal(Number(l.netCents), l.currency),
          l.currency,
          l.id,
        ]);
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
}
