// What other modules use of series (decision record 074): a series as subscribers see it, and which
// series the scheduler extends with new sessions.
export { findSeries, scheduledSeriesIds } from "./repo.server";
