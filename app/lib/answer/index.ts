/** The answer capability's browser-safe face: who answered, their labels, the admin's answerer status. */
export { ANSWER_PROVIDERS, EXTRACTIVE, answeredByLabel, answererStatusLabel, queueLabel, type AnsweredBy, type AnswerProvider, type AnswererStatus } from "./answered-by";
