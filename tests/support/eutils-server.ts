import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { FIXTURE_EUTILS } from "./fixtures";

/**
 * A loopback HTTP server that behaves like NCBI E-utilities for what this app uses:
 *   GET|POST /esearch.fcgi  db=pubmed, term, retmax, retmode=json, sort, tool (+ email, api_key)
 *   GET|POST /efetch.fcgi   db=pubmed, id=<comma-separated PMIDs>, retmode=xml, tool
 * Parameters are checked (a missing or wrong one is a 400 with NCBI's {"error": …} JSON or <ERROR> XML),
 * content types are NCBI's (application/json, text/xml), and a caller faster than NCBI allows (3 requests
 * in any second, 10 with api_key) gets NCBI's 429 {"error":"API rate limit exceeded", …}.
 *
 * Data: the real recorded efetch responses in tests/fixtures/eutils (biopython_pubmed*.xml, 8
 * articles). esearch evaluates the term (words, "phrases", [ta]/[au] tags, AND/OR/NOT left to right,
 * parentheses) over those articles' title, abstract, keywords and MeSH headings, ranked by how often the
 * words occur; the recorded iwinoid_esearch.json is answered verbatim for the query it was recorded for.
 * efetch returns the recorded <PubmedArticle> elements for the ids asked, in one PubmedArticleSet.
 */

export { FIXTURE_EUTILS };
const ARTICLE_FILES = ["biopython_pubmed1.xml", "biopython_pubmed2.xml", "biopython_pubmed4.xml", "biopython_pubmed5.xml", "biopython_pubmed6.xml", "biopython_pubmed7.xml"];
/** The query iwinoid_esearch.json was recorded for (its README). */
export const RECORDED_ESEARCH_TERM = "breast cancer AND science[journal]";

export type IndexedArticle = { pmid: string; xml: string; journals: string[]; authors: string[]; text: string; file: string };

export type ScriptedResponse = {
  status: number;
  contentType?: string;
  body: string;
  headers?: Record<string, string>;
  /** Only for this endpoint ("esearch.fcgi", "efetch.fcgi"); any request when absent. */
  endpoint?: string;
};

export type EutilsRequest = {
  endpoint: string;
  method: string;
  params: Record<string, string>;
  /** Arrival time (ms). */
  at: number;
  status: number;
};

export type FakeEutilsOptions = {
  /** Requests allowed in any second before 429 (NCBI: 3 without api_key, 10 with). */
  limitWithoutKey?: number;
  limitWithKey?: number;
  /** Retry-After (seconds) sent with a 429; none when null (NCBI sends none). */
  retryAfterSeconds?: number | null;
  /** The tool name every request must carry. */
  expectedTool?: string;
  /** Waits this long before answering (timeouts). */
  delayMs?: number;
  /** Answers the next requests (of an entry's endpoint) with these, one each, before any normal handling (rate limit included). */
  scripted?: ScriptedResponse[];
  /** Answers every request this way while set (an outage, an HTML error page). */
  always?: ScriptedResponse | null;
};

export type FakeEutils = {
  url: string;
  requests: EutilsRequest[];
  options: FakeEutilsOptions;
  articles: IndexedArticle[];
  /** Most requests that arrived within any `windowMs` (1 s by default). */
  maxRequestsInWindow(windowMs?: number): number;
  close(): Promise<void>;
};

// ---------------------------------------------------------------------------------------------------
// Canned failures, as NCBI or a proxy in front of it sends them.

const XML_HEAD = `<?xml version="1.0" ?>\n<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January 2025//EN" "https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_250101.dtd">\n`;

export const FAILURES = {
  /** A proxy's or NCBI's maintenance page: HTML where JSON or XML was expected. */
  htmlPage: (status = 200): ScriptedResponse => ({
    status,
    contentType: "text/html; charset=UTF-8",
    body: `<!DOCTYPE html><html><head><title>NCBI - Service unavailable</title></head><body><h1>We're sorry, this service is temporarily unavailable.</h1><p>Please try again later.</p></body></html>`,
  }),
  jsonError: (message = "Invalid request", status = 200): ScriptedResponse => ({
    status,
    contentType: "application/json; charset=UTF-8",
    body: JSON.stringify({ error: message }),
  }),
  xmlError: (message = "Empty id list - nothing todo"): ScriptedResponse => ({
    status: 200,
    contentType: "text/xml; charset=UTF-8",
    body: `<?xml version="1.0" encoding="UTF-8" ?>\n<!DOCTYPE eFetchResult PUBLIC "-//NLM//DTD efetch 20131226//EN" "https://eutils.ncbi.nlm.nih.gov/eutils/dtd/20131226/efetch.dtd">\n<eFetchResult>\n\t<ERROR>${message}</ERROR>\n</eFetchResult>\n`,
  }),
  /** "Billion laughs": ten levels of ten references, 10^9 copies of "lol" if expanded. */
  xmlBomb: (): ScriptedResponse => ({ status: 200, contentType: "text/xml; charset=UTF-8", body: billionLaughs() }),
  serverError: (status = 500): ScriptedResponse => ({ status, contentType: "text/plain", body: "Internal Server Error" }),
  rateLimited: (retryAfterSeconds?: number): ScriptedResponse => ({
    status: 429,
    contentType: "application/json; charset=UTF-8",
    body: JSON.stringify({ error: "API rate limit exceeded", "api-key": "127.0.0.1", count: "4", limit: "3" }),
    headers: retryAfterSeconds === undefined ? undefined : { "Retry-After": String(retryAfterSeconds) },
  }),
};

export function billionLaughs(): string {
  const lines = [`<!ENTITY lol "lol">`];
  for (let level = 1; level <= 9; level++) {
    const previous = level === 1 ? "lol" : `lol${level - 1}`;
    lines.push(`<!ENTITY lol${level} "${`&${previous};`.repeat(10)}">`);
  }
  return `<?xml version="1.0"?>\n<!DOCTYPE PubmedArticleSet [\n ${lines.join("\n ")}\n]>\n<PubmedArticleSet><PubmedArticle><MedlineCitation><PMID>1</PMID><Article><ArticleTitle>&lol9;</ArticleTitle></Article></MedlineCitation></PubmedArticle></PubmedArticleSet>\n`;
}

// ---------------------------------------------------------------------------------------------------
// The recorded articles and a small search over them.

function stripTags(xml: string): string {
  return xml
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

function all(xml: string, re: RegExp): string[] {
  return [...xml.matchAll(re)].map((m) => stripTags(m[1] ?? ""));
}

export function loadRecordedArticles(): IndexedArticle[] {
  const out: IndexedArticle[] = [];
  for (const file of ARTICLE_FILES) {
    const xml = fs.readFileSync(path.join(FIXTURE_EUTILS, file), "utf8");
    for (const m of xml.matchAll(/<PubmedArticle>[\s\S]*?<\/PubmedArticle>/g)) {
      const fragment = m[0];
      const pmid = /<PMID[^>]*>(\d+)<\/PMID>/.exec(fragment)?.[1];
      if (!pmid) continue;
      const searchable = [
        ...all(fragment, /<ArticleTitle>([\s\S]*?)<\/ArticleTitle>/g),
        ...all(fragment, /<AbstractText[^>]*>([\s\S]*?)<\/AbstractText>/g),
        ...all(fragment, /<Keyword[^>]*>([\s\S]*?)<\/Keyword>/g),
        ...all(fragment, /<DescriptorName[^>]*>([\s\S]*?)<\/DescriptorName>/g),
      ];
      out.push({
        pmid,
        xml: fragment,
        file,
        journals: [
          ...all(fragment, /<ISOAbbreviation>([\s\S]*?)<\/ISOAbbreviation>/g),
          ...all(fragment, /<MedlineTA>([\s\S]*?)<\/MedlineTA>/g),
          ...all(fragment, /<Journal>[\s\S]*?<Title>([\s\S]*?)<\/Title>/g),
        ].map((j) => j.toLowerCase()),
        authors: all(fragment, /<LastName>([\s\S]*?)<\/LastName>/g).map((a) => a.toLowerCase()),
        text: searchable.join(" ").toLowerCase(),
      });
    }
  }
  return out;
}

type Token = { kind: "(" | ")" | "op"; value: string } | { kind: "term"; value: string; tag: string | null };

class QuerySyntaxError extends Error {}

function tokenize(term: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:(\()|(\))|"([^"]*)"(?:\[([^\]]*)\])?|([^\s()"[\]]+)(?:\[([^\]]*)\])?|(\S))/gy;
  let m: RegExpExecArray | null;
  while (re.lastIndex < term.length && (m = re.exec(term))) {
    if (m[1]) tokens.push({ kind: "(", value: "(" });
    else if (m[2]) tokens.push({ kind: ")", value: ")" });
    else if (m[3] !== undefined) tokens.push({ kind: "term", value: m[3], tag: m[4]?.toLowerCase() ?? null });
    else if (m[5] && /^(AND|OR|NOT)$/.test(m[5]) && !m[6]) tokens.push({ kind: "op", value: m[5] });
    else if (m[5]) tokens.push({ kind: "term", value: m[5], tag: m[6]?.toLowerCase() ?? null });
    else if (m[7] && m[7].trim()) throw new QuerySyntaxError(`unexpected '${m[7]}'`);
  }
  return tokens;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function matches(article: IndexedArticle, value: string, tag: string | null): number {
  const v = value.toLowerCase().trim();
  if (!v) return 0;
  if (tag === "ta" || tag === "journal" || tag === "jour") return article.journals.includes(v) ? 1 : 0;
  if (tag === "au" || tag === "author") return article.authors.some((a) => v.startsWith(a)) ? 1 : 0;
  const stem = v.length > 4 ? v.replace(/(es|s)$/, "") : v;
  const re = new RegExp(`\\b${escapeRe(stem)}(?:s|es)?\\b`, "g");
  return article.text.match(re)?.length ?? 0;
}

/** Evaluates a query over the articles: PMIDs with their scores. Booleans run left to right, as in PubMed. */
function evaluate(term: string, articles: IndexedArticle[]): Map<string, number> {
  const tokens = tokenize(term);
  let pos = 0;
  const universe = new Map(articles.map((a) => [a.pmid, 0]));

  const primary = (): Map<string, number> => {
    const token = tokens[pos++];
    if (!token) throw new QuerySyntaxError("query ends too early");
    if (token.kind === "(") {
      const inner = expression();
      if (tokens[pos++]?.kind !== ")") throw new QuerySyntaxError("unbalanced parentheses");
      return inner;
    }
    if (token.kind !== "term") throw new QuerySyntaxError(`unexpected ${token.value}`);
    const out = new Map<string, number>();
    for (const a of articles) {
      const score = matches(a, token.value, token.tag);
      if (score > 0) out.set(a.pmid, score);
    }
    return out;
  };

  const expression = (): Map<string, number> => {
    let left = primary();
    while (pos < tokens.length && tokens[pos]!.kind !== ")") {
      const next = tokens[pos]!;
      const op = next.kind === "op" ? (pos++, next.value) : "AND";
      const right = primary();
      const combined = new Map<string, number>();
      for (const id of universe.keys()) {
        const inLeft = left.has(id);
        const inRight = right.has(id);
        const keep = op === "AND" ? inLeft && inRight : op === "OR" ? inLeft || inRight : inLeft && !inRight;
        if (keep) combined.set(id, (left.get(id) ?? 0) + (op === "NOT" ? 0 : (right.get(id) ?? 0)));
      }
      left = combined;
    }
    return left;
  };

  const result = expression();
  if (pos !== tokens.length) throw new QuerySyntaxError("unbalanced parentheses");
  return result;
}

// ---------------------------------------------------------------------------------------------------

function send(res: http.ServerResponse, r: ScriptedResponse) {
  res.writeHead(r.status, { "Content-Type": r.contentType ?? "text/plain", ...r.headers });
  res.end(r.body);
}

const json = (status: number, value: unknown): ScriptedResponse => ({
  status,
  contentType: "application/json; charset=UTF-8",
  body: JSON.stringify(value),
});

function esearch(params: Record<string, string>, articles: IndexedArticle[]): ScriptedResponse {
  const term = params.term ?? "";
  const retmax = params.retmax ?? "";
  if (!term.trim()) return json(400, { error: "Empty term and query_key - nothing todo" });
  if (!/^\d+$/.test(retmax) || Number(retmax) > 10_000) return json(400, { error: `Invalid retmax: '${retmax}'` });
  if (params.retmode !== "json") return json(400, { error: "this loopback server answers esearch with retmode=json only" });
  if (params.sort && params.sort !== "relevance") return json(400, { error: `Unknown sort: '${params.sort}'` });
  if (term === RECORDED_ESEARCH_TERM) {
    return { status: 200, contentType: "application/json; charset=UTF-8", body: fs.readFileSync(path.join(FIXTURE_EUTILS, "iwinoid_esearch.json"), "utf8") };
  }
  let scores: Map<string, number>;
  try {
    scores = evaluate(term, articles);
  } catch (error) {
    if (!(error instanceof QuerySyntaxError)) throw error;
    return json(200, { header: { type: "esearch", version: "0.3" }, esearchresult: { ERROR: `Invalid query: ${error.message}` } });
  }
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1] || Number(b[0]) - Number(a[0])).map(([id]) => id);
  const ids = ranked.slice(0, Number(retmax));
  const result: Record<string, unknown> = {
    count: String(ranked.length),
    retmax: String(ids.length),
    retstart: "0",
    idlist: ids,
    translationset: [],
    querytranslation: term,
  };
  if (!ranked.length) {
    result.errorlist = { phrasesnotfound: [term], fieldsnotfound: [] };
    result.warninglist = { phrasesignored: [], quotedphrasesnotfound: [], outputmessages: ["No items found."] };
  }
  return json(200, { header: { type: "esearch", version: "0.3" }, esearchresult: result });
}

function efetch(params: Record<string, string>, articles: IndexedArticle[]): ScriptedResponse {
  const ids = (params.id ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (!ids.length) return FAILURES.xmlError("Empty id list - nothing todo");
  if (!ids.every((id) => /^\d+$/.test(id))) return { ...FAILURES.xmlError(`Invalid uid ${params.id} at position 0`), status: 400 };
  if (params.retmode !== "xml") return { ...FAILURES.xmlError("this loopback server answers efetch with retmode=xml only"), status: 400 };
  const byId = new Map(articles.map((a) => [a.pmid, a.xml]));
  const body = `${XML_HEAD}<PubmedArticleSet>\n${ids.map((id) => byId.get(id)).filter(Boolean).join("\n")}\n</PubmedArticleSet>\n`;
  return { status: 200, contentType: "text/xml; charset=UTF-8", body };
}

export async function startFakeEutils(initial: FakeEutilsOptions = {}): Promise<FakeEutils> {
  const articles = loadRecordedArticles();
  const requests: EutilsRequest[] = [];
  const options: FakeEutilsOptions = { limitWithoutKey: 3, limitWithKey: 10, retryAfterSeconds: null, expectedTool: "vetsearch", ...initial };

  const server = http.createServer((req, res) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://loopback");
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      if (req.method === "POST") Object.assign(params, Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))));
      const endpoint = url.pathname.replace(/^.*\//, "");
      const record: EutilsRequest = { endpoint, method: req.method ?? "GET", params, at, status: 0 };

      // NCBI counts every request that reaches it, refused ones included.
      const limit = params.api_key ? (options.limitWithKey ?? 10) : (options.limitWithoutKey ?? 3);
      const recent = requests.filter((r) => r.at > at - 1000).length;
      requests.push(record);

      const answer = (): ScriptedResponse => {
        const next = options.scripted?.findIndex((r) => !r.endpoint || r.endpoint === endpoint) ?? -1;
        if (next >= 0) return options.scripted!.splice(next, 1)[0]!;
        if (options.always) return options.always;
        if (recent >= limit) {
          const r = FAILURES.rateLimited(options.retryAfterSeconds ?? undefined);
          return { ...r, body: JSON.stringify({ error: "API rate limit exceeded", "api-key": req.socket.remoteAddress, count: String(recent + 1), limit: String(limit) }) };
        }
        if (req.method !== "GET" && req.method !== "POST") return { status: 405, contentType: "text/plain", body: "Method Not Allowed" };
        if (endpoint !== "esearch.fcgi" && endpoint !== "efetch.fcgi") return { ...FAILURES.htmlPage(404), body: "<!DOCTYPE html><html><body><h1>404 Not Found</h1></body></html>" };
        if (params.db !== "pubmed") return json(400, { error: `Invalid db name specified: ${params.db ?? ""}` });
        if (!params.tool || (options.expectedTool && params.tool !== options.expectedTool)) return json(400, { error: `tool parameter missing or not '${options.expectedTool}'` });
        return endpoint === "esearch.fcgi" ? esearch(params, articles) : efetch(params, articles);
      };
      const response = answer();
      record.status = response.status;
      const delay = options.delayMs ?? 0;
      if (delay > 0) {
        const timer = setTimeout(() => send(res, response), delay);
        res.on("close", () => clearTimeout(timer));
      } else send(res, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    options,
    articles,
    maxRequestsInWindow(windowMs = 1000) {
      const times = requests.map((r) => r.at).sort((a, b) => a - b);
      let most = 0;
      for (let i = 0, j = 0; i < times.length; i++) {
        while (times[i]! - times[j]! >= windowMs) j++;
        most = Math.max(most, i - j + 1);
      }
      return most;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
