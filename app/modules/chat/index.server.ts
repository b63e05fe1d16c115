// What other modules use of chat (decision record 074): the unread total the header counts read in
// their one query.
export { unreadChatTotalQuery } from "./list-repo.server";
