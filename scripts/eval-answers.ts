// `npm run eval:answers -- [--json] [--threshold 0.5]`
// Answer quality on the development data: the VetBench dev passages and the PubMedQA dev abstracts are
// ingested together as one knowledge base (real chunker and index, temporary folder); every VetBench
// question (QA1 multiple choice and QA4 open) and PubMedQA question is answered through the real
// answer pipeline (the extractive answerer unless OLLAMA_MODEL is set), and so are 50 off-topic
// questions. Prints, for answerable questions, the share answered and the share whose citations
// include the gold passage; for every answer, the share whose citations all point to a passage that
// supports the sentence citing it; for off-topic questions, the share that abstain; and the
// best-passage coverage percentiles used to calibrate ABSTAIN_BELOW (app/lib/answer/relevance.server.ts).
// --threshold overrides ABSTAIN_BELOW; EVAL_DUMP=<file> writes each question's match features (JSON lines).
import fs from "node:fs";
import path from "node:path";
import { answerQuestion, type AnswerDeps } from "../app/lib/answer/index.server";
import { ABSTAIN_BELOW, judgeRelevance } from "../app/lib/answer/relevance.server";
import { analyzeQuery, search, tokenize } from "../app/lib/search/index.server";
import { ingestDataset, readJsonl, temporaryDatabase, type EvalDocument } from "../app/lib/search/evaluation.server";
import { createChatModel } from "../app/lib/answer/index.server";

const CORPORA = path.resolve(import.meta.dirname, "../../shared/corpora");

/** Questions a veterinary knowledge base must refuse: sports, cooking, programming, finance, travel, culture. */
export const OFF_TOPIC_QUESTIONS = [
  "Who won the FIFA World Cup in 2018?",
  "How many players are on a basketball team on the court?",
  "What are the rules of the offside trap in football?",
  "Who holds the record for most Grand Slam tennis titles?",
  "How long is a marathon in kilometres?",
  "What is a good warm-up routine before running a 10k race?",
  "How do I bake sourdough bread at home?",
  "What is the best way to caramelise onions?",
  "How long should I boil an egg for a runny yolk?",
  "Give me a recipe for tiramisu.",
  "What temperature should I roast a chicken at for crispy skin?",
  "How do I make fresh pasta without a machine?",
  "How do I reverse a linked list in Python?",
  "What is the difference between let and const in JavaScript?",
  "How do I configure a Kubernetes ingress controller?",
  "Explain the CAP theorem in distributed databases.",
  "How do I fix a merge conflict in git?",
  "Write a SQL query to find duplicate rows in a table.",
  "What is the time complexity of quicksort?",
  "How do React hooks manage state?",
  "Should I invest in index funds or individual stocks?",
  "How is capital gains tax calculated on shares?",
  "What is the current interest rate set by the central bank?",
  "How do I create a monthly household budget?",
  "What are the best places to visit in Portugal in spring?",
  "How do I get a visa for travelling to Japan?",
  "What is the cheapest way to fly from London to New York?",
  "Which hiking trails in Patagonia are suitable for beginners?",
  "Who painted the ceiling of the Sistine Chapel?",
  "When did the Roman Empire fall?",
  "Who wrote the novel Pride and Prejudice?",
  "What caused the First World War?",
  "What is the plot of the film Inception?",
  "Who sang the song Bohemian Rhapsody?",
  "How many seasons does the series Breaking Bad have?",
  "What is the best strategy for winning at chess in the opening?",
  "How do I change a flat tyre on a car?",
  "How often should I service my car's gearbox?",
  "What is the best electric car for long road trips?",
  "How do I install a ceiling light fixture?",
  "How do I remove red wine stains from a carpet?",
  "What paint finish is best for a kitchen wall?",
  "How do I grow tomatoes on a balcony?",
  "When should I prune apple trees in the garden?",
  "What is the speed of light in a vacuum?",
  "How do black holes form in astrophysics?",
  "What is the capital city of Australia?",
  "How many time zones does Russia have?",
  "How do I write a cover letter for a marketing job?",
  "What are good tips for a job interview at a software company?",
];

type Question = { id: string; text: string; gold: Set<string>; set: string };

function loadKnowledgeBase(): { documents: EvalDocument[]; questions: Question[] } {
  const vetDir = path.join(CORPORA, "veterinary");
  const lines = fs.readFileSync(path.join(vetDir, "vetbench_core_passages.txt"), "utf8").split("\n");
  const vetIds = new Set<number>();
  const questions: Question[] = [];
  const gold = (list: number[]) => new Set(list.map((n) => `vet-${n}`));
  for (const q of readJsonl<{ id: string; question: string; gold_passage_lines: number[] }>(path.join(vetDir, "vetbench_qa1_multichoice.dev.jsonl"))) {
    q.gold_passage_lines.forEach((n) => vetIds.add(n));
    questions.push({ id: `qa1-${q.id}`, text: q.question, gold: gold(q.gold_passage_lines), set: "vetbench-qa1" });
  }
  for (const q of readJsonl<{ line_in_source: number; query: string; gold_passage_lines: number[] }>(path.join(vetDir, "vetbench_qa4_open.dev.jsonl"))) {
    q.gold_passage_lines.forEach((n) => vetIds.add(n));
    questions.push({ id: `qa4-${q.line_in_source}`, text: q.query, gold: gold(q.gold_passage_lines), set: "vetbench-qa4" });
  }
  // Only the dev half of the passages (odd lines) is the knowledge base; the others belong to the holdout.
  const documents: EvalDocument[] = lines
    .map((text, i) => ({ line: i + 1, text: text.trim() }))
    .filter((l) => l.text && l.line % 2 === 1)
    .map((l) => ({ id: `vet-${l.line}`, title: `VetBench passage ${l.line}`, paragraphs: [l.text] }));
  const pubmed = JSON.parse(fs.readFileSync(path.join(CORPORA, "pubmedqa", "dev.json"), "utf8")) as Record<string, { QUESTION: string; CONTEXTS: string[] }>;
  for (const [pmid, e] of Object.entries(pubmed)) {
    documents.push({ id: `pmid-${pmid}`, title: `PMID ${pmid}`, paragraphs: e.CONTEXTS });
    questions.push({ id: `pqa-${pmid}`, text: e.QUESTION, gold: new Set([`pmid-${pmid}`]), set: "pubmedqa" });
  }
  return { documents, questions };
}

/** A cited sentence is supported when most of its content words are in the passage it cites. */
function supportShare(content: string, passageTextByNumber: Map<number, string>): { claims: number; supported: number } {
  let claims = 0;
  let supported = 0;
  for (const line of content.split("\n")) {
    for (const sentence of line.split(/(?<=\])\s+/)) {
      const markers = [...sentence.matchAll(/(?<!\\)\[(\d+)\]/g)].map((m) => Number(m[1]));
      if (!markers.length) continue;
      claims++;
      const words = new Set(tokenize(sentence.replace(/(?<!\\)\[\d+\]/g, "")));
      const ok = markers.every((n) => {
        const source = passageTextByNumber.get(n);
        if (!source) return false;
        const present = new Set(tokenize(source));
        let hit = 0;
        for (const w of words) if (present.has(w)) hit++;
        return words.size === 0 || hit / words.size >= 0.8;
      });
      if (ok) supported++;
    }
  }
  return { claims, supported };
}

const pct = (n: number, d: number) => (d ? Math.round((1000 * n) / d) / 10 : 0);
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 1000) / 1000;
}

const args = process.argv.slice(2);
const json = args.includes("--json");
const thresholdArg = args.indexOf("--threshold");
const threshold = thresholdArg >= 0 ? Number(args[thresholdArg + 1]) : ABSTAIN_BELOW;

const { documents, questions } = loadKnowledgeBase();
const { db, dir } = temporaryDatabase("vetsearch-eval-answers-");
try {
  let started = performance.now();
  ingestDataset(db, { name: "kb", documents, queries: [], qrels: new Map() });
  console.log(`knowledge base: ${documents.length} documents in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const cfg = process.env.OLLAMA_MODEL ? createChatModel({ host: process.env.OLLAMA_HOST ?? "http://127.0.0.1:11434", model: process.env.OLLAMA_MODEL }) : null;
  const deps: AnswerDeps = { db, embedder: async () => null, chatModel: async () => cfg };

  // Calibration: the best passage's coverage for answerable and off-topic questions.
  const dump: string[] = [];
  const bestCoverage = async (text: string, kind = "answerable") => {
    const terms = analyzeQuery(text, db).terms;
    const passages = await search(text, { k: 10, db });
    const judged = judgeRelevance(terms, passages, threshold);
    if (process.env.EVAL_DUMP) {
      const feats = passages.slice(0, 10).map((p) => {
        const present = new Set(tokenize(`${p.title}\n${p.heading ?? ""}\n${p.text}`));
        const matched = terms.filter((t) => present.has(t.term));
        return { matched: matched.length, matchedIdf: matched.reduce((a, t) => a + t.idf * t.weight, 0), score: p.score };
      });
      dump.push(JSON.stringify({ kind, text: text.slice(0, 80), nTerms: terms.length, unknown: terms.filter((t) => t.df === 0).length, totalIdf: terms.reduce((a, t) => a + t.idf * t.weight, 0), best: judged.best, feats }));
    }
    return judged.best;
  };
  const answerableBest: number[] = [];
  for (const q of questions) answerableBest.push(await bestCoverage(q.text));
  const offTopicBest: number[] = [];
  for (const q of OFF_TOPIC_QUESTIONS) offTopicBest.push(await bestCoverage(q, "off-topic"));
  if (process.env.EVAL_DUMP) fs.writeFileSync(process.env.EVAL_DUMP, dump.join("\n"));

  const bySet = new Map<string, { n: number; answered: number; gold: number }>();
  let claims = 0;
  let supported = 0;
  let answersWithCitations = 0;
  let answersAllValid = 0;
  const timings: number[] = [];
  const misses: string[] = [];
  for (const q of questions) {
    started = performance.now();
    const result = await answerQuestion({ question: q.text, history: [], viewerId: null, usePubmed: false, useThinkHarder: false }, deps);
    timings.push(performance.now() - started);
    const stats = bySet.get(q.set) ?? { n: 0, answered: 0, gold: 0 };
    stats.n++;
    if (result.citations.length) {
      stats.answered++;
      if (result.citations.some((c) => q.gold.has(c.documentId ?? ""))) stats.gold++;
      else if (misses.length < 5) misses.push(`${q.id}: cited ${result.citations.map((c) => c.documentId).join(", ")}, gold ${[...q.gold].join(", ")}`);
      // Citation validity: renumbered citations [k] -> k-th citation -> its passage's text.
      const textByChunk = new Map(result.passages.map((p) => [p.chunkId, p.text]));
      const byNumber = new Map(result.citations.map((c, i) => [i + 1, textByChunk.get(c.chunkId ?? -1) ?? ""]));
      const support = supportShare(result.content, byNumber);
      claims += support.claims;
      supported += support.supported;
      answersWithCitations++;
      if (support.claims > 0 && support.claims === support.supported) answersAllValid++;
    }
    bySet.set(q.set, stats);
  }
  let abstained = 0;
  for (const q of OFF_TOPIC_QUESTIONS) {
    const result = await answerQuestion({ question: q, history: [], viewerId: null, usePubmed: false, useThinkHarder: false }, deps);
    if (!result.citations.length) abstained++;
  }

  const rows = Object.fromEntries(
    [...bySet].map(([set, s]) => [set, { questions: s.n, "answered %": pct(s.answered, s.n), "gold cited % (of all)": pct(s.gold, s.n), "gold cited % (of answered)": pct(s.gold, s.answered) }]),
  );
  const total = [...bySet.values()].reduce((a, s) => ({ n: a.n + s.n, answered: a.answered + s.answered, gold: a.gold + s.gold }), { n: 0, answered: 0, gold: 0 });
  rows.all = { questions: total.n, "answered %": pct(total.answered, total.n), "gold cited % (of all)": pct(total.gold, total.n), "gold cited % (of answered)": pct(total.gold, total.answered) };
  console.log(`answerer: ${cfg ? `ollama ${process.env.OLLAMA_MODEL}` : "extractive"}; abstain below coverage ${threshold}`);
  console.table(rows);
  console.table({
    "answers whose every citation supports its sentence": { value: `${pct(answersAllValid, answersWithCitations)} % (${answersAllValid}/${answersWithCitations})` },
    "cited sentences supported": { value: `${pct(supported, claims)} % (${supported}/${claims})` },
    "off-topic questions abstained": { value: `${pct(abstained, OFF_TOPIC_QUESTIONS.length)} % (${abstained}/${OFF_TOPIC_QUESTIONS.length})` },
    "answer time p50 / p95 (ms)": { value: `${percentile(timings, 50)} / ${percentile(timings, 95)}` },
  });
  console.table({
    "best coverage, answerable": { p1: percentile(answerableBest, 1), p5: percentile(answerableBest, 5), p50: percentile(answerableBest, 50), min: percentile(answerableBest, 0) },
    "best coverage, off-topic": { p50: percentile(offTopicBest, 50), p95: percentile(offTopicBest, 95), max: percentile(offTopicBest, 100) },
  });
  if (misses.length) console.log(`first gold misses:\n  ${misses.join("\n  ")}`);
  if (json) {
    console.log(
      JSON.stringify({
        questions: total.n,
        answered: pct(total.answered, total.n),
        goldCited: pct(total.gold, total.n),
        citationsValid: pct(answersAllValid, answersWithCitations),
        offTopicAbstained: pct(abstained, OFF_TOPIC_QUESTIONS.length),
        threshold,
      }),
    );
  }
} finally {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
