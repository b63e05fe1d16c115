// What other modules use of chat (decision record 074): the unread total the header counts read in
// their one query, and the sweep of abandoned uploads the jobs run.
export { sweepPendingUploads } from "./attachments.server";
export { unreadChatTotalQuery } from "./list-repo.server";
