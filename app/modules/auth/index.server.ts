// What other modules use of auth's records (decision record 074): a suspension signs the person out
// everywhere; the calendar feed makes, reads and ends its secret address.
export { findLiveFeed, ownerOfToken, replaceFeed, revokeFeed } from "./calendar-feeds-repo.server";
export { revokeEverySignIn } from "./repo.server";
