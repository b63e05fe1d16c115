// What other modules use of payments' records (decision record 074): the refund desk claims the
// refunds that are due, reads the payment behind each and marks it pending at the provider.
export { claimDueRefunds, type ClaimedRefund, findPayment, markRefundPending } from "./repo.server";
