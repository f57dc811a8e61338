import type { AnsweredBy } from "./answer";
import { ApiError, apiRequest, getJson } from "./api-client";
import { awaitingAnswer } from "./chat-view";
import { EARLIER_CURSOR_HEADER } from "./chat";
import { readSseEvents } from "./chat/sse";

/** The chat API as the browser sees it (the contract in notes/chat-contract.md). */

export type Conversation = { id: string; title: string; createdAt: string; updatedAt: string };

export type Citation = {
  document: string;
  page: string | number;
  /** Absent for PubMed articles (they have a pmid and a label instead). */
  documentId?: string;
  physicalPage?: number;
  chunkId?: number;
  url: string;
  pmid?: string;
  label?: string;
};

export type Message = {
  id: string;
  conversationId: string;
  role: "user" | "assistant";
  content: string;
  citations: Citation[];
  status: "complete" | "streaming" | "failed";
  usePubmed: boolean;
  useThinkHarder: boolean;
  /** How the question was read ("cats · itraconazole · dose"), on an assistant message. */
  reading: string | null;
  /** Who wrote an assistant message (a model or the extractive answerer); null on questions and older answers. */
  answeredBy: AnsweredBy | null;
  createdAt: string;
};

export type UserSettings = { customSystemPrompt: string; pubmedPriorityJournals: string };
/** The settings route's answer: the settings, and whether the custom prompt is read now (only a language model reads it). */
export type UserSettingsResponse = UserSettings & { customSystemPromptApplies: boolean };

export type SendBody = { content: string; usePubmed: boolean; useThinkHarder: boolean };

// Writes are not retried (a repeated POST could create a second conversation or message);
// reads follow the retry rules of spec §8 through getJson.
const NO_RETRY = { retry: false } as const;

export async function createConversation(title: string): Promise<Conversation> {
  return (await (await apiRequest("POST", "/api/conversations", { title }, NO_RETRY)).json()) as Conversation;
}

export async function renameConversation(id: string, title: string): Promise<Conversation> {
  return (await (await apiRequest("PATCH", ["/api/conversations", encodeURIComponent(id)], { title }, NO_RETRY)).json()) as Conversation;
}

export async function deleteConversation(id: string): Promise<void> {
  await apiRequest("DELETE", ["/api/conversations", encodeURIComponent(id)], undefined, NO_RETRY);
}

/** Brings back a conversation deleted within the last DELETE_UNDO_MS (the server refuses later with 404). */
export async function restoreConversation(id: string): Promise<Conversation> {
  return (await (await apiRequest("POST", ["/api/conversations", encodeURIComponent(id), "restore"], undefined, NO_RETRY)).json()) as Conversation;
}

/** A page of a conversation's messages, oldest first, and the cursor of the older page (null: none older). */
export type MessagePage = { messages: Message[]; earlierCursor: string | null };

/** The newest page of the conversation, or the page before the message `before`. */
export async function listMessagePage(conversationId: string, before: string | null, signal?: AbortSignal): Promise<MessagePage> {
  const query = before ? `?before=${encodeURIComponent(before)}` : "";
  const res = await apiRequest("GET", `/api/conversations/${encodeURIComponent(conversationId)}/messages${query}`, undefined, { signal });
  return { messages: (await res.json()) as Message[], earlierCursor: res.headers.get(EARLIER_CURSOR_HEADER) };
}

/** The newest page of the conversation's messages (what an answer just added is in it). */
export async function listMessages(conversationId: string, signal?: AbortSignal): Promise<Message[]> {
  return (await listMessagePage(conversationId, null, signal)).messages;
}

export async function requestTitle(message: string, signal?: AbortSignal): Promise<string> {
  const res = await apiRequest("POST", "/api/conversations/title", { message }, { retry: false, signal });
  return ((await res.json()) as { title: string }).title;
}

export async function getUserSettings(signal?: AbortSignal): Promise<UserSettingsResponse | null> {
  return getJson<UserSettingsResponse>("/api/user/settings", { signal });
}

export async function saveUserSettings(settings: UserSettings): Promise<UserSettingsResponse> {
  return (await (await apiRequest("POST", "/api/user/settings", settings, NO_RETRY)).json()) as UserSettingsResponse;
}

export async function sendFeedback(message: string): Promise<void> {
  await apiRequest("POST", "/api/feedback", { message }, NO_RETRY);
}

/** The server ended the answer with an `error` event (nothing half-written was stored as complete). */
export class StreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StreamError";
  }
}

export type StreamHandlers = {
  /** The stored user message (first event). */
  onUser?: (message: Message) => void;
  /** A piece of the answer to append. */
  onToken?: (text: string) => void;
  /** PubMed mode: how the literature search went. */
  onPubmed?: (outcome: PubMedOutcome) => void;
  /** How the question was read ("cats · itraconazole · dose"), before any token. */
  onReading?: (reading: string) => void;
  /** The built-in model writes one answer at a time: how many are ahead of this one (0 once it starts). */
  onQueue?: (ahead: number) => void;
};

export type PubMedOutcome = { status: "ok" | "empty" | "failed"; articles: number; message: string | null };

/**
 * Sends a message on the streaming route and reads its server-sent events until `done`,
 * which resolves with the stored assistant message. A non-OK response throws an ApiError
 * shaped like every other call ('status: text'), so the unauthorized flow still applies;
 * an `error` event throws a StreamError. Aborting `signal` stops the answer on the server. `key`
 * (a new one per question) goes as the Idempotency-Key: the server never stores a question twice.
 */
export async function streamMessage(
  conversationId: string,
  body: SendBody,
  handlers: StreamHandlers,
  { signal, key, fetchImpl = fetch }: { signal?: AbortSignal; key?: string; fetchImpl?: typeof fetch } = {},
): Promise<Message> {
  let res: Response;
  try {
    res = await fetchImpl(`/api/conversations/${encodeURIComponent(conversationId)}/messages/stream`, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream", ...(key ? { "Idempotency-Key": key } : {}) },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(`Network error: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!res.ok) {
    const text = (await res.text().catch(() => "")) || res.statusText;
    throw new ApiError(`${res.status}: ${text}`, res.status, res);
  }
  if (!res.body) throw new StreamError("The server sent no answer stream.");

  const outcome: { done?: Message; failure?: StreamError } = {};
  for await (const { event, data } of readSseEvents(res.body)) {
    if (event === "user") handlers.onUser?.(JSON.parse(data) as Message);
    else if (event === "token") handlers.onToken?.((JSON.parse(data) as { text: string }).text);
    else if (event === "pubmed") handlers.onPubmed?.(JSON.parse(data) as PubMedOutcome);
    else if (event === "reading") handlers.onReading?.((JSON.parse(data) as { reading: string }).reading);
    else if (event === "queue") handlers.onQueue?.((JSON.parse(data) as { ahead: number }).ahead);
    else if (event === "done") outcome.done = JSON.parse(data) as Message;
    else if (event === "error") outcome.failure = new StreamError((JSON.parse(data) as { message?: string }).message || "The answer failed.");
    // Settled: stop reading (leaving the loop lets the connection go).
    if (outcome.done || outcome.failure) break;
  }
  if (outcome.failure) throw outcome.failure;
  if (!outcome.done) throw new StreamError("The answer stream ended before it was complete.");
  return outcome.done;
}

/** A new Idempotency-Key for a question. getRandomValues, unlike randomUUID, works on plain-HTTP LAN addresses too. */
export function newQuestionKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

const ANSWER_WAITS_MS = [0, 50, 100, 200, 400, 800, 1600, 3200];

/**
 * The conversation's stored messages once no question in them is waiting for its answer, for
 * after an answer that ended without `done`: the server stores a stopped answer a moment after the
 * connection closes, so a read made at once may not hold it yet. After the last wait, as they are.
 */
export async function listAnsweredMessages(conversationId: string): Promise<Message[]> {
  let list: Message[] = [];
  for (const wait of ANSWER_WAITS_MS) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    list = await listMessages(conversationId);
    if (!awaitingAnswer(list)) break;
  }
  return list;
}
