/** The accounts module's public surface: what routes, jobs, the CLI, plugins and other modules may use. */
export { inviteCrewMember } from './crew-invitations';
export { idsThatAreNotCrew, listCrewMembers } from './crew-members';
export { insertCustomerUser } from './customer-users';
export {
  authenticateWithPasskey,
  authenticationOptions,
  countPasskeys,
  defaultPasskeyName,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
  resetPasskeys,
} from './passkeys';
export { countRecoveryCodesLeft, createRecoveryCodes, useRecoveryCode } from './recovery-codes';
export { homeOfRole, landingFor, localReturnPath } from './return-to';
export {
  createSession,
  deleteSession,
  endOtherSessions,
  endSession,
  findSessionUser,
  listSessions,
  purgeExpiredSignIns,
  SESSION_COOKIE,
  toSignedInUser,
} from './sessions';
export type { SessionUser, SignedInUser } from './sessions';
export { checkSignInLink, consumeSignInLink, createSignInLink } from './sign-in-links';
export {
  addStaffMember,
  listStaff,
  resetStaffPasskeys,
  saveStaffUser,
  setCustomerUserDisabled,
  staffNoticeRecipients,
  updateStaffMember,
} from './staff';
export { hashToken, randomToken } from './tokens';
export { inviteStaffMember, inviteUser, setCustomerUser } from './users.service';
export { findUserByEmail, normalizeEmail } from './users';
