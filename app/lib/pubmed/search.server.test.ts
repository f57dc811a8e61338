import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_EUTILS, FAILURES, RECORDED_ESEARCH_TERM, startFakeEutils, type FakeEutils } from "../../../tests/support/eutils-server";
import { openDatabase, type Db } from "../db/index.server";
import { PubMedError } from "./errors";
import { BUSY_MESSAGE, createEutilsClient, EUTILS_TOOL, retryAfterMs, waitInWords, type EutilsClientOptions } from "./eutils.server";
import { createPubMedSearcher, type PubMedSearcher } from "./search.server";
import { RequestThrottle } from "./throttle";
import { toResultItem } from "./types";

/**
 * The E-utilities client and the search flow against a loopback server that behaves like NCBI (paths,
 * parameters, content types, 429 when called too fast), fed with the real recorded responses.
 */

let fake: FakeEutils;
let dir: string;
let db: Db;

beforeAll(async () => {
  fake = await startFakeEutils();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-pubmed-"));
  db = openDatabase(path.join(dir, "app.db"));
});

afterAll(async () => {
  await fake?.close();
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  // Every test starts from a normal server, an empty log and an empty cache.
  Object.assign(fake.options, { limitWithoutKey: 3, limitWithKey: 10, retryAfterSeconds: null, delayMs: 0, scripted: [], always: null });
  fake.requests.length = 0;
  db.$client.exec("delete from pubmed_cache");
});

/** A searcher with its own throttle. Functional tests lift the loopback server's limit so they run quickly. */
function searcher(opts: Partial<EutilsClientOptions> & { now?: () => number; limit?: number; deadlineMs?: number } = {}): PubMedSearcher {
  const throttle = opts.throttle ?? new RequestThrottle({ limit: opts.limit ?? 50, windowMs: 1_000 });
  const client = createEutilsClient({ baseUrl: fake.url, throttle, backoffMs: 20, timeoutMs: 5_000, ...opts });
  return createPubMedSearcher({ client, db: () => db, now: opts.now, deadlineMs: opts.deadlineMs });
}

/** Resolves once the loopback server has received `n` requests. */
async function arrived(n: number) {
  while (fake.requests.length < n) await new Promise((resolve) => setTimeout(resolve, 10));
}

const fast = () => {
  fake.options.limitWithoutKey = 1_000;
  fake.options.limitWithKey = 1_000;
};

async function expectPubMedError(promise: Promise<unknown>, code: PubMedError["code"], message?: RegExp): Promise<PubMedError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PubMedError);
  expect((error as PubMedError).code).toBe(code);
  if (message) expect((error as PubMedError).message).toMatch(message);
  return error as PubMedError;
}

describe("searching PubMed through E-utilities", () => {
  it("runs esearch then efetch with NCBI's parameters and returns parsed articles", async () => {
    fast();
    const search = searcher({ email: "vet@clinic.test" });
    const { articles, query } = await search({ question: "What is known about telomere length and pancreatic cancer risk?", priorityJournals: [] });
    expect(query).toBe("telomere AND length AND pancreatic AND cancer AND risk");
    expect(articles.map((a) => a.pmid)).toEqual(["27797938"]);
    const a = articles[0]!;
    expect(a.title).toBe("Leucocyte telomere length, genetic variants at the TERT gene region and risk of pancreatic cancer.");
    expect(a.url).toBe("https://pubmed.ncbi.nlm.nih.gov/27797938/");
    expect(a.priority).toBe(false);

    expect(fake.requests.map((r) => r.endpoint)).toEqual(["esearch.fcgi", "efetch.fcgi"]);
    const [esearch, efetch] = fake.requests;
    expect(esearch!.params).toEqual({
      db: "pubmed",
      term: "telomere AND length AND pancreatic AND cancer AND risk",
      retmax: "10",
      retmode: "json",
      sort: "relevance",
      tool: EUTILS_TOOL,
      email: "vet@clinic.test",
    });
    expect(efetch!.params).toEqual({ db: "pubmed", id: "27797938", retmode: "xml", tool: EUTILS_TOOL, email: "vet@clinic.test" });
    expect(fake.requests.every((r) => r.status === 200)).toBe(true);
  });

  it("sends the API key on every request when one is configured", async () => {
    const search = searcher({ apiKey: "secret-key", limit: 10 });
    await search({ keywords: "imaging", priorityJournals: ["J Magn Reson"] });
    expect(fake.requests).toHaveLength(3);
    for (const r of fake.requests) {
      expect(r.params.api_key).toBe("secret-key");
      expect(r.params.tool).toBe(EUTILS_TOOL);
      expect(r.params.email).toBeUndefined();
    }
  });

  it("searches the priority journals first, fills up from the rest of PubMed without duplicates, and marks them", async () => {
    fast();
    const { articles } = await searcher()({ keywords: "imaging", count: 5, priorityJournals: "J Magn Reson, Vet J" });
    expect(articles.map((a) => [a.pmid, a.journal, a.priority])).toEqual([
      ["11700088", "J Magn Reson", true],
      ["29963580", "J Med Imaging (Bellingham)", false],
    ]);
    const terms = fake.requests.filter((r) => r.endpoint === "esearch.fcgi").map((r) => r.params.term);
    expect(terms).toEqual(['(imaging) AND ("J Magn Reson"[ta] OR "Vet J"[ta])', "imaging"]);
    expect(fake.requests.at(-1)!.params.id).toBe("11700088,29963580");
    expect(toResultItem(articles[0]!)).toMatchObject({
      Title: "Proton MRI of (13)C distribution by J and chemical shift editing.",
      Authors: "Casieri C, Testa C, Carpinelli G, Canese R, Podo F, De Luca F",
      Journal: "J Magn Reson",
      "Publication Date": "2001 Nov",
      PMID: "11700088",
      Priority: true,
    });
  });

  it("asks the rest of PubMed only for what the priority journals did not fill", async () => {
    fast();
    const { articles } = await searcher()({ keywords: "male", count: 1, priorityJournals: ["Cryobiology"] });
    expect(articles.map((a) => [a.pmid, a.priority])).toEqual([["11748933", true]]);
    expect(fake.requests.map((r) => r.endpoint)).toEqual(["esearch.fcgi", "efetch.fcgi"]);
  });

  it("relaxes a query that finds nothing: generic words dropped, then the least specific word, then OR", async () => {
    fast();
    const { articles, query } = await searcher()({ question: "What is the dose for telomere length in cats?", priorityJournals: [] });
    const terms = fake.requests.filter((r) => r.endpoint === "esearch.fcgi").map((r) => r.params.term);
    expect(terms).toEqual(["dose AND telomere AND length AND cats", "telomere AND length AND cats", "telomere AND cats", "telomere OR length OR cats"]);
    expect(query).toBe("telomere OR length OR cats");
    expect(articles.map((a) => a.pmid)).toEqual(["27797938"]);
  });

  it("returns no articles when even the relaxed queries find nothing, and nothing is asked for a question without search words", async () => {
    fast();
    const none = await searcher()({ question: "canine parvovirus vaccination schedule", priorityJournals: [] });
    expect(none.articles).toEqual([]);
    expect(fake.requests.every((r) => r.endpoint === "esearch.fcgi")).toBe(true);
    fake.requests.length = 0;
    expect(await searcher()({ question: "what is the?" })).toEqual({ articles: [], query: "" });
    expect(fake.requests).toHaveLength(0);
  });

  it("clamps the count to 1-50", async () => {
    fast();
    await searcher()({ keywords: "male", count: 500, priorityJournals: [] });
    expect(fake.requests[0]!.params.retmax).toBe("50");
    fake.requests.length = 0;
    await searcher()({ keywords: "male", count: -3, priorityJournals: [] });
    expect(fake.requests[0]!.params.retmax).toBe("1");
  });

  it("reads the recorded esearch JSON response", async () => {
    fast();
    const client = createEutilsClient({ baseUrl: fake.url, throttle: new RequestThrottle({ limit: 50 }) });
    expect(await client.esearch(RECORDED_ESEARCH_TERM, 3)).toEqual({ count: 404, ids: ["42313977", "41196948", "41166468"] });
  });
});

describe("the day's cache", () => {
  it("answers the same search again without asking NCBI, and asks again once a day has passed", async () => {
    fast();
    let now = Date.UTC(2026, 0, 1);
    const search = searcher({ now: () => now });
    const first = await search({ question: "pesticide exposure and thyroid", priorityJournals: ["Gut"] });
    expect(first.articles.map((a) => a.pmid)).toEqual(["28775130"]);
    const asked = fake.requests.length;
    expect(asked).toBe(3);

    now += 60 * 60 * 1000;
    expect(await search({ question: "Pesticide exposure, and THYROID?", priorityJournals: ["gut"] })).toEqual(first);
    expect(fake.requests).toHaveLength(asked);

    // Another count or other journals are another search.
    await search({ question: "pesticide exposure and thyroid", count: 3, priorityJournals: ["Gut"] });
    expect(fake.requests.length).toBeGreaterThan(asked);

    // A day later both rows have expired: the search is asked again, and the expired rows are replaced or removed.
    const before = fake.requests.length;
    now += 25 * 60 * 60 * 1000;
    expect(await search({ question: "pesticide exposure and thyroid", priorityJournals: ["Gut"] })).toEqual(first);
    expect(fake.requests.length).toBe(before + 3);
    const rows = db.$client.prepare("select count(*) n from pubmed_cache").get() as { n: number };
    expect(rows.n).toBe(1);
  });

  it("keeps nothing from a failed search", async () => {
    fast();
    fake.options.scripted = [FAILURES.htmlPage()];
    await expectPubMedError(searcher()({ keywords: "imaging", priorityJournals: [] }), "bad-response");
    expect((db.$client.prepare("select count(*) n from pubmed_cache").get() as { n: number }).n).toBe(0);
  });
});

describe("what goes wrong with NCBI", () => {
  it("reports an HTML page instead of JSON or XML", async () => {
    fast();
    fake.options.always = FAILURES.htmlPage(200);
    await expectPubMedError(searcher()({ keywords: "imaging", priorityJournals: [] }), "bad-response", /HTML page instead of JSON/);
    fake.options.always = null;
    // JSON of the wrong shape is a bad response too.
    fake.options.scripted = [{ status: 200, contentType: "application/json", body: "{}" }];
    await expectPubMedError(searcher()({ keywords: "imaging", priorityJournals: [] }), "bad-response", /esearchresult/);
  });

  it("reports NCBI's JSON and XML error documents", async () => {
    fast();
    fake.options.scripted = [FAILURES.jsonError("Invalid query syntax")];
    await expectPubMedError(searcher()({ keywords: "imaging", priorityJournals: [] }), "bad-response", /Invalid query syntax/);
    const client = createEutilsClient({ baseUrl: fake.url, throttle: new RequestThrottle({ limit: 50 }) });
    fake.options.scripted = [FAILURES.xmlError("Empty id list - nothing todo")];
    await expectPubMedError(client.efetch(["30108519"]), "bad-response", /NCBI efetch error: Empty id list/);
  });

  it("reports a truncated efetch response and refuses an XML bomb", async () => {
    fast();
    const client = createEutilsClient({ baseUrl: fake.url, throttle: new RequestThrottle({ limit: 50 }) });
    const whole = fs.readFileSync(path.join(FIXTURE_EUTILS, "biopython_pubmed4.xml"), "utf8");
    fake.options.scripted = [{ status: 200, contentType: "text/xml; charset=UTF-8", body: whole.slice(0, whole.length / 2) }];
    await expectPubMedError(client.efetch(["27797938"]), "bad-response", /truncated or malformed XML/);
    fake.options.scripted = [FAILURES.xmlBomb()];
    await expectPubMedError(client.efetch(["27797938"]), "bad-response", /entit/);
  });

  it("retries a 5xx with backoff and succeeds", async () => {
    fast();
    fake.options.scripted = [FAILURES.serverError(503), FAILURES.serverError(500)];
    const { articles } = await searcher()({ keywords: "lactate", priorityJournals: [] });
    expect(articles.map((a) => a.pmid)).toEqual(["30108519"]);
    expect(fake.requests.map((r) => r.status)).toEqual([503, 500, 200, 200]);
  });

  it("retries a 429 after the Retry-After NCBI asks for, and reports 'rate-limited' when it lasts", async () => {
    fast();
    fake.options.scripted = [FAILURES.rateLimited(1)];
    const { articles } = await searcher()({ keywords: "lactate", priorityJournals: [] });
    expect(articles).toHaveLength(1);
    const [refused, retried] = fake.requests;
    expect(refused!.status).toBe(429);
    // Retry-After: 1 was honoured (the backoff alone would have waited about 20 ms).
    expect(retried!.at - refused!.at).toBeGreaterThanOrEqual(900);

    fake.options.always = FAILURES.rateLimited();
    await expectPubMedError(searcher({ maxAttempts: 2 })({ keywords: "lactate", count: 2, priorityJournals: [] }), "rate-limited", /429/);
  });

  it("reports 'unreachable' at once when nothing listens, and after the retries when NCBI keeps failing", async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = http.createServer();
      probe.listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const client = createEutilsClient({ baseUrl: `http://127.0.0.1:${closed}`, throttle: new RequestThrottle({ limit: 50 }) });
    await expectPubMedError(client.esearch("imaging", 10), "unreachable", /connection was refused/);

    fast();
    fake.options.always = FAILURES.serverError(502);
    await expectPubMedError(searcher({ maxAttempts: 3 })({ keywords: "imaging", priorityJournals: [] }), "unreachable", /not available \(502\)/);
    expect(fake.requests).toHaveLength(3);
  });

  it("reports 'timeout' when NCBI does not answer in time", async () => {
    fast();
    fake.options.delayMs = 3_000;
    await expectPubMedError(searcher({ timeoutMs: 200 })({ keywords: "imaging", priorityJournals: [] }), "timeout", /did not answer within 0.2 s/);
    expect(fake.requests).toHaveLength(1);
  });

  it("stops when the caller aborts, with the caller's reason", async () => {
    fast();
    fake.options.delayMs = 3_000;
    const controller = new AbortController();
    const pending = searcher()({ keywords: "imaging", priorityJournals: [], signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user pressed Stop")), 50);
    await expect(pending).rejects.toThrow("user pressed Stop");
  });
});

describe("one throttle for the whole server", () => {
  it(
    "holds 20 concurrent questions to NCBI's 3 requests a second: never more in any second, never a 429",
    async () => {
      const throttle = new RequestThrottle({ limit: 3, windowMs: 1_000 });
      const search = searcher({ throttle });
      // Twenty different searches (another count is another search, so the cache answers none of them).
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => search({ question: `What is the risk of pancreatic cancer? (${i})`, count: i + 1, priorityJournals: [] })),
      );
      for (const r of results) expect(r.articles.map((a) => a.pmid)).toEqual(["27797938"]);
      expect(fake.requests).toHaveLength(40);
      expect(fake.requests.filter((r) => r.status === 429)).toEqual([]);
      expect(fake.maxRequestsInWindow(1_000)).toBeLessThanOrEqual(3);
    },
    90_000,
  );

  it("is what the loopback server checks: without the throttle, the same questions are refused with 429", async () => {
    const search = searcher({ throttle: new RequestThrottle({ limit: 1_000 }), maxAttempts: 1 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => search({ question: "pancreatic cancer risk", count: i + 1, priorityJournals: [] })),
    );
    expect(fake.requests.some((r) => r.status === 429)).toBe(true);
    expect(outcomes.some((o) => o.status === "rejected" && (o.reason as PubMedError).code === "rate-limited")).toBe(true);
  });
});

describe("a shared queue that is fair, bounded and never waits forever", () => {
  it("serves users in turn: one user's many searches do not hold back another's", async () => {
    fast();
    const search = searcher({ throttle: new RequestThrottle({ limit: 1, windowMs: 100 }) });
    const finished: string[] = [];
    const alice = Array.from({ length: 5 }, (_, i) =>
      search({ question: "pancreatic cancer risk", count: i + 1, priorityJournals: [], userId: "alice" }).then(() => finished.push(`alice${i + 1}`)),
    );
    const bob = search({ question: "pesticide thyroid", priorityJournals: [], userId: "bob" }).then(() => finished.push("bob"));
    await Promise.all([...alice, bob]);
    const bobsSearch = fake.requests.findIndex((r) => r.params.term === "pesticide AND thyroid");
    // In arrival order bob's esearch would have been the 6th request, and his search the last to finish.
    expect(bobsSearch).toBeGreaterThanOrEqual(0);
    expect(bobsSearch).toBeLessThanOrEqual(2);
    expect(finished.indexOf("bob")).toBeLessThan(finished.indexOf("alice5"));
  });

  it("answers 'busy' at once, without asking NCBI, when the queue is full", async () => {
    fast();
    fake.options.delayMs = 10_000;
    const throttle = new RequestThrottle({ limit: 1, maxWaiting: 1 });
    const search = searcher({ throttle });
    const controller = new AbortController();
    const running = search({ keywords: "imaging", priorityJournals: [], userId: "a", signal: controller.signal });
    await arrived(1);
    const waiting = search({ keywords: "lactate", priorityJournals: [], userId: "b", signal: controller.signal });
    await expectPubMedError(search({ keywords: "telomere", priorityJournals: [], userId: "c" }), "busy", new RegExp(BUSY_MESSAGE.replace(/[.:]/g, "\\$&")));
    expect(throttle.waiting).toBe(1);
    controller.abort(new Error("test over"));
    await Promise.allSettled([running, waiting]);
    expect(fake.requests.map((r) => r.params.term)).toEqual(["imaging"]);
  });

  it("fails a search with 'timeout' when its deadline passes while it waits for its turn", async () => {
    fast();
    fake.options.delayMs = 10_000;
    const throttle = new RequestThrottle({ limit: 1 });
    const controller = new AbortController();
    const running = searcher({ throttle })({ keywords: "imaging", priorityJournals: [], userId: "a", signal: controller.signal });
    await arrived(1);
    await expectPubMedError(
      searcher({ throttle, deadlineMs: 200 })({ keywords: "lactate", priorityJournals: [], userId: "b" }),
      "timeout",
      /could not be searched within 0.2 s \(waiting for a turn included\)/,
    );
    expect(throttle.waiting).toBe(0);
    controller.abort(new Error("test over"));
    await Promise.allSettled([running]);
    expect(fake.requests.map((r) => r.params.term)).toEqual(["imaging"]);
  });

  it("cuts an attempt short at the deadline when it comes before the request's own timeout", async () => {
    fast();
    fake.options.delayMs = 10_000;
    await expectPubMedError(searcher({ timeoutMs: 5_000, deadlineMs: 200 })({ keywords: "imaging", priorityJournals: [] }), "timeout", /within 0.2 s/);
    expect(fake.requests).toHaveLength(1);
  });

  it("fails at once, saying so, when NCBI asks to wait longer than a search may (Retry-After: 100000)", async () => {
    fast();
    fake.options.always = FAILURES.rateLimited(100_000);
    const error = await expectPubMedError(searcher({ deadlineMs: 30_000 })({ keywords: "lactate", priorityJournals: [] }), "rate-limited", /429/);
    expect(error.message).toMatch(/asked to wait 27\.8 h before trying again/);
    // No second attempt: waiting the hours asked for is not an option, and retrying sooner would be refused again.
    expect(fake.requests).toHaveLength(1);
  });

  it("does not pause for a Retry-After that would pass the deadline, even a short one", async () => {
    fast();
    fake.options.always = FAILURES.rateLimited(5);
    await expectPubMedError(searcher({ deadlineMs: 1_000 })({ keywords: "lactate", priorityJournals: [] }), "rate-limited", /asked to wait 5 s/);
    expect(fake.requests).toHaveLength(1);
  });

  it("words a wait in seconds, minutes or hours", () => {
    expect(waitInWords(5_000)).toBe("5 s");
    expect(waitInWords(600_000)).toBe("10 min");
    expect(waitInWords(100_000_000)).toBe("27.8 h");
  });
});

describe("Retry-After", () => {
  it("reads seconds and HTTP dates", () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(retryAfterMs("2", now)).toBe(2000);
    expect(retryAfterMs("Thu, 01 Jan 2026 12:00:05 GMT", now)).toBe(5000);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
