import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { documents, openDatabase, users, type Db } from "../db/index.server";
import type { Embedder } from "../embeddings/index.server";
import { chunkPages } from "../ingest/chunker";
import type { ParsedPage } from "../ingest/types";
import {
  addDocumentVectors,
  analyzeQuery,
  correctionsLabel,
  correctQuery,
  embedMissingVectors,
  getIndexStats,
  holdsName,
  holdsPhrase,
  indexDocument,
  optimizeIndex,
  rebuildStaleIndex,
  removeDocumentIndex,
  search,
  searchWithVector,
  vectorCoverage,
} from "./index.server";
import { usualLongForms } from "./abbreviations.server";
import { countPostings, EXACT_DF } from "./lexical.server";
import { defaultMaxEdits } from "./spellcheck.server";
import { loadVectorIndex } from "./vector.server";
import { tokenize } from "./tokenize";

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.$client.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function freshDb(): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vetsearch-search-"));
  dirs.push(dir);
  const db = openDatabase(path.join(dir, "app.db"));
  dbs.push(db);
  db.insert(users)
    .values([
      { id: "alice", email: "alice@clinic.test" },
      { id: "bob", email: "bob@clinic.test" },
    ])
    .run();
  return db;
}

type DocSpec = {
  id: string;
  title: string;
  pages: ParsedPage[];
  ownerId?: string | null;
  status?: "processing" | "completed" | "failed";
  authors?: string[];
};

function addDocument(db: Db, spec: DocSpec, vectors?: { embedder: Embedder; vectors: Float32Array[] }) {
  db.insert(documents)
    .values({
      id: spec.id,
      title: spec.title,
      filename: `${spec.id}.pdf`,
      storedPath: `files/${spec.id}.pdf`,
      fileType: "pdf",
      fileSize: 1000,
      processingStatus: spec.status ?? "completed",
      ownerId: spec.ownerId ?? null,
    })
    .run();
  const chunks = chunkPages(spec.pages);
  db.transaction(() => {
    indexDocument(
      db,
      { id: spec.id, title: spec.title, authors: spec.authors ?? [] },
      chunks,
      vectors && { embedderId: vectors.embedder.id, vectors: vectors.vectors },
    );
  });
  return chunks;
}

const page = (number: number, blocks: ParsedPage["blocks"], label?: string): ParsedPage => ({ number, label, blocks });
const para = (text: string) => ({ kind: "paragraph" as const, text });
const heading = (text: string, level = 1) => ({ kind: "heading" as const, text, level });

/** What a formulary says about every drug: long enough that each monograph is a chunk of its own. */
const MONOGRAPH_DETAIL =
  "Contraindications include known hypersensitivity, dehydration, hypovolaemia and hypotension. " +
  "Adverse effects are usually mild and transient: vomiting, soft faeces, inappetence and lethargy have been reported. " +
  "In rare cases gastrointestinal ulceration or elevated liver enzymes may occur; stop treatment if they do. " +
  "Do not give with corticosteroids or other drugs of the same class, and allow a washout period when changing. " +
  "Pregnant and lactating animals, and animals younger than six weeks, should not be treated. " +
  "Store below 25 degrees, protect from light, and discard the bottle six months after it was first opened. " +
  "Owners should be shown how to measure the dose with the syringe supplied and told to give it with food. " +
  "Renal function should be checked before treatment in older animals and monitored during long courses.";

/** A small formulary: NSAIDs in one chapter, antibiotics in another, on printed pages 244-246. */
const FORMULARY: DocSpec = {
  id: "formulary",
  title: "Small Animal Formulary",
  pages: [
    page(
      12,
      [
        heading("Non-steroidal anti-inflammatory drugs"),
        heading("Meloxicam", 2),
        para(
          "Meloxicam is a preferential COX-2 inhibitor used for the control of pain and inflammation in dogs and cats. " +
            "Dose in cats: 0.1 mg/kg orally once daily after a loading dose of 0.2 mg/kg on the first day. " +
            "Use the lowest effective dose in cats with chronic kidney disease, and monitor renal values.",
        ),
        para(MONOGRAPH_DETAIL),
      ],
      "245",
    ),
    page(
      13,
      [
        heading("Antibacterial drugs"),
        heading("Amoxicillin-clavulanate", 2),
        para(
          "Amoxicillin with clavulanic acid is a broad-spectrum beta-lactam antibiotic. Dogs and cats: 12.5-25 mg/kg " +
            "orally twice daily for skin, soft tissue and urinary tract infections.",
        ),
        para(MONOGRAPH_DETAIL),
      ],
      "246",
    ),
  ],
};

const EQUINE: DocSpec = {
  id: "equine",
  title: "Equine Medicine Notes",
  pages: [
    page(1, [
      heading("Colic"),
      para("Flunixin meglumine relieves visceral pain in horses with colic. Dose: 1.1 mg/kg intravenously."),
    ]),
  ],
};

describe("indexing and search", () => {
  it("finds the chunk that answers a dose question, with its pages, printed label and heading", async () => {
    const db = freshDb();
    addDocument(db, FORMULARY);
    addDocument(db, EQUINE);
    const results = await search("What is the dose of meloxicam in cats?", { db });
    expect(results.length).toBeGreaterThan(0);
    const top = results[0]!;
    expect(top).toMatchObject({
      documentId: "formulary",
      title: "Small Animal Formulary",
      pages: [12],
      pageLabel: "245",
      heading: "Non-steroidal anti-inflammatory drugs > Meloxicam",
      lexicalRank: 1,
      vectorRank: null,
    });
    expect(top.text).toContain("0.1 mg/kg");
    expect(top.score).toBeGreaterThan(0);
    expect(results.every((r, i) => i === 0 || results[i - 1]!.score >= r.score)).toBe(true);
  });

  // A chunk's terms are remembered the second time it is a candidate (by id, keyed by its text).
  it("scores a chunk alike when it is first seen, when its terms are remembered, and after its text changed", async () => {
    const db = freshDb();
    addDocument(db, FORMULARY);
    const scores = async () => (await search("meloxicam dose in cats with kidney disease", { db })).map((p) => [p.chunkId, p.score]);
    const first = await scores();
    expect(first.length).toBeGreaterThan(0);
    expect(await scores()).toEqual(first);
    expect(await scores()).toEqual(first);
    // Re-indexed with more about meloxicam: the new chunks (ids may be reused) are read afresh.
    const revised: DocSpec = structuredClone(FORMULARY);
    revised.pages[0]!.blocks.push(para("Meloxicam in cats: meloxicam oral suspension, meloxicam injection."));
    db.transaction(() => indexDocument(db, { id: "formulary", title: FORMULARY.title, authors: [] }, chunkPages(revised.pages)));
    const afterRevision = await scores();
    expect(afterRevision).not.toEqual(first);
    expect(await scores()).toEqual(afterRevision);
    const elsewhere = freshDb();
    addDocument(elsewhere, revised);
    expect((await search("meloxicam dose in cats with kidney disease", { db: elsewhere })).map((p) => p.score)).toEqual(afterRevision.map(([, score]) => score));
  });

  it("records every page a chunk spans", async () => {
    const db = freshDb();
    const long = (topic: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${topic} sentence number ${i} adds clinical detail about the case.`).join(" ");
    addDocument(db, {
      id: "spans",
      title: "Case Reports",
      pages: [page(3, [para(long("Hyperthyroidism", 5))], "iii"), page(4, [para(`Methimazole ${long("Treatment", 5)}`)], "iv")],
    });
    const [top] = await search("methimazole hyperthyroidism", { db, k: 1 });
    expect(top).toMatchObject({ pages: [3, 4], pageLabel: "iii" });
    // Where page 4 starts in the passage's text, from the chunk's stored layout.
    expect(top!.layout!.pages).toEqual([
      { offset: 0, page: 3, label: "iii" },
      { offset: top!.text.indexOf("Methimazole"), page: 4, label: "iv" },
    ]);
    expect(top!.layout!.sentences).toHaveLength(10);
    // Chunks indexed before layouts existed read as null.
    db.$client.prepare("UPDATE chunks SET layout = NULL").run();
    const [old] = await search("methimazole hyperthyroidism", { db, k: 1 });
    expect(old).toMatchObject({ pages: [3, 4], pageLabel: "iii", layout: null });
  });

  it("weights the title and the heading above the body", async () => {
    const db = freshDb();
    const body = "Clinical notes on diagnosis, treatment and monitoring of the condition in practice.";
    addDocument(db, { id: "plain", title: "General Practice Notes", pages: [page(1, [para(`${body} Pancreatitis is mentioned once.`)])] });
    addDocument(db, { id: "titled", title: "Pancreatitis in Dogs", pages: [page(1, [para(`${body} Pancreatitis is mentioned once.`)])] });
    addDocument(db, {
      id: "headed",
      title: "Gastroenterology",
      pages: [page(1, [heading("Pancreatitis"), para(`${body} Pancreatitis is mentioned once.`)])],
    });
    const ids = (await search("pancreatitis", { db })).map((r) => r.documentId);
    expect(ids).toEqual(["titled", "headed", "plain"]);
  });

  it("searches the authors with the title", async () => {
    const db = freshDb();
    addDocument(db, { ...EQUINE, authors: ["Jane Herriot"] });
    addDocument(db, FORMULARY);
    expect((await search("Herriot", { db }))[0]?.documentId).toBe("equine");
  });

  it("limits to the documents asked for", async () => {
    const db = freshDb();
    addDocument(db, FORMULARY);
    addDocument(db, EQUINE);
    const ids = new Set((await search("dose mg/kg", { db, documentIds: ["equine"] })).map((r) => r.documentId));
    expect(ids).toEqual(new Set(["equine"]));
    expect(await search("dose", { db, documentIds: [] })).toEqual([]);
  });

  it("returns nothing for an empty or wordless query", async () => {
    const db = freshDb();
    addDocument(db, FORMULARY);
    expect(await search("", { db })).toEqual([]);
    expect(await search("   ", { db })).toEqual([]);
    expect(await search("?!", { db })).toEqual([]);
    expect(await search("zzyzx unknownword", { db })).toEqual([]);
  });

  it("tells whether any chunk writes words next to each other, however hyphenated, and reads quotes in them as text", () => {
    const db = freshDb();
    addDocument(db, FORMULARY);
    expect(holdsPhrase(db.$client, "clavulanic acid")).toBe(true);
    expect(holdsPhrase(db.$client, "loading dose")).toBe(true);
    expect(holdsPhrase(db.$client, "kidney dose")).toBe(false);
    expect(holdsPhrase(db.$client, 'clavulanic" OR "acid')).toBe(false);
    expect(holdsPhrase(db.$client, "meloxicam")).toBe(false);
    // Near each other, in either order: "acid clavulanic", "dose loading"; not words further apart.
    expect(holdsPhrase(db.$client, "acid clavulanic", 2)).toBe(true);
    expect(holdsPhrase(db.$client, "acid clavulanic")).toBe(false);
    expect(holdsPhrase(db.$client, "amoxicillin acid", 2)).toBe(true);
    expect(holdsPhrase(db.$client, "amoxicillin antibiotic", 2)).toBe(false);
  });
});

describe("what a viewer may see", () => {
  function library(db: Db) {
    const doc = (id: string, extra: Partial<DocSpec>) =>
      addDocument(db, {
        id,
        title: `Notes ${id}`,
        pages: [page(1, [para(`Leptospirosis vaccination schedule for dogs, document ${id}.`)])],
        ...extra,
      });
    doc("shared", {});
    doc("alice-private", { ownerId: "alice" });
    doc("bob-private", { ownerId: "bob" });
    doc("processing", { status: "processing" });
    doc("failed", { status: "failed" });
  }

  it("searches only completed documents", async () => {
    const db = freshDb();
    library(db);
    const ids = (await search("leptospirosis vaccination", { db, viewerId: "alice" })).map((r) => r.documentId);
    expect(ids).not.toContain("processing");
    expect(ids).not.toContain("failed");
    db.update(documents).set({ processingStatus: "completed" }).where(eq(documents.id, "processing")).run();
    expect((await search("leptospirosis vaccination", { db, viewerId: "alice" })).map((r) => r.documentId)).toContain("processing");
  });

  it("shows shared documents and the viewer's own private ones, never another user's", async () => {
    const db = freshDb();
    library(db);
    const seen = async (viewerId: string | null) =>
      new Set((await search("leptospirosis vaccination", { db, viewerId })).map((r) => r.documentId));
    expect(await seen("alice")).toEqual(new Set(["shared", "alice-private"]));
    expect(await seen("bob")).toEqual(new Set(["shared", "bob-private"]));
    expect(await seen(null)).toEqual(new Set(["shared"]));
    expect(await seen("mallory")).toEqual(new Set(["shared"]));
    // Naming another user's document does not reveal it either.
    const named = await search("leptospirosis", { db, viewerId: "alice", documentIds: ["bob-private", "shared"] });
    expect(new Set(named.map((r) => r.documentId))).toEqual(new Set(["shared"]));
  });

  it("still finds the viewer's results when other users' private chunks outrank them", async () => {
    const db = freshDb();
    for (let i = 0; i < 30; i++) {
      addDocument(db, {
        id: `bob-${i}`,
        title: "Ehrlichiosis",
        ownerId: "bob",
        pages: [page(1, [para("Ehrlichiosis ehrlichiosis ehrlichiosis in dogs treated with doxycycline.")])],
      });
    }
    addDocument(db, { id: "shared", title: "Tick-borne disease", pages: [page(1, [para("Ehrlichiosis is tick-borne; doxycycline for 28 days.")])] });
    const results = await search("ehrlichiosis doxycycline", { db, viewerId: "alice", k: 3, tuning: { minCandidates: 5, candidatesPerResult: 1 } });
    expect(results.map((r) => r.documentId)).toEqual(["shared"]);
  });
});

describe("candidates when the query's terms exceed the postings budget", () => {
  /**
   * "meloxicam" is the rarest term, "cat" and "dose" are frequent: with a budget of only the rare term's
   * postings, the candidates are the meloxicam chunks, ranked by which of the query's terms they hold.
   * bm25() over "meloxicam" alone would pick the chunks that repeat it and miss the one that answers.
   */
  function formulary(db: Db, answerOwner: string | null = null) {
    const doc = (id: string, text: string, ownerId: string | null = null) =>
      addDocument(db, { id, title: `Notes ${id}`, ownerId, pages: [page(1, [para(text)])] });
    for (let i = 0; i < 4; i++) doc(`repeats-${i}`, "Meloxicam. Meloxicam meloxicam meloxicam: see the NSAID chapter.");
    for (let i = 0; i < 10; i++) doc(`filler-${i}`, `Cats: the dose of drug ${i} depends on body weight.`);
    for (let i = 0; i < 40; i++) doc(`other-${i}`, `Equine colic, case ${i}: flunixin relieves visceral pain.`);
    doc("answer", "Meloxicam dose in cats: 0.1 mg/kg once daily after a loading dose of 0.2 mg/kg.", answerOwner);
  }
  const budget = { postingsBudget: 5, bm25Candidates: 0, minCandidates: 2, candidatesPerResult: 1 };

  it("ranks the rare term's chunks by all the query terms they hold", async () => {
    const db = freshDb();
    formulary(db);
    const [top] = await search("meloxicam dose cats", { db, k: 1, tuning: budget });
    expect(top?.documentId).toBe("answer");
    // The same answer as with every term generating candidates.
    const [exhaustive] = await search("meloxicam dose cats", { db, k: 1, tuning: { postingsBudget: Number.MAX_SAFE_INTEGER } });
    expect(exhaustive?.documentId).toBe("answer");
  });

  it("never returns another user's private chunk, however well it matches", async () => {
    const db = freshDb();
    formulary(db, "bob");
    const seen = async (viewerId: string) => (await search("meloxicam dose cats", { db, viewerId, k: 3, tuning: budget })).map((r) => r.documentId);
    expect(await seen("alice")).not.toContain("answer");
    expect((await seen("alice")).length).toBe(3);
    expect((await seen("bob"))[0]).toBe("answer");
  });
});

describe("removing a document's index", () => {
  function counts(db: Db) {
    const c = db.$client;
    const one = (sql: string) => c.prepare(sql).pluck().get() as number;
    return {
      chunks: one("SELECT count(*) FROM chunks"),
      fts: one("SELECT count(*) FROM chunks_fts"),
      vocabulary: one("SELECT count(*) FROM chunks_fts_vocab"),
      vectors: one("SELECT count(*) FROM chunk_vectors"),
      bits: one("SELECT count(*) FROM sqlite_master WHERE name = 'chunk_vector_bits_64'") ? one("SELECT count(*) FROM chunk_vector_bits_64") : 0,
      stats: c.prepare("SELECT chunks, tokens FROM search_stats").get(),
    };
  }

  async function indexedWithVectors(db: Db) {
    const embedder = fakeEmbedder();
    for (const spec of [FORMULARY, EQUINE]) {
      const chunks = chunkPages(spec.pages);
      addDocument(db, spec, { embedder, vectors: await embedder.embed(chunks.map((c) => c.text)) });
    }
  }

  it("leaves no full-text rows, vectors or statistics behind (removeDocumentIndex)", async () => {
    const db = freshDb();
    await indexedWithVectors(db);
    expect(counts(db).fts).toBeGreaterThan(0);
    db.transaction(() => {
      removeDocumentIndex(db, "formulary");
      removeDocumentIndex(db, "equine");
    });
    expect(counts(db)).toEqual({ chunks: 0, fts: 0, vocabulary: 0, vectors: 0, bits: 0, stats: { chunks: 0, tokens: 0 } });
    expect(await search("meloxicam", { db })).toEqual([]);
  });

  it("leaves nothing behind when the document row is deleted (cascade and triggers)", async () => {
    const db = freshDb();
    await indexedWithVectors(db);
    const before = counts(db);
    db.delete(documents).where(eq(documents.id, "formulary")).run();
    const after = counts(db);
    expect(after.chunks).toBeLessThan(before.chunks);
    expect(after.fts).toBe(after.chunks);
    expect(after.vectors).toBe(after.chunks);
    expect(after.bits).toBe(after.chunks);
    expect(await search("meloxicam", { db })).toEqual([]);
    expect((await search("flunixin colic", { db }))[0]?.documentId).toBe("equine");
    db.delete(documents).run();
    expect(counts(db)).toEqual({ chunks: 0, fts: 0, vocabulary: 0, vectors: 0, bits: 0, stats: { chunks: 0, tokens: 0 } });
  });

  it("re-indexing a document replaces its chunks", async () => {
    const db = freshDb();
    addDocument(db, FORMULARY);
    const first = counts(db);
    db.transaction(() => indexDocument(db, { id: "formulary", title: FORMULARY.title, authors: [] }, chunkPages(FORMULARY.pages)));
    expect(counts(db).chunks).toBe(first.chunks);
    expect(counts(db).fts).toBe(first.fts);
    expect((await search("meloxicam", { db })).length).toBe(1);
  });

  it("reports index counts", async () => {
    const db = freshDb();
    await indexedWithVectors(db);
    const stats = getIndexStats(db);
    expect(stats.documents).toBe(2);
    expect(stats.chunks).toBe(counts(db).chunks);
    expect(stats.vectors).toBe(stats.chunks);
    expect(stats.vectorsByEmbedder).toEqual([{ embedderId: "test:hashed-bow", dimensions: 64, vectors: stats.chunks }]);
  });
});

/**
 * A test double of the Embedder contract: hashed bag of words, L2-normalised, with a tiny synonym
 * table so that "feline" and "cat" land in the same bucket (what a real model would learn).
 */
function fakeEmbedder(dimensions = 64): Embedder & { calls: number } {
  const synonyms: Record<string, string> = { felin: "cat", canin: "dog", kitten: "cat", queen: "cat" };
  const bucket = (term: string) => {
    let h = 2166136261;
    for (let i = 0; i < term.length; i++) h = Math.imul(h ^ term.charCodeAt(i), 16777619);
    return (h >>> 0) % dimensions;
  };
  const embedder = {
    id: "test:hashed-bow",
    dimensions,
    calls: 0,
    async embed(texts: string[]) {
      embedder.calls++;
      return texts.map((text) => {
        const v = new Float32Array(dimensions);
        for (const t of tokenize(text)) v[bucket(synonyms[t] ?? t)]! += 1;
        const norm = Math.hypot(...v) || 1;
        return v.map((x) => x / norm);
      });
    },
  };
  return embedder;
}

describe("hybrid search", () => {
  const CATS: DocSpec = {
    id: "cats",
    title: "Vaccination Schedules",
    pages: [page(1, [para("Kitten vaccination: cat flu and panleukopenia vaccines at 8, 12 and 16 weeks.")])],
  };

  async function hybridDb() {
    const db = freshDb();
    const embedder = fakeEmbedder();
    for (const spec of [FORMULARY, EQUINE, CATS]) {
      const chunks = chunkPages(spec.pages);
      addDocument(db, spec, { embedder, vectors: await embedder.embed(chunks.map((c) => c.text)) });
    }
    return { db, embedder };
  }

  it("fuses BM25 and vector ranks by reciprocal rank fusion", async () => {
    const { db, embedder } = await hybridDb();
    const results = await search("meloxicam dose cats", { db, embedder });
    expect(embedder.calls).toBeGreaterThan(0);
    expect(results[0]).toMatchObject({ documentId: "formulary", lexicalRank: 1 });
    expect(results.every((r) => r.vectorRank !== null)).toBe(true);
    for (const r of results) {
      const expected = (r.lexicalRank ? 1 / (60 + r.lexicalRank) : 0) + (r.vectorRank ? 1 / (60 + r.vectorRank) : 0);
      expect(r.score).toBeCloseTo(expected, 12);
    }
    expect(results.every((r, i) => i === 0 || results[i - 1]!.score >= r.score)).toBe(true);
  });

  it("keeps BM25's own top k after the fused top k when asked (the answer pipeline's gate sees at least what keyword search saw)", async () => {
    const { db, embedder } = await hybridDb();
    for (const query of ["meloxicam dose cats", "kitten vaccines for felines", "colic horses"]) {
      const [vector] = await embedder.embed([query]);
      const queryVector = { vector: vector!, embedderId: embedder.id };
      for (const k of [1, 2]) {
        const lexical = searchWithVector(db.$client, query, null, { k }).map((p) => p.chunkId);
        const fused = searchWithVector(db.$client, query, queryVector, { k }).map((p) => p.chunkId);
        const kept = searchWithVector(db.$client, query, queryVector, { k, keepLexicalTopK: true }).map((p) => p.chunkId);
        expect(kept.slice(0, fused.length)).toEqual(fused);
        expect(kept).toEqual(expect.arrayContaining(lexical));
        expect(new Set(kept).size).toBe(kept.length);
      }
    }
  });

  it("finds by meaning what BM25 cannot find by words", async () => {
    const { db, embedder } = await hybridDb();
    // "Queens" (breeding cats) is in no synonym list and no passage: only the vectors know it
    expect(await search("queens", { db })).toEqual([]);
    const [top] = await search("queens", { db, embedder });
    expect(top).toMatchObject({ documentId: "cats", lexicalRank: null, vectorRank: 1 });
  });

  it("the binary index with re-ranking finds what the exact scan finds", async () => {
    const { db, embedder } = await hybridDb();
    for (const q of ["meloxicam dose cats", "colic in horses", "kitten vaccines"]) {
      const exact = await search(q, { db, embedder, vectorStrategy: "exact" });
      const binary = await search(q, { db, embedder, vectorStrategy: "binary" });
      expect(binary.map((r) => [r.chunkId, r.vectorRank])).toEqual(exact.map((r) => [r.chunkId, r.vectorRank]));
    }
  });

  it("never shows other users' private documents through vector search", async () => {
    const db = freshDb();
    const embedder = fakeEmbedder();
    const spec: DocSpec = { ...CATS, id: "bob-cats", ownerId: "bob" };
    const chunks = chunkPages(spec.pages);
    addDocument(db, spec, { embedder, vectors: await embedder.embed(chunks.map((c) => c.text)) });
    for (const vectorStrategy of ["exact", "binary"] as const) {
      expect(await search("felines", { db, embedder, viewerId: "alice", vectorStrategy })).toEqual([]);
      expect((await search("felines", { db, embedder, viewerId: "bob", vectorStrategy })).map((r) => r.documentId)).toEqual(["bob-cats"]);
    }
  });

  it("keeps the binary codes in memory in step with new, added and deleted vectors, also from another connection", async () => {
    const db = freshDb();
    const embedder = fakeEmbedder();
    const withVectors = async (target: Db, spec: DocSpec) =>
      addDocument(target, spec, { embedder, vectors: await embedder.embed(chunkPages(spec.pages).map((c) => c.text)) });
    const vectorResults = async (q: string) =>
      (await search(q, { db, embedder, vectorStrategy: "binary" })).filter((r) => r.vectorRank !== null).sort((a, b) => a.vectorRank! - b.vectorRank!);
    const codesMatchVectors = () =>
      expect(loadVectorIndex(db.$client, 64).vectors).toBe(db.$client.prepare("SELECT count(*) FROM chunk_vectors").pluck().get());

    addDocument(db, FORMULARY); // no vectors yet: its chunks have the lowest ids
    await withVectors(db, EQUINE);
    expect((await vectorResults("colic in horses"))[0]?.documentId).toBe("equine"); // codes loaded here
    codesMatchVectors();

    await withVectors(db, CATS); // appended
    expect((await vectorResults("felines"))[0]?.documentId).toBe("cats");
    codesMatchVectors();

    // Vectors for older chunks (below the highest id with a vector): the codes are reloaded.
    const texts = db.$client.prepare("SELECT text FROM chunks WHERE document_id = 'formulary' ORDER BY chunk_index").pluck().all() as string[];
    const formularyVectors = await embedder.embed(texts);
    db.transaction(() => addDocumentVectors(db, "formulary", { embedderId: embedder.id, vectors: formularyVectors }));
    expect((await vectorResults("meloxicam"))[0]?.documentId).toBe("formulary");
    codesMatchVectors();

    // Written by another connection (the ingest worker's): seen by this one's next query.
    const other = openDatabase(db.$client.name);
    dbs.push(other);
    await withVectors(other, { ...CATS, id: "cats-2", title: "Feline Vaccines" });
    expect(new Set((await vectorResults("felines")).slice(0, 2).map((r) => r.documentId))).toEqual(new Set(["cats", "cats-2"]));
    codesMatchVectors();

    // A deleted document's vectors never come back.
    db.delete(documents).where(eq(documents.id, "cats")).run();
    const afterDelete = await vectorResults("felines");
    expect(afterDelete[0]?.documentId).toBe("cats-2");
    expect(afterDelete.some((r) => r.documentId === "cats")).toBe(false);
    codesMatchVectors();
    other.delete(documents).where(eq(documents.id, "cats-2")).run();
    expect((await vectorResults("felines")).some((r) => r.documentId.startsWith("cats"))).toBe(false);
    codesMatchVectors();
  });

  it("adds vectors after indexing, and answers lexically when the embedder fails", async () => {
    const db = freshDb();
    addDocument(db, FORMULARY);
    const embedder = fakeEmbedder();
    const texts = (db.$client.prepare("SELECT text FROM chunks ORDER BY chunk_index").pluck().all() as string[]);
    expect(getIndexStats(db).vectors).toBe(0);
    const vectors = await embedder.embed(texts);
    db.transaction(() => addDocumentVectors(db, "formulary", { embedderId: embedder.id, vectors }));
    expect(getIndexStats(db).vectors).toBe(texts.length);
    const broken: Embedder = { id: embedder.id, dimensions: 64, embed: () => Promise.reject(new Error("connection refused")) };
    const results = await search("meloxicam", { db, embedder: broken });
    expect(results[0]).toMatchObject({ documentId: "formulary", vectorRank: null });
  });
});

describe("query syntax safety", () => {
  const NASTY = [
    "meloxicam AND cats",
    "meloxicam OR",
    "NOT meloxicam",
    "AND OR NOT",
    "NEAR(meloxicam cats)",
    "NEAR(meloxicam cats, 2",
    'meloxicam "cats',
    '"""',
    "meloxi*",
    "*",
    "^meloxicam",
    "text:meloxicam",
    "title: formulary",
    "{title heading}: meloxicam",
    "- meloxicam",
    "meloxicam + cats",
    "((meloxicam",
    "meloxicam))",
    ")(",
    "'; DROP TABLE chunks; --",
    "meloxicam\u0000cats",
    "col:umn:meloxicam",
    "🐈 meloxicam 💊 dose?",
    "🐈🐕",
    "猫的美洛昔康剂量",
    "جرعة الميلوكسيكام للقطط",
    "Доза мелоксикама для кошек",
    "mg/kg 0.1 q24h PO",
    "\\ \\\\ % _ [ ] | & $ # @ !",
    "x".repeat(5000),
    Array.from({ length: 1000 }, (_, i) => `word${i}`).join(" "),
    ("meloxicam dose cats ".repeat(300)).trim(),
  ];

  it("never fails, whatever is typed", async () => {
    const db = freshDb();
    addDocument(db, FORMULARY);
    for (const q of NASTY) {
      const results = await search(q, { db });
      expect(Array.isArray(results), q.slice(0, 40)).toBe(true);
    }
  });

  it("treats operators and filters as plain words", async () => {
    const db = freshDb();
    addDocument(db, FORMULARY);
    addDocument(db, EQUINE);
    for (const q of ["meloxicam AND cats", "NEAR(meloxicam cats)", 'meloxicam "cats', "text:meloxicam", "((meloxicam", "^meloxicam*", "🐈 meloxicam 💊 dose?"]) {
      expect((await search(q, { db }))[0]?.heading, q).toBe("Non-steroidal anti-inflammatory drugs > Meloxicam");
    }
    // "near", "and", "not" are words here: a document about them is found by them.
    addDocument(db, { id: "near", title: "Near misses", pages: [page(1, [para("A near miss report about NOT following protocol.")])] });
    expect((await search("NEAR", { db }))[0]?.documentId).toBe("near");
  });

  it("handles a 5,000-character query", async () => {
    const db = freshDb();
    addDocument(db, FORMULARY);
    const long = `meloxicam ${"the patient presented with lethargy and anorexia ".repeat(110)}`.slice(0, 5000);
    expect(long.length).toBe(5000);
    expect(Array.isArray(await search(long, { db }))).toBe(true);
    const withAnswer = `meloxicam ${"x".repeat(4990)}`;
    expect((await search(withAnswer, { db }))[0]?.documentId).toBe("formulary");
  });
});

describe("languages and scripts", () => {
  it("indexes and finds Norwegian, Cyrillic, Arabic and Chinese text", async () => {
    const db = freshDb();
    const doc = (id: string, title: string, text: string) => addDocument(db, { id, title, pages: [page(1, [para(text)])] });
    doc("no", "Ansvarsvakt – prosedyre", "Ansvarsvakten skal sørge for at beboere får medisiner på riktig tidspunkt. Dyrlegen må varsles ved akutt sykdom hos hunder og katter.");
    doc("ru", "Ветеринарный справочник", "Мелоксикам применяют у кошек в дозе 0,1 мг/кг один раз в сутки. Собака получает другую дозу.");
    doc("ar", "دليل بيطري", "يستخدم الميلوكسيكام لعلاج الألم عند القطط والكلاب.");
    doc("zh", "兽医手册", "美洛昔康用于猫的疼痛治疗，剂量为每公斤0.1毫克。");
    doc("en", "Small Animal Formulary", "Meloxicam for cats at 0.1 mg/kg once daily.");
    const top = async (q: string) => (await search(q, { db }))[0]?.documentId;
    expect(await top("sørge")).toBe("no");
    expect(await top("dyrlegen")).toBe("no");
    // Diacritics fold both ways (å -> a), letters of their own (ø, æ) stay.
    expect(await top("pa riktig tidspunkt")).toBe("no");
    expect(await top("FÅR medisiner")).toBe("no");
    expect(await top("кошек")).toBe("ru");
    expect(await top("МЕЛОКСИКАМ")).toBe("ru");
    expect(await top("القطط")).toBe("ar");
    expect(await top("美洛昔康")).toBe("zh");
    expect(await top("猫的疼痛")).toBe("zh");
    expect(await top("ansvarsvakt")).toBe("no");
  });

  it("folds PDF ligatures and full-width forms", async () => {
    const db = freshDb();
    addDocument(db, { id: "lig", title: "Respiratory", pages: [page(1, [para("Pulmonary ﬁbrosis in West Highland white terriers.")])] });
    expect((await search("fibrosis", { db }))[0]?.documentId).toBe("lig");
    expect((await search("ＦＩＢＲＯＳＩＳ", { db }))[0]?.documentId).toBe("lig");
  });
});

describe("corpus statistics at scale", () => {
  it("counts rare terms exactly and estimates frequent ones closely", () => {
    const db = freshDb();
    const n = EXACT_DF * 3;
    db.insert(documents)
      .values({ id: "big", title: "Big", filename: "big.txt", storedPath: "files/big.txt", fileType: "txt", fileSize: 1, processingStatus: "completed" })
      .run();
    const chunks = Array.from({ length: n }, (_, i) => ({
      index: i,
      text: `${i % 2 === 0 ? "common" : "other"} ${i % 1000 === 0 ? "rare" : "filler"} words`,
      heading: null,
      pages: [1],
      pageLabel: null,
      wordCount: 3,
      layout: { pages: [{ offset: 0, page: 1, label: null }], rows: [] },
    }));
    db.transaction(() => indexDocument(db, { id: "big", title: "Big", authors: [] }, chunks));
    const stats = db.$client.prepare("SELECT chunks, tokens, version FROM search_stats").get() as { chunks: number; tokens: number; version: number };
    expect(stats.chunks).toBe(n);
    expect(countPostings(db.$client, "rare", stats)).toBe(n / 1000);
    const common = countPostings(db.$client, "common", stats);
    expect(Math.abs(common - n / 2) / (n / 2)).toBeLessThan(0.05);
    expect(countPostings(db.$client, "big", stats)).toBe(n);
    expect(countPostings(db.$client, "absent", stats)).toBe(0);
  });

  it("optimizing the index changes no result", async () => {
    const db = freshDb();
    addDocument(db, FORMULARY);
    addDocument(db, EQUINE);
    const before = await search("dose of meloxicam in cats", { db });
    optimizeIndex(db);
    expect(await search("dose of meloxicam in cats", { db })).toEqual(before);
  });
});

describe("background embedding of chunks without vectors", () => {
  const DOCS: DocSpec[] = [
    FORMULARY,
    EQUINE,
    { id: "cats", title: "Vaccination Schedules", pages: [page(1, [para("Kitten vaccination: cat flu and panleukopenia vaccines at 8, 12 and 16 weeks.")])] },
  ];

  it("embeds every chunk lacking a vector of the model in use, in batches, and then search finds by meaning", async () => {
    const db = freshDb();
    for (const spec of DOCS) addDocument(db, spec);
    const embedder = fakeEmbedder();
    const before = vectorCoverage(db.$client, embedder.id);
    expect(before).toMatchObject({ withVectors: 0, missing: getIndexStats(db).chunks });
    // "Queens" (breeding cats): in no passage and no synonym list, so only vectors can find the cats' page
    expect(await search("queens", { db, embedder })).toEqual([]);

    const seen: number[] = [];
    const callsBefore = embedder.calls;
    const embedded = await embedMissingVectors(db, embedder, { batchSize: 1, onProgress: (c) => seen.push(c.missing) });
    expect(embedded).toBe(before.missing);
    expect(embedder.calls - callsBefore).toBe(before.missing);
    expect(seen).toEqual([...Array(before.missing).keys()].map((i) => before.missing - i - 1));
    expect(vectorCoverage(db.$client, embedder.id)).toMatchObject({ withVectors: before.missing, missing: 0 });
    const [top] = await search("queens", { db, embedder });
    expect(top).toMatchObject({ documentId: "cats", lexicalRank: null, vectorRank: 1 });
    // Nothing left: a second run embeds nothing
    expect(await embedMissingVectors(db, embedder)).toBe(0);
  });

  it("replaces the vectors of another model, keeps what a stopped run wrote, and skips chunks deleted meanwhile", async () => {
    const db = freshDb();
    const old = fakeEmbedder(32);
    old.id = "test:older-model";
    for (const spec of DOCS) addDocument(db, spec, { embedder: old, vectors: await old.embed(chunkPages(spec.pages).map((c) => c.text)) });
    const embedder = fakeEmbedder();
    const total = getIndexStats(db).chunks;
    expect(vectorCoverage(db.$client, embedder.id).missing).toBe(total);

    // A run stopped after its first batch (as by a restart) keeps that batch, and the next run does the rest
    const controller = new AbortController();
    await expect(
      embedMissingVectors(db, embedder, { batchSize: 1, signal: controller.signal, onProgress: () => controller.abort(new Error("stopped")) }),
    ).rejects.toThrow("stopped");
    expect(vectorCoverage(db.$client, embedder.id).withVectors).toBe(1);

    // A document deleted while its chunks are being embedded is skipped, not resurrected
    let deleted = false;
    const rest = await embedMissingVectors(db, embedder, {
      beforeBatch: async () => {
        if (!deleted) removeDocumentIndex(db, "cats");
        deleted = true;
      },
    });
    const left = getIndexStats(db).chunks;
    expect(rest).toBe(left - 1);
    expect(getIndexStats(db).vectorsByEmbedder).toEqual([{ embedderId: embedder.id, dimensions: 64, vectors: left }]);
  });
});

describe("British and American spellings", () => {
  const HAEMATOLOGY: DocSpec = {
    id: "haematology",
    title: "Feline Haematology",
    pages: [page(3, [heading("Anaemia"), para("Immune-mediated haemolytic anaemia in cats causes pallor; faeces may be dark. Oedema is rare.")])],
  };
  const HEMATOLOGY: DocSpec = {
    id: "hematology",
    title: "Canine Hematology",
    pages: [page(5, [heading("Esophagus"), para("Megaesophagus in dogs leads to regurgitation; aspiration causes edema of the lungs.")])],
  };

  it("finds an American-spelled passage with a British query, and the reverse", async () => {
    const db = freshDb();
    addDocument(db, HAEMATOLOGY);
    addDocument(db, HEMATOLOGY);
    const found = async (query: string) => new Set((await search(query, { db })).map((r) => r.documentId));
    expect(await found("hemolytic anemia")).toEqual(new Set(["haematology"]));
    expect(await found("feces")).toEqual(new Set(["haematology"]));
    expect(await found("megaoesophagus")).toEqual(new Set(["hematology"]));
    expect(await found("oedema")).toEqual(new Set(["haematology", "hematology"]));
    expect(await found("edema")).toEqual(new Set(["haematology", "hematology"]));
  });

  it("rebuilds an index written by an older tokenizer at start, so both spellings match again", async () => {
    const db = freshDb();
    addDocument(db, HAEMATOLOGY);
    const client = db.$client;
    // What the tokenizer before spelling folding wrote: British terms as they are
    const id = client.prepare("SELECT id FROM chunks WHERE document_id = 'haematology'").pluck().get() as number;
    client.prepare("DELETE FROM chunks_fts WHERE rowid = ?").run(id);
    client.prepare("INSERT INTO chunks_fts (rowid, title, heading, body) VALUES (?, ?, ?, ?)").run(id, "felin haematolog", "anaemia", "immun mediat haemolyt anaemia in cat");
    client.prepare("UPDATE search_stats SET analyzer = 1").run();
    expect(await search("hemolytic anemia", { db })).toEqual([]);

    expect(rebuildStaleIndex(db)).toMatch(/rebuilt .*version 1 to \d+\): 1 chunks/);
    expect((await search("hemolytic anemia", { db }))[0]?.documentId).toBe("haematology");
    expect((await search("haemolytic anaemia", { db }))[0]?.documentId).toBe("haematology");
    // Current: nothing to do the next time
    expect(rebuildStaleIndex(db)).toBeNull();
  });
});

describe("typo tolerance", () => {
  it("finds a lay phrase's passage by its clinical name, though the word they share ('disease') is everywhere", async () => {
    const db = freshDb();
    addDocument(db, { id: "dental", title: "Dentistry", pages: [page(227, [para("Periodontal disease is the most common health problem of adult cats.")])] });
    addDocument(db, { id: "fip", title: "Feline Infectious Diseases", pages: [page(166, [para("Feline infectious peritonitis is a fatal disease of cats, and the disease is common in young cats.")])] });
    addDocument(db, { id: "kidney", title: "Feline Nephrology", pages: [page(12, [para("Chronic kidney disease is a common disease of older cats.")])] });
    expect((await search("gum disease in cats", { db }))[0]?.documentId).toBe("dental");
  });

  it("corrects a typo'd drug name to the knowledge base's word, and search then finds its page", async () => {
    const db = freshDb();
    addDocument(db, FORMULARY);
    addDocument(db, EQUINE);
    expect(await search("meloxicm", { db })).toEqual([]);
    const corrected = correctQuery(db.$client, "What is the dose of meloxicm in cats?");
    expect(corrected.corrections).toEqual([{ typed: "meloxicm", searched: "meloxicam" }]);
    expect(corrected.text).toBe("What is the dose of meloxicam in cats?");
    expect((await search(corrected.text, { db }))[0]).toMatchObject({ documentId: "formulary", pages: [12] });
    expect(correctionsLabel(corrected.corrections)).toBe("Searched for: meloxicam (typed: meloxicm)");
    // Two letters swapped are one edit
    expect(correctQuery(db.$client, "flunixin meglumnie in horses").corrections).toEqual([{ typed: "meglumnie", searched: "meglumine" }]);
  });

  it("does not correct a name written with a capital into a common word the knowledge base never writes as a name ('is Virkon S enough?')", () => {
    const db = freshDb();
    addDocument(db, {
      id: "parvo",
      title: "Canine Parvovirus",
      pages: [page(91, [para("The virion of canine parvovirus is highly resistant to environmental conditions. Ovine neosporosis causes abortion in ewes.")])],
    });
    expect(correctQuery(db.$client, "is Virkon S enough to kill it on the kennel floors?").corrections).toEqual([]);
    expect(correctQuery(db.$client, "is the virkon enough to kill it?").corrections).toEqual([{ typed: "virkon", searched: "virion" }]);
    // (A name the knowledge base writes in another form is still corrected: "Neosporose" is neosporosis.)
    expect(correctQuery(db.$client, "Can Neosporose cause abortion in sheep?").corrections).toEqual([{ typed: "Neosporose", searched: "neosporosis" }]);
  });

  it("does not correct a genus repeated as its epithet into a word the knowledge base writes ('Heterophyes heterophyes')", () => {
    const db = freshDb();
    addDocument(db, {
      id: "flukes",
      title: "Fish-borne trematodes",
      pages: [page(198, [para("Heterophils increase in the blood of infected hosts. Intestinal flukes of the Heterophyidae such as Haplorchis spp. are fish-borne.")])],
    });
    expect(correctQuery(db.$client, "Is Heterophyes heterophyes a fish-borne fluke?").corrections).toEqual([]);
    expect(correctQuery(db.$client, "do heterophyes rise in the blood?").corrections).toEqual([{ typed: "heterophyes", searched: "heterophils" }]);
  });

  it("does not correct an epithet after a genus the knowledge base writes into a common word ('Flavobacterium columnare')", () => {
    const db = freshDb();
    addDocument(db, {
      id: "gills",
      title: "Fish gill disease",
      pages: [page(7, [para("Flavobacterium branchiophilum causes bacterial gill disease. The gill epithelium becomes columnar and hyperplastic.")])],
    });
    expect(correctQuery(db.$client, "Is there a PCR for Flavobacterium columnare?").corrections).toEqual([]);
    // (An epithet the genus is written beside is still corrected.)
    expect(correctQuery(db.$client, "Is there a PCR for Flavobacterium branchiophilium?").corrections).toEqual([{ typed: "branchiophilium", searched: "branchiophilum" }]);
  });

  it("corrects a typo into the word the knowledge base writes beside its neighbour, of words as near ('alopecia areta')", () => {
    const db = freshDb();
    addDocument(db, {
      id: "skin",
      title: "Equine skin",
      pages: [
        page(221, [para("Alopecia areata is an uncommon immune-mediated hair loss reported in horses. The lesions appear on the face and neck.")]),
        page(222, [para("The affected area is clipped. A wide area of the trunk is examined. The area around the eye is spared. Each area is scored.")]),
      ],
    });
    expect(correctQuery(db.$client, "alopecia areta in horses: where do the lesions show up?").corrections).toEqual([{ typed: "areta", searched: "areata" }]);
    // (Alone, the typo is the commoner word as near.)
    expect(correctQuery(db.$client, "which areta of the trunk is clipped?").corrections).toEqual([{ typed: "areta", searched: "area" }]);
  });

  it("reads the index afresh once it changes: a word a new document writes is no longer corrected, two words it joins are joined", () => {
    const db = freshDb();
    addDocument(db, FORMULARY);
    expect(correctQuery(db.$client, "is meloxicm safe in cats?").corrections).toEqual([{ typed: "meloxicm", searched: "meloxicam" }]);
    expect(correctQuery(db.$client, "skin fold dermatitis in cats").corrections).toEqual([]);
    expect([holdsName(db.$client, "meloxicm"), holdsPhrase(db.$client, "skinfold dermatitis")]).toEqual([false, false]);
    addDocument(db, {
      id: "labels",
      title: "Label Errors",
      pages: [page(1, [para("Meloxicm is a misprint found on some imported labels. Skinfold dermatitis is common in brachycephalic cats.")])],
    });
    expect(correctQuery(db.$client, "is meloxicm safe in cats?").corrections).toEqual([]);
    expect(correctQuery(db.$client, "skin fold dermatitis in cats").corrections).toEqual([{ typed: "skin fold", searched: "skinfold" }]);
    expect([holdsName(db.$client, "meloxicm"), holdsPhrase(db.$client, "skinfold dermatitis")]).toEqual([true, true]);
  });

  it("corrects a word spelled as it sounds ('diarea', 'nuemonia'), two or three edits away, to the word that sounds alike", () => {
    const db = freshDb();
    addDocument(db, {
      id: "calves",
      title: "Calf Health",
      pages: [page(9, [para("Pneumonia and diarrhea are the main causes of calf losses. Dietary changes and diarist notes were recorded.")])],
    });
    expect(correctQuery(db.$client, "which antibiotics trigger diarea in calves?").corrections).toEqual([{ typed: "diarea", searched: "diarrhea" }]);
    expect(correctQuery(db.$client, "what causes nuemonia in calves?").corrections).toEqual([{ typed: "nuemonia", searched: "pneumonia" }]);
    expect(correctQuery(db.$client, "Diarea in calves?").corrections).toEqual([{ typed: "Diarea", searched: "diarrhea" }]);
    // (Not a name, capitalised inside a sentence or with inner capitals: "Newmonia" is spelled as its owner spells it.)
    expect(correctQuery(db.$client, "is the Newmonia strain lentogenic?").corrections).toEqual([]);
    expect(correctQuery(db.$client, "is the NewMonia strain lentogenic?").corrections).toEqual([]);
  });

  it("reads a word spelled out syllable by syllable ('shisto-so-my-asis') as the word, and leaves hyphenated phrases as typed", () => {
    const db = freshDb();
    addDocument(db, { id: "zoonoses", title: "Zoonoses", pages: [page(67, [para("Schistosomiasis and leptospirosis spread from cattle to people; point of lay hens are housed apart.")])] });
    const corrected = correctQuery(db.$client, "how much do cows spread shisto-so-my-asis to people?");
    expect(corrected.corrections).toEqual([{ typed: "shisto-so-my-asis", searched: "schistosomiasis" }]);
    expect(corrected.text).toBe("how much do cows spread schistosomiasis to people?");
    expect(correctQuery(db.$client, "is lepto-spy-rosis in dogs?").text).toBe("is leptospirosis in dogs?");
    expect(correctQuery(db.$client, "point-of-lay hens and dog-to-dog spread").corrections).toEqual([]);
    expect(correctQuery(db.$client, "point-of-lay hens and dog-to-dog spread").text).toBe("point-of-lay hens and dog-to-dog spread");
  });

  it("reads a hyphenated word the knowledge base writes as one ('gastro-oesophageal'), not one it writes apart", () => {
    const db = freshDb();
    addDocument(db, { id: "dogs", title: "Canine Surgery", pages: [page(24, [para("Gastroesophageal intussusception is a rare condition of young dogs. Pre-existing megaesophagus is common.")])] });
    const corrected = correctQuery(db.$client, "pup with a gastro-oesophageal intussusception - how urgent?");
    expect(corrected.corrections).toEqual([{ typed: "gastro-oesophageal", searched: "gastroesophageal" }]);
    expect(correctQuery(db.$client, "is pre-existing megaesophagus common?").corrections).toEqual([]);
  });

  it("reads a digit typed for the letter below it ('cattl3'), not a code ('PCV2', 'ehv1')", () => {
    const db = freshDb();
    addDocument(db, {
      id: "babesia",
      title: "Tick Fever",
      pages: [page(65, [para("Babesia bovis causes tick fever in cattle. Porcine circovirus PCV2 and EHV1 are viruses.")])],
    });
    const corrected = correctQuery(db.$client, "which Babesia cause tick fever in cattl3?");
    expect(corrected.corrections).toEqual([{ typed: "cattl3", searched: "cattle" }]);
    expect(corrected.text).toBe("which Babesia cause tick fever in cattle?");
    expect(correctQuery(db.$client, "is pcv2 in cattle and ehv1 in horses?").corrections).toEqual([]);
  });

  it("joins a word typed in two ('macro lides', 'ring worm'), not two words the index holds apart", () => {
    const db = freshDb();
    addDocument(db, { id: "macrolides", title: "Antimicrobials", pages: [page(21, [para("Macrolides are ineffective against Escherichia coli. Blood cells were counted on a ring of the slide.")])] });
    expect(correctQuery(db.$client, "what are macro lides not effective against?")).toMatchObject({ text: "what are macrolides not effective against?", corrections: [{ typed: "macro lides", searched: "macrolides" }] });
    // (Ringworm is in the reviewed vocabulary, searched for as dermatophytosis.)
    expect(correctQuery(db.$client, "ring worm in cats").text).toBe("ringworm in cats");
    // (Wherever the pair falls among the words.)
    expect(correctQuery(db.$client, "what are not macro lides effective against?").text).toBe("what are not macrolides effective against?");
    expect(correctQuery(db.$client, "how many blood cells make urine pink?").corrections).toEqual([]);
    // (Nor a phrase the vocabulary lists as written.)
    expect(correctQuery(db.$client, "pink eye in sheep").corrections).toEqual([]);
  });

  it("joins a word typed in two whose first part is quoted as heard ('a 'dependo' parvovirus')", () => {
    const db = freshDb();
    addDocument(db, { id: "parvo", title: "Parvoviruses", pages: [page(3, [para("The genus Dependoparvovirus infects birds, reptiles and mammals. We depend on the parvovirus genera named here.")])] });
    expect(correctQuery(db.$client, "a vet mentioned a 'dependo' parvovirus in snakes")).toMatchObject({
      text: "a vet mentioned a 'dependoparvovirus in snakes",
      corrections: [{ typed: "dependo' parvovirus", searched: "dependoparvovirus" }],
    });
    // (Not two quoted words apart: the quote ends a name.)
    expect(correctQuery(db.$client, "is 'parvovirus' genera a word?").corrections).toEqual([]);
  });

  it("joins a word typed in two and misspelled ('macro leides') into the word one edit away, where the index lacks a part", () => {
    const db = freshDb();
    addDocument(db, { id: "macrolides", title: "Antimicrobials", pages: [page(21, [para("Macrolides are ineffective against Escherichia coli. Blood cells were counted on a ring of the slide.")])] });
    expect(correctQuery(db.$client, "do macro leides work against e coli?")).toMatchObject({ text: "do macrolides work against e coli?", corrections: [{ typed: "macro leides", searched: "macrolides" }] });
    // (Two words the index holds stay apart, however near their joined form is to a word.)
    expect(correctQuery(db.$client, "blood cells counted").corrections).toEqual([]);
  });

  it("corrects to the written form the typo is of, though the first passages holding the word have another", () => {
    const db = freshDb();
    for (const n of [1, 2, 3]) addDocument(db, { id: `rabbits-${n}`, title: `Lagomorphs ${n}`, pages: [page(n, [para(`Rabbits in colony ${n} were vaccinated against myxomatosis.`)])] });
    addDocument(db, { id: "rabbit", title: "Rabbit Medicine", pages: [page(4, [para("The rabbit is an obligate herbivore.")])] });
    expect(correctQuery(db.$client, "rabit haemorrhagic disease").corrections).toEqual([{ typed: "rabit", searched: "rabbit" }]);
  });

  it("corrects a typo in a word's ending that changes how it stems ('mutaion', 'mechanisims')", () => {
    const db = freshDb();
    addDocument(db, { id: "macrolides", title: "Antimicrobial Resistance", pages: [page(21, [para("Mechanisms of macrolide resistance include the A2059G mutation in 23S rRNA.")])] });
    expect(correctQuery(db.$client, "what does the A2059G mutaion do, and which mechanisims?").corrections).toEqual([
      { typed: "mutaion", searched: "mutation" },
      { typed: "mechanisims", searched: "mechanisms" },
    ]);
    // Another ending of a word is no typo of it.
    addDocument(db, { id: "liver", title: "Hepatology", pages: [page(3, [para("Canine hepatitis is caused by canine adenovirus 1.")])] });
    expect(correctQuery(db.$client, "hepatitic disease patterns").corrections).toEqual([]);
    // A vowel mistyped before the same last letter is a typo of it.
    addDocument(db, { id: "reptiles", title: "Reptile Medicine", pages: [page(48, [para("'Mouth rot' (stomatitis) is common in snakes.")])] });
    expect(correctQuery(db.$client, "what causes stomatitus in snakes").corrections).toEqual([{ typed: "stomatitus", searched: "stomatitis" }]);
    // So is a letter left out before the same last letter, or a last letter left off.
    expect(correctQuery(db.$client, "stomatits in snakes").corrections).toEqual([{ typed: "stomatits", searched: "stomatitis" }]);
    addDocument(db, { id: "resp", title: "Respiratory Medicine", pages: [page(9, [para("Coughing and nasal discharge are common.")])] });
    expect(correctQuery(db.$client, "is the coughin worse at night").corrections).toEqual([{ typed: "coughin", searched: "coughing" }]);
  });

  it("parts two words typed as one ('howlong', 'dogwith'), not two words of substance ('quicksort') nor a name", () => {
    const db = freshDb();
    addDocument(db, { id: "parvo", title: "Canine Parvovirus", pages: [page(92, [para("The virus can remain viable outside of its host for at least a year; a dog with parvovirus sheds it for a long time. Sort the samples quickly.")])] });
    expect(correctQuery(db.$client, "howlong does parvo last outside").corrections).toEqual([{ typed: "howlong", searched: "how long" }]);
    expect(correctQuery(db.$client, "a dogwith parvovirus").text).toBe("a dog with parvovirus");
    expect(correctQuery(db.$client, "time complexity of quicksort").corrections).toEqual([]);
    expect(correctQuery(db.$client, "Bartonella in a dog").corrections).toEqual([]);
  });

  it("parts two words of substance written as one ('lifecycle') where the passages write them side by side, and only there", () => {
    const db = freshDb();
    addDocument(db, { id: "lice", title: "Poultry Parasites", pages: [page(129, [para("These lice complete their entire 2-3-week life cycle on the host. The heart rate rose. Sort the samples quickly.")])] });
    expect(correctQuery(db.$client, "chicken lice lifecycle how long").corrections).toEqual([{ typed: "lifecycle", searched: "life cycle" }]);
    expect(correctQuery(db.$client, "heartrate in lousy hens").text).toBe("heart rate in lousy hens");
    // (Not two words the passages never write together.)
    expect(correctQuery(db.$client, "time complexity of quicksort").corrections).toEqual([]);
    expect(correctQuery(db.$client, "cyclelife of lice").corrections).toEqual([]);
  });

  it("reads a word too short for correction by the caller's vocabulary ('pupy'), when no dictionary or passage holds it", () => {
    const db = freshDb();
    addDocument(db, { id: "parvo", title: "Canine Parvovirus", pages: [page(92, [para("Mortality can reach 91% in untreated puppies.")])] });
    const puppy = (typed: string) => (typed === "pupy" || typed === "pups" ? "puppy" : null);
    expect(correctQuery(db.$client, "pupy with parvo", defaultMaxEdits, puppy).text).toBe("puppy with parvo");
    expect(correctQuery(db.$client, "pupy with parvo").corrections).toEqual([]);
    // (An English word is not read so.)
    expect(correctQuery(db.$client, "pups with parvo", defaultMaxEdits, puppy).corrections).toEqual([]);
  });

  it("corrects a typo to the English word one edit away whose stem is too short to be a candidate ('negitive' -> 'neg')", () => {
    const db = freshDb();
    addDocument(db, { id: "fiv", title: "Feline Retroviruses", pages: [page(164, [para("A negative antigen test does not rule out regressive infection.")])] });
    expect(correctQuery(db.$client, "her antigen was negitive").corrections).toEqual([{ typed: "negitive", searched: "negative" }]);
    // (Only to a word the knowledge base holds.)
    expect(correctQuery(db.$client, "her antigen was negoitate").corrections).toEqual([]);
  });

  it("leaves a word of the reviewed vocabulary as typed ('neuro'), however near a word of the knowledge base", () => {
    const db = freshDb();
    addDocument(db, { id: "neuro", title: "Neurology", pages: [page(2, [para("Each neuron of the brainstem was examined.")])] });
    expect(correctQuery(db.$client, "how often does FIP go neuro").corrections).toEqual([]);
    expect(correctQuery(db.$client, "each nueron").corrections).toEqual([{ typed: "nueron", searched: "neuron" }]);
  });

  it("spells a word misspelled in the ending its stem drops as the English word ('prevalant'), for what reads what is asked", () => {
    const db = freshDb();
    addDocument(db, { id: "tryps", title: "Trypanosomes", pages: [page(5, [para("The prevalence of T. vivax in cattle herds was 12%.")])] });
    expect(correctQuery(db.$client, "how prevalant is T. vivax in cattle?").corrections).toEqual([{ typed: "prevalant", searched: "prevalent" }]);
    // A word of the knowledge base that no dictionary holds stays as typed.
    expect(correctQuery(db.$client, "vivax herds").corrections).toEqual([]);
  });

  it("corrects two letters swapped at a word's start ('pnuemothorax'), which the kept prefix cannot see", () => {
    const db = freshDb();
    addDocument(db, { id: "thorax", title: "Thoracic Surgery", pages: [page(8, [para("Blunt trauma is a common cause of pneumothorax in cats; pneumonia is rarer.")])] });
    expect(correctQuery(db.$client, "common causes of pnuemothorax in cats?").corrections).toEqual([{ typed: "pnuemothorax", searched: "pneumothorax" }]);
    expect(correctQuery(db.$client, "is pnuemonia common?").corrections).toEqual([{ typed: "pnuemonia", searched: "pneumonia" }]);
    // A swap and another typo in a word too short for two edits is not corrected, unless it sounds like the word ("pnuemonai").
    expect(correctQuery(db.$client, "is pnuemonis common?").corrections).toEqual([]);
    expect(correctQuery(db.$client, "is pnuemonai common?").corrections).toEqual([{ typed: "pnuemonai", searched: "pneumonia" }]);
  });

  it("corrects a binomial's half by the words written beside its other half ('Babesia rosi', 'D. imitis', 'micobacterium bovis')", () => {
    const db = freshDb();
    addDocument(db, { id: "babesia", title: "Canine Babesiosis", pages: [page(97, [para("Babesia rossi causes the most severe disease of the Babesia species infecting dogs.")])] });
    addDocument(db, { id: "diro", title: "Heartworm", pages: [page(102, [para("Dirofilaria repens lives under the skin; adult D. immitis worms live in the pulmonary arteries.")])] });
    addDocument(db, { id: "tb", title: "Bovine Tuberculosis", pages: [page(63, [para("Mycobacterium bovis infects cattle, badgers and possums. Clinical signs are weight loss and weakness.")])] });
    // (Too short for a typo on its own, and a typo in the first letters: found beside the genus or the epithet.)
    // (The default policy leaves short words alone; the answer pipeline's lets a non-species word be corrected.)
    const anyWord = () => Number.POSITIVE_INFINITY;
    expect(correctQuery(db.$client, "Babesia rosi in dogs", anyWord).corrections).toEqual([{ typed: "rosi", searched: "rossi" }]);
    expect(correctQuery(db.$client, "Dirofilaria repens vs D. imitis").corrections).toEqual([{ typed: "imitis", searched: "immitis" }]);
    expect(correctQuery(db.$client, "which animals catch micobacterium bovis?").corrections).toEqual([{ typed: "micobacterium", searched: "mycobacterium" }]);
    // Words that are no binomial's halves are not read so.
    expect(correctQuery(db.$client, "TB in cattle – clincal signs?").corrections).not.toContainEqual({ typed: "clincal", searched: "Clinical" });
    expect(correctQuery(db.$client, "rosi in dogs", anyWord).corrections).toEqual([]);
  });

  it("never turns a real word the knowledge base lacks into a different one", () => {
    const db = freshDb();
    addDocument(db, FORMULARY);
    // An English word one edit from an index word: "rental" is not "renal"
    expect(correctQuery(db.$client, "rental values").corrections).toEqual([]);
    expect(correctQuery(db.$client, "renl values").corrections).toEqual([]);
    expect(correctQuery(db.$client, "rennal values").corrections).toEqual([{ typed: "rennal", searched: "renal" }]);
    // A name the caller protects (a drug two edits from another drug) stays as typed
    const drugsOneEdit = (word: string) => (/one$|olone$/.test(word) ? 1 : 2);
    addDocument(db, { id: "steroids", title: "Steroids", pages: [page(1, [para("Prednisolone 1 mg/kg orally once daily for immune-mediated disease.")])] });
    expect(correctQuery(db.$client, "prednisone dose", drugsOneEdit).corrections).toEqual([]);
    expect(correctQuery(db.$client, "prednisolne dose", drugsOneEdit).corrections).toEqual([{ typed: "prednisolne", searched: "prednisolone" }]);
  });

  it("leaves words the index knows, short words, acronyms and codes as typed", () => {
    const db = freshDb();
    addDocument(db, FORMULARY);
    expect(correctQuery(db.$client, "COX-2 inhibitor in cats, NSAIDS, COXX-2, dse").corrections).toEqual([]);
  });
});

describe("synonyms", () => {
  const RESPIRATORY: DocSpec = {
    id: "respiratory",
    title: "Canine Respiratory Medicine",
    pages: [page(8, [heading("Infectious tracheobronchitis"), para("Infectious tracheobronchitis passes by aerosol among dogs housed together and lasts one to three weeks.")])],
  };

  it("counts a synonym fully for a word the knowledge base never uses ('ringworm' where it says 'dermatophytosis')", async () => {
    const db = freshDb();
    addDocument(db, { id: "skin", title: "Dermatology", pages: [page(18, [para("Wood's lamp examination screens for dermatophytosis caused by Microsporum canis.")])] });
    for (const n of [1, 2, 3]) addDocument(db, { id: `cats-${n}`, title: `Feline Medicine ${n}`, pages: [page(n, [para(`Kittens and cats in shelter ${n} are tested for FIV; cats that fight are at risk.`)])] });
    expect((await search("can kittens and cats get ringworm", { db }))[0]?.documentId).toBe("skin");
  });

  it("finds the clinical name's page for a lay name, ranked below a passage with the user's own words", async () => {
    const db = freshDb();
    addDocument(db, RESPIRATORY);
    addDocument(db, EQUINE);
    expect((await search("kennel cough spread", { db }))[0]).toMatchObject({ documentId: "respiratory", pages: [8] });
    addDocument(db, { id: "boarding", title: "Boarding Notes", pages: [page(2, [para("Kennel cough spread in boarding facilities is reduced by ventilation.")])] });
    const both = (await search("kennel cough spread", { db })).map((r) => r.documentId);
    expect(both.slice(0, 2)).toEqual(["boarding", "respiratory"]);
  });

  it("counts a synonym as the question's word when judging what a passage covers, never a synonym's word alone", () => {
    const db = freshDb();
    addDocument(db, RESPIRATORY);
    const analysis = analyzeQuery("kennel cough in dogs", db);
    // Only the question's own words: the expansions are searched for but not judged
    expect(analysis.terms.map((t) => t.term).sort()).toEqual(tokenize("kennel cough dogs").sort());
    expect(analysis.terms.find((t) => t.term === tokenize("dogs")[0])?.alternatives).toEqual([tokenize("canine")]);
    expect(analysis.terms.find((t) => t.term === "kennel")?.alternatives).toContainEqual(tokenize("infectious tracheobronchitis"));
  });
});

describe("abbreviations the knowledge base defines", () => {
  // TBE is not in clinical-abbreviations.json: only the knowledge base's own definition can expand it
  const DEFINES: DocSpec = {
    id: "ticks",
    title: "Ticks of Europe",
    pages: [page(4, [para("Tick-borne encephalitis (TBE) is transmitted by Ixodes ricinus nymphs and adults.")])],
  };
  const SPELLS_OUT: DocSpec = {
    id: "hunting",
    title: "Hunting Dogs",
    pages: [page(9, [para("Antibodies to tick-borne encephalitis virus were found in hunting dogs with a neurological history.")])],
  };

  it("finds, for a short form, a passage in another document that only spells it out, and the reverse", async () => {
    const db = freshDb();
    addDocument(db, SPELLS_OUT);
    expect(await search("TBE", { db })).toEqual([]);
    addDocument(db, DEFINES);
    const found = (await search("TBE antibodies neurological", { db })).map((r) => r.documentId);
    expect(found[0]).toBe("hunting");
    addDocument(db, { id: "short", title: "Ward Notes", pages: [page(1, [para("TBE was confirmed by serology in two dogs.")])] });
    // "Ward Notes" holds none of these words, only the short form the knowledge base defines for them
    expect((await search("tick-borne encephalitis", { db })).map((r) => r.documentId)).toContain("short");
  });

  it("forgets a document's abbreviations when it is deleted or re-indexed without them", async () => {
    const db = freshDb();
    addDocument(db, SPELLS_OUT);
    addDocument(db, DEFINES);
    expect((await search("TBE antibodies", { db })).map((r) => r.documentId)).toContain("hunting");
    db.delete(documents).where(eq(documents.id, "ticks")).run();
    expect(db.$client.prepare("SELECT count(*) FROM abbreviations").pluck().get()).toBe(0);
    expect(await search("TBE antibodies", { db })).toSatisfy((results: Array<{ documentId: string }>) => results.every((r) => r.documentId === "hunting"));
    expect((await search("TBE", { db })).length).toBe(0);
    addDocument(db, DEFINES);
    removeDocumentIndex(db, "ticks");
    expect(db.$client.prepare("SELECT count(*) FROM abbreviations").pluck().get()).toBe(0);
  });

  it("uses a document's definitions from the moment it completes (its status change is an index change)", async () => {
    const db = freshDb();
    addDocument(db, SPELLS_OUT);
    addDocument(db, DEFINES);
    db.update(documents).set({ processingStatus: "processing" }).where(eq(documents.id, "ticks")).run();
    expect(await search("TBE antibodies", { db })).toSatisfy((results: Array<{ documentId: string }>) => results.every((r) => r.documentId !== "ticks"));
    expect(analyzeQuery("TBE antibodies", db).terms.find((t) => t.term === "tbe")?.alternatives).toBeUndefined();
    db.update(documents).set({ processingStatus: "completed" }).where(eq(documents.id, "ticks")).run();
    expect(analyzeQuery("TBE antibodies", db).terms.find((t) => t.term === "tbe")?.alternatives).toEqual([tokenize("tick-borne encephalitis")]);
  });

  it("reads a code typed joined ('SAV3') as written apart only where a passage writes it so, not a gene no passage names ('MBD3')", () => {
    const db = freshDb();
    addDocument(db, { id: "sav", title: "Salmonid Alphavirus", pages: [page(202, [para("SAV 3 has so far only been detected in Norway.")])] });
    addDocument(db, { id: "mbd", title: "Methylation", pages: [page(5, [para("MBD proteins bind methylated DNA; MBD2 is one of them.")])] });
    expect(analyzeQuery("Is SAV3 in Scotland?", db).terms.find((t) => t.term === "sav3")?.alternatives).toContainEqual(["sav", "3"]);
    expect(analyzeQuery("Does MBD3 bind DNA?", db).terms.find((t) => t.term === "mbd3")?.alternatives ?? []).toEqual([]);
  });

  it("reads a genus no passage writes as the disease named after it, and searches a word the question writes twice once", async () => {
    const db = freshDb();
    addDocument(db, { id: "worms", title: "Sheep Parasites", pages: [page(1, [para("Control of haemonchosis in sheep: H. contortus has developed resistance to almost all anthelmintics, so targeted selective treatment is advised.")])] });
    addDocument(db, { id: "flock", title: "Farm Health Plans", pages: [page(1, [para("Sheep flock health plans include vaccination, foot trimming and body condition scoring of the flock.")])] });
    const genusOnly = analyzeQuery("How should I control Haemonchus in a sheep flock?", db).terms.find((t) => t.term === tokenize("Haemonchus")[0]);
    expect(genusOnly?.alternatives).toContainEqual(tokenize("haemonchosis"));
    expect((await search("How should I control Haemonchus in a sheep flock?", { db }))[0]?.documentId).toBe("worms");
    const both = "Control of haemonchosis caused by Haemonchus contortus in a sheep flock with anthelmintic resistance";
    const terms = analyzeQuery(both, db).terms.map((t) => t.term);
    expect(terms.filter((t) => t === tokenize("haemonchosis")[0])).toHaveLength(1);
    expect((await search(both, { db }))[0]?.documentId).toBe("worms");
    // The worm's lay name finds it too.
    expect((await search("lambs going pale, neighbour reckons it's barber's pole", { db }))[0]?.documentId).toBe("worms");
  });

  it("reads a genus the knowledge base writes as the disease named after it too ('Babesia' and 'ovine babesiosis')", async () => {
    const db = freshDb();
    addDocument(db, { id: "cattle", title: "Cattle Parasites", pages: [page(1, [para("Babesia bovis and Babesia bigemina are the most widespread Babesia species of cattle.")])] });
    addDocument(db, { id: "ovine", title: "Sheep Parasites", pages: [page(1, [para("Ovine babesiosis is transmitted by ixodid ticks; B. ovis is the most pathogenic species.")])] });
    const genus = analyzeQuery("Which Babesia species hits wethers hardest?", db).terms.find((t) => t.term === tokenize("Babesia")[0]);
    expect(genus?.alternatives).toContainEqual(tokenize("babesiosis"));
    expect((await search("Which Babesia species hits wethers hardest?", { db })).map((r) => r.documentId)).toContain("ovine");
  });

  it("drops function words from a query, and what is left of a negative contraction ('won't', 'aren't')", () => {
    const db = freshDb();
    addDocument(db, { id: "foot", title: "Sheep Lameness", pages: [page(1, [para("Septic pedal arthritis in sheep rarely responds to antibiotic injections.")])] });
    const terms = analyzeQuery("the injections aren't working and she won't eat, pls help", db).terms.map((t) => t.term);
    expect(terms).toEqual(expect.arrayContaining(tokenize("injections working eat help")));
    for (const dropped of ["the", "aren", "won", "pls", "and", "she"]) expect(terms).not.toContain(dropped);
    // Nor does filler: "that follistatin stuff", "having none".
    const filler = analyzeQuery("that antibiotic stuff - is it true having none makes them worse?", db).terms.map((t) => t.term);
    for (const dropped of ["stuff", "none"]) expect(filler).not.toContain(dropped);
    expect(filler).toEqual(expect.arrayContaining(tokenize("antibiotic worse")));
    // Nor do the common slips for them ("wher is it", "doesnt").
    const slipped = analyzeQuery("wher is septic pedal arthritis a problem, and doesnt it respond?", db).terms.map((t) => t.term);
    for (const dropped of ["wher", "doesnt"]) expect(slipped).not.toContain(dropped);
    // ("havent", "thats": a contraction typed without its apostrophe.)
    const unmarked = analyzeQuery("they havent seen any cases, thats odd", db).terms.map((t) => t.term);
    for (const dropped of ["havent", "that"]) expect(unmarked).not.toContain(dropped);
    // ("Among" is a preposition like "between": "and among farmed poultry which ones go down worst?")
    const among = analyzeQuery("and among farmed poultry, amongst others, which go down worst?", db).terms.map((t) => t.term);
    for (const dropped of ["among", "amongst"]) expect(among).not.toContain(dropped);
    // ("shes", and chat shorthand for "definitely": "def", "defo".)
    const chat = analyzeQuery("antigen was negative so shes def fine, defo?", db).terms.map((t) => t.term);
    for (const dropped of ["she", "def", "defo"]) expect(chat).not.toContain(dropped);
  });

  it("reads a disease's abbreviation as its virus's and the reverse ('ASF' / 'ASFV'), when the knowledge base writes the other", async () => {
    const db = freshDb();
    addDocument(db, { id: "asf", title: "Swine Virology", pages: [page(1, [para("There are many reasons why an ASFV vaccine has proved so elusive: the virus is large and complex.")])] });
    addDocument(db, { id: "csf", title: "Pig Notes", pages: [page(1, [para("Classical swine fever (CSF) vaccines are used in endemic regions.")])] });
    const asf = analyzeQuery("Why is there no ASF vaccine?", db).terms;
    expect(asf.find((t) => t.term === "asf")?.alternatives).toEqual([["asfv"]]);
    expect((await search("Why is there no ASF vaccine?", { db }))[0]?.documentId).toBe("asf");
    // Only for what the question writes in capitals, and only when the knowledge base writes the other form.
    expect(analyzeQuery("CSF vaccine", db).terms.find((t) => t.term === "csf")?.alternatives ?? []).not.toContainEqual(["csfv"]);
    expect(analyzeQuery("why no asf vaccine", db).terms.find((t) => t.term === "asf")?.alternatives ?? []).not.toContainEqual(["asfv"]);
  });

  it("uses only the shared knowledge base's definitions, never a private document's", async () => {
    const db = freshDb();
    addDocument(db, SPELLS_OUT);
    addDocument(db, { ...DEFINES, ownerId: "alice" });
    expect(await search("TBE", { db, viewerId: "bob" })).toEqual([]);
  });
});

describe("usual abbreviations (clinical-abbreviations.json)", () => {
  const HEPATITIS: DocSpec = {
    id: "liver",
    title: "Liver Disease",
    pages: [page(5, [para("In dogs infectious canine hepatitis is caused by Canine mastadenovirus A.")])],
  };

  it("expands a short form no document defines to its usual long form that the knowledge base holds", async () => {
    const db = freshDb();
    addDocument(db, HEPATITIS);
    expect((await search("ICH", { db })).map((r) => r.documentId)).toEqual(["liver"]);
    // A short form that is not listed, and is not in the knowledge base, finds nothing
    expect(await search("QXZ", { db })).toEqual([]);
  });

  it("expands clinicians' shorthand for a finding ('TCP': thrombocytopenia)", async () => {
    const db = freshDb();
    addDocument(db, { id: "ehrlichia", title: "Tick-borne Disease", pages: [page(3, [para("Thrombocytopenia in canine ehrlichiosis follows platelet consumption and sequestration.")])] });
    addDocument(db, { id: "bleeding", title: "Haemostasis", pages: [page(8, [para("Canine ehrlichiosis is a tick-borne disease of dogs.")])] });
    expect((await search("TCP in canine ehrlichiosis", { db })).map((r) => r.documentId)[0]).toBe("ehrlichia");
  });

  it("finds a code typed as one word where the passage writes its parts apart ('H1N1pdm09': 'A(H1N1)pdm09')", async () => {
    const db = freshDb();
    addDocument(db, { id: "swine", title: "Swine influenza", pages: [page(1, [para("Human A(H1N1)pdm09 viruses are regularly isolated from swine.")])] });
    addDocument(db, { id: "horses", title: "Equine influenza", pages: [page(1, [para("Equine influenza viruses are H3N8 viruses.")])] });
    expect((await search("H1N1pdm09", { db })).map((r) => r.documentId)).toEqual(["swine"]);
    const term = analyzeQuery("H1N1pdm09", db).terms.find((t) => t.term === "h1n1pdm09");
    expect(term?.alternatives).toContainEqual(["h1n1", "pdm09"]);
  });

  it("finds an abbreviation a function word would stem to ('HA', 'HI') only where it is written", async () => {
    const db = freshDb();
    addDocument(db, { id: "flu", title: "Avian influenza", pages: [page(1, [para("The HA of the virus binds sialic acid; HI titres rise after vaccination.")])] });
    addDocument(db, { id: "farm", title: "Farm notes", pages: [page(1, [para("The farmer has checked his flock this morning and the birds are well.")])] });
    expect((await search("HA", { db })).map((r) => r.documentId)).toEqual(["flu"]);
    expect((await search("HI titres", { db })).map((r) => r.documentId)).toEqual(["flu"]);
  });

  it("weighs each long form by how often the knowledge base uses its words, and leaves out those it never uses", async () => {
    const db = freshDb();
    addDocument(db, { id: "farm", title: "Practice", pages: [page(1, [para("A large animal practice sees the occasional dog.")])] });
    for (const id of ["heart1", "heart2"]) addDocument(db, { id, title: "Cardiology", pages: [page(1, [para("The left atrium enlarges in mitral disease of the dog.")])] });
    const la = analyzeQuery("LA in the dog", db).terms.find((t) => t.term === "la");
    expect(la?.alternatives).toHaveLength(2);
    expect(la?.alternatives).toEqual(expect.arrayContaining([tokenize("left atrium"), tokenize("large animal")]));
    // "local anesthetic" is listed too, but no passage says it
    expect(la?.alternatives).not.toContainEqual(tokenize("local anesthetic"));
    expect((await search("LA in the dog", { db })).map((r) => r.documentId).sort()).toEqual(["farm", "heart1", "heart2"]);
  });

  it("gives each usual long form its share by the document frequency of its rarest word", () => {
    const df = new Map([...tokenize("left atrium"), ...tokenize("large animal")].map((t, i) => [t, [30, 60, 10, 500][i]!]));
    const la = usualLongForms("la", (terms) => new Map(terms.map((t) => [t, df.get(t) ?? 0])));
    expect(la?.alternatives).toEqual([tokenize("large animal"), tokenize("left atrium")]);
    expect(la?.shares).toEqual([0.25, 0.75]);
    expect(usualLongForms("la", () => new Map())).toBeNull();
    // A class typed with its "i" ("SGLT2i") is the class's inhibitors.
    expect(usualLongForms("sglt2i", (terms) => new Map(terms.map((t) => [t, 3])))?.alternatives).toContainEqual(tokenize("SGLT2 inhibitors"));
  });

  it("gives a usual long form's other names from the vocabulary where the passages write those ('IKC': 'pink eye')", () => {
    const df = new Map(tokenize("pink eye").map((t) => [t, 4]));
    const ikc = usualLongForms("ikc", (terms) => new Map(terms.map((t) => [t, df.get(t) ?? 0])));
    expect(ikc?.alternatives).toEqual([tokenize("pink eye")]);
  });

  it("reads the virus and gene short forms a virologist types ('EBV', 'γHV', 'PTGS2', 'CCL5', 'Pol III') as their long forms", () => {
    const all = (short: string) => usualLongForms(short, (terms) => new Map(terms.map((t) => [t, 3])))?.alternatives ?? [];
    expect(all("ebv")).toContainEqual(tokenize("Epstein-Barr virus"));
    expect(all("γhv")).toContainEqual(tokenize("gammaherpesvirus"));
    expect(all("ptgs2")).toContainEqual(tokenize("cyclo-oxygenase-2"));
    expect(all("ccl5")).toContainEqual(tokenize("RANTES"));
    expect(all("pol")).toContainEqual(tokenize("polymerase"));
    expect(all("pca")).toContainEqual(tokenize("prostate cancer"));
  });

  it("reads a listed short form with one capital ('Hb') only as written", async () => {
    const db = freshDb();
    addDocument(db, { id: "urine", title: "Urinalysis", pages: [page(1, [para("Ammonium sulfate precipitates hemoglobin but not myoglobin in urine.")])] });
    expect((await search("Mb or Hb?", { db })).map((r) => r.documentId)).toEqual(["urine"]);
    // (A capitalised word that is not listed is not expanded, nor is a listed one typed in lower case.)
    expect(analyzeQuery("hb or mb", db).terms.find((t) => t.term === "hb")?.alternatives).toBeUndefined();
  });

  it("finds the short form for a usual long form written out", async () => {
    const db = freshDb();
    addDocument(db, { id: "notes", title: "Ward Notes", pages: [page(1, [para("ICH confirmed in two puppies on histopathology.")])] });
    expect((await search("infectious canine hepatitis", { db })).map((r) => r.documentId)).toEqual(["notes"]);
  });
});
