// What other modules use of auth's records (decision record 074): a suspension signs the person out
// everywhere.
export { revokeEverySignIn } from "./repo.server";
