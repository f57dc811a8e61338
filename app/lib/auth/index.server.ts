export { AuthFailure, INVALID_CREDENTIALS, authenticateForm } from "./authenticator.server";
export { writeAuthLog, type AuthAction } from "./audit.server";
export { startup } from "./bootstrap.server";
export {
  UNAUTHORIZED_MESSAGE,
  loginUrl,
  requireApiAdmin,
  requireApiSession,
  requireApiUser,
  requirePageAdmin,
  requirePageUser,
  type PageRequest,
  requestedFromThisSite,
} from "./guards.server";
export { safeRedirect } from "./redirect.server";
export { generatePassword, resetPassword, type ResetPasswordResult } from "./reset-password.server";
export { createPlaceholderSession, createSession, getSessionUser, signOut } from "./session.server";
export { authenticateSso, ssoEnabled, ssoStateCookieClearers } from "./sso.server";
export {
  getUserStats,
  hasAppAccess,
  isAdmin,
  profileSchema,
  toPublicUser,
  updateProfile,
  type PublicUser,
} from "./users.server";
