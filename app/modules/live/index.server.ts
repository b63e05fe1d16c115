// What other modules use of the live log (decision record 074): they append events in their own
// transaction (notifications, chat), ask who is watching a chat, announce a revoked sign-in, and read
// a logged event's row to word it.
export { pruneLiveEvents } from "./live.server";
export { announceRevocation, appendEvents, type LiveEventRow, redactChatMessageEvents, viewersOf } from "./repo.server";
