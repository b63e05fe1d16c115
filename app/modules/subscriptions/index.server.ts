// What other modules use of subscriptions (decision record 074): the payment reminders the job sends
// to subscribers whose seat is not paid yet.
export { duePaymentReminders } from "./reminders-repo.server";
