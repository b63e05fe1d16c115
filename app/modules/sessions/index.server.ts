// What other modules use of sessions' records (decision record 074). A session's row is written only
// through insertSession and updateSessionRow; a series stores what it shares with a session in the
// same columns (sharedColumns); the SQL conditions on a session's seats are shared so a series
// counts them as the session does; the notices' claims make a reminder go out once, and one
// condition says which sessions are still to come. A session someone asked for (an accepted inquiry)
// is created by createRequestedSession, over a new session's defaults.
export { claimNotice, dueNotices, notToldYet } from "./notices-repo.server";
export { hostMayCharge, PAYOUT_ACCOUNT_NEEDED, PAYOUT_ACCOUNT_NEEDED_API } from "./paid-hosting.server";
export { hostProfiles, seatedPlayers } from "./people-repo.server";
export {
  anyBookingExists,
  findSession,
  insertSession,
  keptSeatExists,
  type SessionDetailRow,
  type SessionRow,
  sharedColumns,
  type SharedRowFields,
  updateSessionRow,
} from "./repo.server";
export { createRequestedSession, type RequestedSession } from "./sessions.server";
export { stillToCome } from "./status-repo.server";
