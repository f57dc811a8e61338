/** Conversations, their messages, per-user settings, feedback, suggestions and the welcome message. */
export {
  cleanTitle,
  createConversation,
  createConversationSchema,
  defaultTitle,
  deleteConversation,
  getOwnConversation,
  listConversations,
  renameConversation,
  renameConversationSchema,
  restoreConversation,
  toConversationJson,
  MAX_CONVERSATIONS_PER_USER,
  TITLE_BODY_MAX,
  TITLE_MAX,
  type Conversation,
  type ConversationJson,
} from "./conversations.server";
export {
  insertMessage,
  listMessagePage,
  listMessages,
  messagePageQuerySchema,
  questionsWithoutAnswer,
  toMessageJson,
  updateMessage,
  type Message,
  type MessageJson,
  type MessagePage,
  type MessagePageRequest,
  type MessagePatch,
  type MessageRole,
  type MessageStatus,
  type NewMessage,
} from "./messages.server";
export {
  CUSTOM_SYSTEM_PROMPT_MAX,
  getUserSettings,
  PRIORITY_JOURNALS_MAX,
  saveUserSettings,
  userSettingsSchema,
  type UserSettings,
} from "./settings.server";
export { createFeedback, FEEDBACK_MAX, FEEDBACK_MIN, FEEDBACK_TOO_SHORT, feedbackSchema } from "./feedback.server";
export { popularQuestions, popularSuggestions } from "./suggestions.server";
export { claimQuestionKey } from "./question-keys.server";
export { getWelcomeMessage, WELCOME_MESSAGE_KEY } from "./welcome.server";
export {
  DEFAULT_CUSTOM_SYSTEM_PROMPT,
  DEFAULT_PRIORITY_JOURNALS,
  FALLBACK_POPULAR_SUGGESTIONS,
  NO_EVIDENCE_ANSWER,
} from "./defaults";
