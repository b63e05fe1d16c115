// What other modules use of notifications (decision record 074): the unread count the header counts
// read in their one query.
export { unreadCountQuery } from "./repo.server";
