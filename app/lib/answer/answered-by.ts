/**
 * Who wrote an answer, as stored with every assistant message and shown under it. Browser-safe: the
 * chat screen and the admin pages read the same labels the server stores.
 */

/** `extractive`: no language model, the knowledge base's own sentences (or the refusal). */
export const ANSWER_PROVIDERS = ["extractive", "ollama", "openai", "local"] as const;
export type AnswerProvider = (typeof ANSWER_PROVIDERS)[number];

/** The model's name; null for the extractive answerer. */
export type AnsweredBy = { provider: AnswerProvider; model: string | null };

export const EXTRACTIVE: AnsweredBy = { provider: "extractive", model: null };

/** The line under an answer: which model wrote it, or that no model did. */
export function answeredByLabel(by: AnsweredBy): string {
  switch (by.provider) {
    case "extractive":
      return "Quoted from the knowledge base (no model)";
    case "local":
      return `Answered by the built-in model ${by.model ?? "(unnamed)"}`;
    case "ollama":
      return `Answered by the Ollama model ${by.model ?? "(unnamed)"}`;
    case "openai":
      return `Answered by the model ${by.model ?? "(unnamed)"} (OpenAI-compatible server)`;
  }
}

/** Which answerer questions get now, and why not a configured model (shown to admins). */
export type AnswererStatus = { answerer: AnswerProvider; model: string | null; reason: string | null };

/** Admin → Documents' line: who answers questions now, and why not the configured model when it cannot. */
export function answererStatusLabel(status: AnswererStatus): string {
  if (status.answerer === "extractive") {
    const why = status.reason ? ` — ${status.model ? `the model ${status.model} is not used: ` : ""}${status.reason}` : "";
    return `Answers: extractive (quoted sentences with citations)${why}`;
  }
  const who = status.answerer === "local" ? "the built-in model" : status.answerer === "ollama" ? "the Ollama model" : "the model";
  return `Answers: written by ${who} ${status.model ?? ""}`.trimEnd();
}

/** The chat's line while a question waits for the one local model (`ahead`: generations before it). */
export function queueLabel(ahead: number): string {
  return `Waiting for the local model: ${ahead} ahead of you`;
}
