// What other modules use of attendance (decision record 074): the SQL conditions for "the host
// cancelled the session", "a late cancellation that counts" and "a no-show that counts", which the
// badges' facts count with the same meaning as the attendance record (decision record 058).
export { countedNoShow, hostCancelledSession, lateCancelledSeat } from "./repo.server";
