import { createContext, RouterContextProvider } from "react-router";
import type { z } from "zod";

/** Shared shapes of API responses and request parsing, so every route answers errors alike. */

/**
 * A JSON response with its length stated: the compression middleware then leaves small bodies alone (a
 * body of unknown length is always compressed, and setting up zlib for "{"status":"ok"}" costs the request
 * thread more than the whole route does).
 */
function jsonResponse(body: unknown, init?: ResponseInit): Response {
  const text = JSON.stringify(body);
  const headers = new Headers(init?.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  headers.set("Content-Length", String(Buffer.byteLength(text)));
  return new Response(text, { ...init, headers });
}

export function jsonError(status: number, message: string, extra?: Record<string, unknown>): Response {
  return jsonResponse({ message, ...extra }, { status });
}

export function jsonOk<T>(body: T, init?: ResponseInit): Response {
  return jsonResponse(body, init);
}

export const MAX_JSON_BYTES = 1024 * 1024;

/**
 * Reads a JSON body and validates it. Throws a Response: 415 when it is not JSON
 * (a cross-site form cannot send application/json without a preflight), 413 when
 * too large, 400 when malformed, 422 when a field is invalid.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = MAX_JSON_BYTES,
): Promise<z.infer<S>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type.trim())) {
    throw jsonError(415, "Expected a JSON body (Content-Type: application/json)");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = await readBoundedText(request.body, maxBytes, () => tooLarge(maxBytes));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw jsonError(400, "Malformed JSON body");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw jsonError(422, validationMessage(parsed.error), {
      issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    });
  }
  return parsed.data;
}

/**
 * 413 for a body over the limit. The rest of it is left unread, so the connection is closed after the
 * answer (Connection: close): kept open, the server would go on reading, or the client's next request
 * on it would be taken from the middle of this body.
 */
function tooLarge(maxBytes: number): Response {
  const refusal = jsonError(413, `Request body too large (limit ${maxBytes} bytes)`);
  refusal.headers.set("Connection", "close");
  return refusal;
}

/**
 * A request's or a response's body as text, read no further than `maxBytes` (a chunked body declares no
 * length): past it the stream is cancelled and what `refusal()` returns is thrown (an Error, or a Response
 * for a route to send).
 */
export async function readBoundedText(body: ReadableStream<Uint8Array> | null, maxBytes: number, refusal: () => Error | Response): Promise<string> {
  if (!body) return "";
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw refusal();
    }
    parts.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(parts));
}

export function validationMessage(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
}

/**
 * Reads what is left of a refused request's body and drops it, up to `maxBytes` (beyond that it is
 * cancelled, which cuts the connection). Once a body has begun to stream, Node no longer drops it
 * itself, and the client's next request on that connection would stall until the socket is reset.
 */
export async function discardBody(request: Request, maxBytes: number): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > maxBytes) return void (await reader.cancel());
    }
  } catch {
    // The client went away: nobody is left to read the answer.
  }
}

/** 405 for a method a resource route does not serve. */
export function methodNotAllowed(allowed: string[]): Response {
  return jsonResponse({ message: "Method not allowed" }, { status: 405, headers: { Allow: allowed.join(", "), "Cache-Control": "no-store" } });
}

export type RequestInfo = { ipAddress: string | null; userAgent: string | null };

/** What the Express entry knows of a request: the caller's address (it knows the socket and the proxy setting), the response's CSP nonce. */
export type RequestFacts = { clientIp?: string; cspNonce?: string };

const requestFactsContext = createContext<RequestFacts>({});

/** The context loaders, actions and the document renderer get (server.js's getLoadContext). */
export function requestContext(facts: RequestFacts): RouterContextProvider {
  return new RouterContextProvider(new Map([[requestFactsContext, facts]]));
}

export function requestFacts(context: unknown): RequestFacts {
  return context instanceof RouterContextProvider ? context.get(requestFactsContext) : {};
}

export function requestInfo(request: Request, context: unknown): RequestInfo {
  const ip = requestFacts(context).clientIp;
  return {
    ipAddress: typeof ip === "string" && ip ? ip : null,
    userAgent: request.headers.get("user-agent")?.slice(0, 512) ?? null,
  };
}

/**
 * One byte range of "Range: bytes=a-b" (also "a-" and "-n"), clipped to the file; "unsatisfiable" when it
 * starts past the end; null for no header, several ranges or anything else (the whole file is sent).
 */
export function byteRange(header: string | null, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (size === 0) return "unsatisfiable";
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}
