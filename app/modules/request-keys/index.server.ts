// The request-keys module's entry (decision record 074): what the web layer and the jobs use.
export { ABANDONED_AFTER_MS, actOnce, type KeyClaim, type Once, sweepRequestKeys } from "./request-keys.server";
