// What other modules use of chat (decision record 074): the unread total the header counts read in
// their one query, and the sweep of abandoned uploads the jobs run.
export { sweepPendingUploads } from "./attachments.server";
export { unreadChatTotalQuery } from "./list-repo.server";
// The admin desk removes a reported message, and checks who may report one, through the chat's own rules.
export { removeMessage, reportableMessage } from "./removal.server";
