// What other modules use of the accounts table (decision record 074). Auth signs people up and in (by
// password, token or provider), verifies their email, sets or clears their password and links a
// provider's account; profiles check and change names; notices and mail find their recipient.
export {
  clearPasswordHash,
  findCredentialsByEmail,
  findPasswordHash,
  findUserByEmail,
  findUserById,
  findUserIdByOAuth,
  insertUser,
  isUsernameTaken,
  linkOAuth,
  markEmailVerified,
  setPasswordHash,
  updateUsername,
  updateUserNames,
} from "./repo.server";
