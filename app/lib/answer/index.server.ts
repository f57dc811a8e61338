/**
 * The answer capability's public face: answering a question from the knowledge base with checked
 * citations (chat model or extractive), titles, follow-up suggestions, the prompts the admin edits,
 * and which answerer is active.
 */
export {
  answerQuestion,
  defaultAnswerDeps,
  getAnswererStatus,
  type AnswerDeps,
  type AnswerRequest,
  type AnswerResult,
  type ModelSentences,
  type PubMedStatus,
} from "./pipeline.server";
export { contextualSuggestions, fallbackTitle, generateTitle, MAX_SUGGESTIONS } from "./suggestions.server";
export { DEFAULT_SYSTEM_PROMPTS, getSystemPrompts, type SystemPrompts } from "./prompts.server";
export { citationLabel, sourceUrl, toCitation } from "./citations";
export { createChatModel, type ChatModel } from "./chat-model.server";
export { createLocalChatModel, defaultThreads, LOCAL_CHAT_PACKAGE, localModelName, missingLocalChatPackage, type LocalChatModel } from "./local-model.server";
export { chatModelInstallProblem, chooseChatProvider, createChosenChatModel, type ChatProviderChoice } from "./providers.server";
export { answeredByLabel, EXTRACTIVE, type AnsweredBy, type AnswererStatus } from "./answered-by";
export { AnswerError, REFUSAL, type Citation, type HistoryTurn } from "./types";
export {
  MAX_QUESTION_CHARS,
  questionProblem,
  readQuestion,
  replyInConversation,
  settleAnswers,
  sendMessageSchema,
  storeInterruptedAnswers,
  suggestionsForConversation,
  type ReplyOutcome,
} from "./conversation.server";
export { answerEventStream } from "./stream.server";
export { startQueryThreads, stopQueryThreads } from "./pool.server";
