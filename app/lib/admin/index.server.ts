/**
 * The admin capability's public face: usage figures, users and their beta access, the activity log,
 * feedback, and the texts the admin edits (system prompts, welcome message).
 */
export { getAdminStats, RECENT_DAYS, type AdminStats } from "./stats.server";
export { getSystemFigures, type SystemFigures } from "./system.server";
export { betaDecisionAction } from "./beta-decision.server";
export { decideBetaAccess, listUsersWithStats, type AdminUserJson, type BetaDecision, type DecisionResult, type UserStats } from "./users.server";
export {
  AUTH_LOGS_PAGE_SIZE,
  AUTH_LOGS_PAGE_SIZE_MAX,
  authLogsQuerySchema,
  listAuthLogs,
  type AuthLogJson,
  type AuthLogPage,
} from "./auth-logs.server";
export {
  ADMIN_NOTES_MAX,
  deleteFeedback,
  feedbackPatchSchema,
  FEEDBACK_STATUSES,
  listFeedback,
  updateFeedback,
  type FeedbackJson,
  type FeedbackPatch,
} from "./feedback.server";
export {
  getSystemPrompts,
  getWelcomeMessage,
  readSystemPromptsBody,
  readWelcomeMessageBody,
  saveSystemPrompts,
  saveWelcomeMessage,
  SYSTEM_PROMPT_MAX,
  SYSTEM_PROMPT_TOO_LONG,
  WELCOME_MESSAGE_MAX,
  WELCOME_MESSAGE_TOO_LONG,
} from "./settings.server";
export { adminTabData, type AdminTabData } from "./dashboard.server";
export { readSearchStatus, type AdminSearchStatus } from "./search-status.server";
