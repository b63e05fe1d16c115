// What other modules use of invites (decision record 074): an accepted inquiry opens its private
// session with an invite for the player who asked.
export { insertInvite } from "./repo.server";
