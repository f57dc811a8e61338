import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { PubMedResultItem } from "~/lib/pubmed/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_PRIORITY_JOURNAL_LIST } from "~/lib/chat/defaults";
import { setBetaAccess } from "../support/db";
import { FIXTURE_EUTILS, FAILURES, startFakeEutils, type FakeEutils } from "../support/eutils-server";
import { HttpClient, startServer, type TestServer } from "../support/server";

/**
 * POST /api/pubmed/search over real HTTP against the built server, with EUTILS_URL pointing at a loopback
 * server that behaves like NCBI E-utilities and answers with the real recorded responses.
 */

let fake: FakeEutils;
let server: TestServer;
let approved: HttpClient;
let pending: HttpClient;

/** Lower-case words joined by AND or OR: what the query builder may send as the plain query. */
const SAFE_QUERY = /^[\p{Ll}\p{Lo}\p{N}'-]+(?: (?:AND|OR) [\p{Ll}\p{Lo}\p{N}'-]+)*$/u;

beforeAll(async () => {
  fake = await startFakeEutils();
  server = await startServer({ env: { EUTILS_URL: fake.url, EUTILS_TIMEOUT_SECONDS: "2", NCBI_EMAIL: "it@clinic.test" } });
  approved = new HttpClient(server.url);
  pending = new HttpClient(server.url);
  expect((await approved.signUp({ email: "vet@clinic.test" })).status).toBe(303);
  expect((await pending.signUp({ email: "pending@clinic.test" })).status).toBe(303);
  setBetaAccess(server.dataDir, "vet@clinic.test", "approved");
});

afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

beforeEach(() => {
  Object.assign(fake.options, { delayMs: 0, scripted: [], always: null });
});

const search = (client: HttpClient, body: unknown) => client.json("POST", "/api/pubmed/search", body);

/** The esearch terms the loopback server received since `from`. */
const esearchTerms = (from: number) =>
  fake.requests
    .slice(from)
    .filter((r) => r.endpoint === "esearch.fcgi")
    .map((r) => r.params.term!);

const plainTerms = (from: number) => esearchTerms(from).filter((t) => !t.includes("[ta]"));

describe("who may search", () => {
  it("is an approved user: signed out is 401, pending is 403, and NCBI is not asked", async () => {
    const before = fake.requests.length;
    expect((await search(new HttpClient(server.url), { keywords: "imaging" })).status).toBe(401);
    const res = await search(pending, { keywords: "imaging" });
    expect(res.status).toBe(403);
    expect(fake.requests.length).toBe(before);
  });

  it("answers other methods with 405", async () => {
    expect((await approved.get("/api/pubmed/search")).status).toBe(405);
  });
});

describe("a search", () => {
  it("returns the spec's items, searching the default priority journals first", async () => {
    const from = fake.requests.length;
    const res = await search(approved, { keywords: "imaging" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: PubMedResultItem[]; query: string };
    expect(body.query).toBe("imaging");
    expect(body.results.map((r) => r.PMID).sort()).toEqual(["11700088", "29963580"]);
    const mri = body.results.find((r) => r.PMID === "11700088")!;
    expect(mri).toEqual({
      Title: "Proton MRI of (13)C distribution by J and chemical shift editing.",
      Authors: "Casieri C, Testa C, Carpinelli G, Canese R, Podo F, De Luca F",
      Journal: "J Magn Reson",
      "Publication Date": "2001 Nov",
      PMID: "11700088",
      Abstract: expect.stringMatching(/^The sensitivity of \(13\)C NMR imaging .* glutamic acid in water\.$/),
      URL: "https://pubmed.ncbi.nlm.nih.gov/11700088/",
      DOI: "10.1006/jmre.2001.2429",
      Priority: false,
    });
    const group = DEFAULT_PRIORITY_JOURNAL_LIST.map((j) => `"${j}"[ta]`).join(" OR ");
    expect(esearchTerms(from)).toEqual([`(imaging) AND (${group})`, "imaging"]);
    for (const r of fake.requests.slice(from)) {
      expect(r.params.tool).toBe("vetsearch");
      expect(r.params.email).toBe("it@clinic.test");
      expect(r.params.db).toBe("pubmed");
    }
    expect(fake.requests.slice(from).find((r) => r.endpoint === "esearch.fcgi")!.params.retmax).toBe("10");
  });

  it("answers results: [] when PubMed has nothing", async () => {
    const res = await search(approved, { keywords: "canine parvovirus vaccination" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { results: PubMedResultItem[] }).results).toEqual([]);
  });

  it("is answered from the cache the second time, without asking NCBI", async () => {
    const first = await search(approved, { keywords: "pesticide thyroid", numResults: 3 });
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    const asked = fake.requests.length;
    const second = await search(approved, { keywords: "Pesticide, thyroid?", numResults: 3 });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(firstBody);
    expect(fake.requests.length).toBe(asked);
  });

  it("uses the caller's priority journals from their settings, and marks what they found", async () => {
    const saved = await approved.json("POST", "/api/user/settings", { pubmedPriorityJournals: "J Magn Reson, Cryobiology" });
    expect(saved.status).toBe(200);
    const from = fake.requests.length;
    const res = await search(approved, { keywords: "imaging spermatozoa", numResults: 5 });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: PubMedResultItem[] };
    const group = '("J Magn Reson"[ta] OR "Cryobiology"[ta])';
    // Nothing has both words, so the query is relaxed to OR; each time the priority journals come first.
    expect(esearchTerms(from)).toEqual([
      `(imaging AND spermatozoa) AND ${group}`,
      "imaging AND spermatozoa",
      `(imaging OR spermatozoa) AND ${group}`,
      "imaging OR spermatozoa",
    ]);
    expect(results.slice(0, 2).map((r) => `${r.Journal} ${r.Priority}`).sort()).toEqual(["Cryobiology true", "J Magn Reson true"]);
    expect(results.slice(2).map((r) => [r.PMID, r.Priority])).toEqual([["29963580", false]]);
    expect(results.slice(2).every((r) => !r.Priority)).toBe(true);
    expect(new Set(results.map((r) => r.PMID)).size).toBe(results.length);
    // Back to the defaults for the other tests.
    expect((await approved.json("POST", "/api/user/settings", { pubmedPriorityJournals: "" })).status).toBe(200);
  });
});

describe("bad input", () => {
  it("refuses blank or missing keywords with 400 and a non-text with 422", async () => {
    const before = fake.requests.length;
    for (const body of [{ keywords: "" }, { keywords: "   \n\t" }, {}, { keywords: null }]) {
      const res = await search(approved, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe("Keywords are required");
    }
    expect((await search(approved, { keywords: 42 })).status).toBe(422);
    expect((await approved.request("POST", "/api/pubmed/search", { body: "keywords=x", headers: { "Content-Type": "application/x-www-form-urlencoded" } })).status).toBe(415);
    expect((await approved.request("POST", "/api/pubmed/search", { body: "{", headers: { "Content-Type": "application/json" } })).status).toBe(400);
    expect(fake.requests.length).toBe(before);
  });

  it("clamps numResults to 1-50 and refuses a non-number with 422", async () => {
    const retmaxFor = async (numResults: unknown, keywords: string) => {
      const from = fake.requests.length;
      const res = await search(approved, { keywords, numResults });
      expect(res.status).toBe(200);
      return fake.requests.slice(from).find((r) => r.endpoint === "esearch.fcgi")!.params.retmax;
    };
    expect(await retmaxFor(500, "lactate")).toBe("50");
    expect(await retmaxFor(0, "lactate")).toBe("1");
    expect(await retmaxFor(-7, "telomere")).toBe("1");
    expect(await retmaxFor(2.6, "telomere")).toBe("3");
    for (const numResults of ["10", true, [5], { n: 1 }]) {
      expect((await search(approved, { keywords: "lactate", numResults })).status, JSON.stringify(numResults)).toBe(422);
    }
  });

  it("turns 2,000+ characters of keywords into a short safe query", async () => {
    const from = fake.requests.length;
    const keywords = `lactate ${"threshold runners ".repeat(150)}${"x".repeat(3000)}`;
    const res = await search(approved, { keywords });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: PubMedResultItem[] };
    expect(results.map((r) => r.PMID)).toEqual(["30108519"]);
    for (const term of plainTerms(from)) {
      expect(term).toMatch(SAFE_QUERY);
      expect(term.length).toBeLessThan(400);
    }
  });

  it("does not let quotes, field tags, OR/AND/NOT or parentheses typed by a user break the query", async () => {
    for (const keywords of ['Casieri[au] OR ("imaging" AND (MRI', 'lactate)) NOT "runners[ta]', "#1 AND *pesticide* [mesh] ((((", "\"'\" OR [ta] ( ) AND"]) {
      const from = fake.requests.length;
      const res = await search(approved, { keywords });
      expect(res.status, keywords).toBe(200);
      expect(Array.isArray(((await res.json()) as { results: PubMedResultItem[] }).results)).toBe(true);
      for (const term of plainTerms(from)) expect(term, keywords).toMatch(SAFE_QUERY);
      // The loopback server refuses a query it cannot parse: every request it received was answered 200.
      expect(fake.requests.slice(from).every((r) => r.status === 200)).toBe(true);
    }
  });
});

describe("one throttle for the whole server", () => {
  it("keeps concurrent searches from several requests within NCBI's 3 a second, with no 429", async () => {
    const from = fake.requests.length;
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => search(approved, { keywords: "pancreatic cancer risk", numResults: 20 + i })),
    );
    for (const res of responses) expect(res.status).toBe(200);
    const seen = fake.requests.slice(from);
    expect(seen.length).toBeGreaterThanOrEqual(12);
    expect(seen.filter((r) => r.status === 429)).toEqual([]);
    const times = seen.map((r) => r.at).sort((a, b) => a - b);
    for (let i = 3; i < times.length; i++) expect(times[i]! - times[i - 3]!).toBeGreaterThanOrEqual(1000);
  }, 60_000);
});

describe("when NCBI fails", () => {
  it("answers 502 for an HTML error page", async () => {
    fake.options.always = FAILURES.htmlPage(200);
    const res = await search(approved, { keywords: "thyroid hormone" });
    expect(res.status).toBe(502);
    const body = (await res.json()) as { message: string; code: string };
    expect(body.code).toBe("bad-response");
    expect(body.message).toMatch(/HTML page/);
  });

  it("answers 502 for NCBI's error document and for a truncated response", async () => {
    fake.options.scripted = [FAILURES.jsonError("Search Backend failed")];
    let res = await search(approved, { keywords: "ventilation" });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toMatch(/Search Backend failed/);

    // The searches answer normally; efetch is cut off half-way (the recorded document, truncated).
    const whole = fs.readFileSync(path.join(FIXTURE_EUTILS, "biopython_pubmed7.xml"), "utf8");
    fake.options.scripted = [{ endpoint: "efetch.fcgi", status: 200, contentType: "text/xml; charset=UTF-8", body: whole.slice(0, whole.length / 2) }];
    res = await search(approved, { keywords: "perfusion ventilation" });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toMatch(/truncated or malformed XML/);
  });

  it("answers 504 when NCBI does not answer in time", async () => {
    fake.options.delayMs = 10_000;
    const res = await search(approved, { keywords: "heme flavin" });
    expect(res.status).toBe(504);
    expect(((await res.json()) as { message: string }).message).toMatch(/did not answer within 2 s/);
  }, 30_000);

  it("answers 503 when NCBI keeps refusing with 429", async () => {
    fake.options.always = FAILURES.rateLimited();
    const res = await search(approved, { keywords: "chromatium" });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(((await res.json()) as { code: string }).code).toBe("rate-limited");
  }, 30_000);

  it("answers 503 at once, naming the wait, when NCBI asks to wait longer than a search may (Retry-After: 100000)", async () => {
    fake.options.always = FAILURES.rateLimited(100_000);
    const from = fake.requests.length;
    const res = await search(approved, { keywords: "chromatium heme" });
    expect(res.status).toBe(503);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe("rate-limited");
    expect(body.message).toMatch(/asked to wait 27\.8 h before trying again/);
    expect(fake.requests.length - from).toBe(1);
  });

  it("tells a user with too many searches waiting that PubMed is busy (503), not a 500", async () => {
    const busy = new HttpClient(server.url);
    expect((await busy.signUp({ email: "busy@clinic.test" })).status).toBe(303);
    setBetaAccess(server.dataDir, "busy@clinic.test", "approved");
    // NCBI holds every answer: 3 searches take the slots, 10 wait (a user's most), the rest are refused.
    fake.options.delayMs = 60_000;
    const controller = new AbortController();
    const searches = Array.from({ length: 16 }, (_, i) =>
      fetch(`${server.url}/api/pubmed/search`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url, Cookie: busy.cookie },
        body: JSON.stringify({ keywords: `busy queue ${i}` }),
        signal: controller.signal,
      }),
    );
    try {
      const first = await Promise.race(searches);
      expect(first.status).toBe(503);
      expect(first.headers.get("retry-after")).toBe("5");
      const body = (await first.json()) as { code: string; message: string };
      expect(body).toEqual({ code: "busy", message: "PubMed is busy: too many of your searches are waiting for NCBI. Try again when they have finished." });
    } finally {
      controller.abort();
      await Promise.allSettled(searches);
    }
    // Another user still gets a turn (the loopback server answers at once again).
    fake.options.delayMs = 0;
    const res = await search(approved, { keywords: "lactate threshold" });
    expect(res.status).toBe(200);
  });

  it("answers 502 with a clear message when NCBI cannot be reached", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = http.createServer();
      probe.listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const offline = await startServer({ env: { EUTILS_URL: `http://127.0.0.1:${closedPort}` } });
    try {
      const client = new HttpClient(offline.url);
      expect((await client.signUp({ email: "offline@clinic.test" })).status).toBe(303);
      setBetaAccess(offline.dataDir, "offline@clinic.test", "approved");
      const res = await search(client, { keywords: "meloxicam cats" });
      expect(res.status).toBe(502);
      const body = (await res.json()) as { message: string; code: string };
      expect(body.code).toBe("unreachable");
      expect(body.message).toBe("Could not reach PubMed (NCBI E-utilities): the connection was refused.");
    } finally {
      await offline.stop();
    }
  }, 60_000);
});
