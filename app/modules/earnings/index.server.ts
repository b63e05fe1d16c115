// The earnings desk (decision record 086): what other layers use.
export { csvFileName, earningsCsv } from "./csv.server";
export { type EarningsDesk, earningsDesk } from "./earnings.server";
