// What other modules use of moderation (decision record 074): the audit trail the job desk writes to
// when an admin runs or retries a job.
export { insertAudit } from "./repo.server";
