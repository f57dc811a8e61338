// `npm run eval:answers -- [--embeddings local|ollama] [--json] [--only set,set] [--questions folder] [--dump file.jsonl] [--answerer extractive|ollama|local] [--limit N] [--dropped file.txt]`
//
// What a clinician would read, measured on the development data (issue 12, "Measured"). Two knowledge
// bases are built through the real chunker and index in temporary databases: the 276 VetBench passages
// as one PDF-like document (page N = line N of vetbench_core_passages.txt), and the 500 PubMedQA dev
// abstracts (one document each). Every question is answered by the real pipeline (answerQuestion: the
// extractive answerer, or the model named by OLLAMA_MODEL at OLLAMA_HOST); conversation turns carry the
// earlier turns as history, as the chat does. Per question set it reports: answered; refusals of
// answerable questions; gold page cited (any citation) and first citation on the gold page; citation
// precision (the sentence a marker follows is printed on a page its citation names: verbatim, or >= 80 %
// of its content tokens; also on the first named page alone); pages per citation; words per answer;
// answer time p50/p95. Then the paraphrased questions per rewording style, near-miss refusals per kind and controls answered from their page, every
// conversation turn right or wrong (and the turns that repeat the previous answer word for word), the
// reader pick on the multiple-choice questions (whole answer and first 60 words), and the best-passage
// coverage percentiles that calibrate ABSTAIN_BELOW (app/lib/answer/relevance.server.ts). It measures
// only: nothing here tunes the pipeline or knows about particular questions. With --embeddings the
// knowledge bases' chunks are embedded by that provider's model (EMBEDDING_MODEL, MODELS_DIR as the app
// reads them; vectors cached in $TMPDIR/vetsearch-eval-vectors/) and every search is hybrid, as with
// EMBEDDINGS=local; without, search is BM25 alone.
// Sets: vetbench-qa4, vetbench-qa1, paraphrased, nearmiss, conversations, off-topic (VetBench KB), pubmedqa.
// --json prints one JSON object with every figure (progress goes to stderr); --dump writes one JSON line
// per question or turn (its answer, citations and measures; with a model, also the passages it was given, numbered as
// it saw them, while the answer's markers are renumbered over its citations). --answerer picks who writes answers (default:
// Ollama when OLLAMA_MODEL is set, else extractive; `local` is the built-in GGUF model, LOCAL_CHAT_MODEL under
// MODELS_DIR); with a model, each set also reports the model's sentences kept and dropped by the checks, and
// --dropped writes every dropped sentence with its reason and cited passages for a human to read. --limit N
// asks only the first N questions (or conversations) of each set: a 135M model on two cores is slow.
// --questions <folder> asks the question sets found there (same file names as ../shared/corpora/veterinary) of the
// same VetBench passages, e.g. scripts/eval-answers/fresh/set1: questions written from the passages alone, which
// show what the development figures do not (see that folder's README).
import fs from "node:fs";
import path from "node:path";
import {
  answerQuestion,
  chooseChatProvider,
  createChosenChatModel,
  type AnswerDeps,
  type AnsweredBy,
  type ChatModel,
  type Citation,
  type HistoryTurn,
  type LocalChatModel,
  type ModelSentences,
} from "../app/lib/answer/index.server";
import { parseConfig } from "../app/lib/config.server";
import { judgeRelevance } from "../app/lib/answer/relevance.server";
import { embedderFromEnvironment, embeddingsProviderArgument, type Embedder } from "../app/lib/embeddings/index.server";
import { embedDataset, EVAL_VECTOR_CACHE_DIR, ingestDataset, temporaryDatabase } from "../app/lib/search/evaluation.server";
import { embedQuery, retrieveSync } from "../app/lib/search/index.server";
import type { Db } from "../app/lib/db/index.server";
import {
  loadConversations,
  loadQuestions,
  pubmedKnowledgeBase,
  SET_NAMES,
  readQuestionsFrom,
  vetbenchKnowledgeBase,
  VETBENCH_ID,
  type KnowledgeBase,
  type Question,
  type SetName,
} from "./eval-answers/data";
import {
  checkMarkers,
  citationPages,
  citesGold,
  firstWords,
  isRefusal,
  mean,
  pct,
  percentile,
  plainText,
  readerPick,
  wordCount,
  type MarkerCheck,
} from "./eval-answers/measures";
import { formatTable } from "./eval-answers/table";

type Result = Question & {
  content: string;
  citations: Citation[];
  refused: boolean;
  ms: number;
  /** The pipeline threw (e.g. the model failed after streaming): counted as neither answered nor refused. */
  error: string | null;
  checks: MarkerCheck[];
  goldCited: boolean;
  firstOnGold: boolean;
  words: number;
  /** Reader pick credit (vetbench-qa1): whole answer and its first 60 words. */
  pick: { whole: number; first60: number } | null;
  /** The best passage's coverage of the question (calibration), when measured. */
  bestCoverage: number | null;
  answeredBy: AnsweredBy | null;
  /** What the checks did with the model's sentences; null when no model wrote. */
  modelSentences: ModelSentences | null;
  /** The passages the answer drew on, numbered as the model saw them (for reading dropped sentences). */
  passages: Array<{ number: number; page: string; text: string }>;
};

const ANSWERERS = ["extractive", "ollama", "local", "openai"] as const;
type Answerer = (typeof ANSWERERS)[number];

function parseArgs(argv: string[]) {
  let json = false;
  let dump: string | null = null;
  let dropped: string | null = null;
  let answerer: Answerer | null = null;
  let limit = Infinity;
  let only: SetName[] = [...SET_NAMES];
  let onlyGiven = false;
  let questionSets: SetName[] | null = null;
  let embeddings: "local" | "ollama" | "openai" | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--json") json = true;
    else if (arg === "--embeddings") embeddings = embeddingsProviderArgument(argv[++i]);
    else if (arg === "--dump") dump = argv[++i] ?? null;
    else if (arg === "--dropped") dropped = argv[++i] ?? null;
    else if (arg === "--answerer") {
      const name = argv[++i] ?? "";
      if (!(ANSWERERS as readonly string[]).includes(name)) throw new Error(`--answerer takes one of: ${ANSWERERS.join(", ")}`);
      answerer = name as Answerer;
    } else if (arg === "--limit") {
      limit = Number(argv[++i]);
      if (!Number.isInteger(limit) || limit < 1) throw new Error("--limit takes a whole number of questions per set");
    }
    else if (arg === "--only") {
      const names = (argv[++i] ?? "").split(",").filter(Boolean);
      const unknown = names.filter((n) => !(SET_NAMES as readonly string[]).includes(n));
      if (!names.length || unknown.length) throw new Error(`--only takes a comma-separated list of: ${SET_NAMES.join(", ")}${unknown.length ? ` (unknown: ${unknown.join(", ")})` : ""}`);
      only = names as SetName[];
      onlyGiven = true;
    } else if (arg === "--questions") {
      const dir = argv[++i] ?? "";
      if (!dir || !fs.existsSync(dir)) throw new Error("--questions takes a folder of question sets (the shared data's file names)");
      questionSets = readQuestionsFrom(dir);
    } else throw new Error(`unknown argument ${arg}; usage: npm run eval:answers -- [--embeddings local|ollama] [--json] [--only ${SET_NAMES.join(",")}] [--questions folder] [--dump file.jsonl] [--answerer ${ANSWERERS.join("|")}] [--limit N] [--dropped file.txt]`);
  }
  // Another folder's questions: the sets it has (and off-topic, which is built in), unless --only says otherwise.
  if (questionSets && !onlyGiven) only = [...questionSets, "off-topic"];
  if (argv.includes("--dump") && !dump) throw new Error("--dump needs a file name");
  if (argv.includes("--dropped") && !dropped) throw new Error("--dropped needs a file name");
  return { json, dump, dropped, only, answererArg: answerer, limit, embeddings };
}

const { json, dump, dropped: droppedFile, only, answererArg, limit, embeddings } = parseArgs(process.argv.slice(2));
/** Progress and notes: stderr, so that --json leaves stdout one JSON object. */
const note = (line: string) => process.stderr.write(`${line}\n`);

/** The app's own provider choice, MODEL_PROVIDER taken from --answerer when given. */
function chosenModel(): ChatModel | null {
  if (answererArg === "extractive") return null;
  const env = answererArg ? { ...process.env, MODEL_PROVIDER: answererArg } : process.env;
  return createChosenChatModel(chooseChatProvider({ ...parseConfig(env), modelsDir: path.resolve(process.env.MODELS_DIR ?? "models") }));
}

const chatModel = chosenModel();
if (chatModel) {
  const status = await chatModel.status();
  if (!status.available) throw new Error(`${chatModel.id} is not available: ${status.reason}`);
}
const answerer = chatModel ? `${chatModel.answeredBy.provider} ${chatModel.answeredBy.model}` : "extractive";
const embedder: Embedder | null = embeddings ? await embedderFromEnvironment(embeddings) : null;
const retrieval = embedder ? `hybrid (BM25 + ${embedder.id} vectors)` : "lexical (BM25)";

type Built = { kb: KnowledgeBase; db: Db; dir: string; chunks: number; pagesPerChunk: number };
const built: Built[] = [];

async function build(kb: KnowledgeBase): Promise<Built> {
  const started = performance.now();
  const { db, dir } = temporaryDatabase(`vetsearch-eval-answers-${kb.name}-`);
  const entry: Built = { kb, db, dir, chunks: 0, pagesPerChunk: 0 };
  built.push(entry);
  ingestDataset(db, { name: kb.name, documents: kb.documents, queries: [], qrels: new Map() });
  if (embedder) await embedDataset(db, embedder, { cacheDir: EVAL_VECTOR_CACHE_DIR, log: note });
  const row = db.$client.prepare("SELECT count(*) AS n, avg(page_end - page_start + 1) AS pages FROM chunks").get() as { n: number; pages: number };
  entry.chunks = row.n;
  entry.pagesPerChunk = Math.round(row.pages * 100) / 100;
  note(`knowledge base ${kb.name}: ${kb.documents.length} document(s), ${row.n} chunks (${entry.pagesPerChunk} pages per chunk) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return entry;
}

async function ask(q: Question, history: HistoryTurn[], target: Built): Promise<Result> {
  const deps: AnswerDeps = { db: target.db, embedder: async () => embedder, chatModel: async () => chatModel };
  const started = performance.now();
  let content = "";
  let citations: Citation[] = [];
  let error: string | null = null;
  let answeredBy: AnsweredBy | null = null;
  let modelSentences: ModelSentences | null = null;
  let passages: Result["passages"] = [];
  try {
    const result = await answerQuestion({ question: q.question, history, viewerId: null, usePubmed: false, useThinkHarder: false }, deps);
    content = result.content;
    citations = result.citations;
    answeredBy = result.answeredBy;
    modelSentences = result.modelSentences;
    // (Answered on this thread, as these deps ask: only an answer written on a query thread leaves its passages there.)
    if (!result.passages) throw new Error("the answer came without its passages");
    passages = result.passages.map((p) => ({ number: p.number, page: p.pageLabel ?? p.pages.join("-"), text: p.text }));
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const ms = performance.now() - started;
  const refused = !error && isRefusal(content);
  const text = refused || error ? "" : plainText(content);
  return {
    ...q,
    content,
    citations,
    refused,
    ms,
    error,
    // A refusal quotes nothing: its "gives this for dogs [1]" line names where the topic is, it is not a quote.
    checks: refused ? [] : checkMarkers(content, citations, target.kb.pageText),
    goldCited: !refused && citations.some((c) => citesGold(c, q.gold)),
    firstOnGold: !refused && citesGold(citations[0], q.gold),
    words: refused || error ? 0 : wordCount(content),
    pick: q.choice ? { whole: readerPick(text, q.choice.options, q.choice.answer), first60: readerPick(firstWords(text, 60), q.choice.options, q.choice.answer) } : null,
    bestCoverage: null,
    answeredBy,
    modelSentences,
    passages,
  };
}

/** The best passage's coverage of a question, as the relevance check computes it (k = 10, as answers search). */
async function bestCoverage(question: string, target: Built): Promise<number> {
  const found = retrieveSync(target.db.$client, question, { k: 10, queryVector: await embedQuery(embedder, question) });
  return judgeRelevance(found.analysis.terms, found.passages).best;
}

const results: Result[] = [];
const conversationResults: Array<{ id: string; turns: Result[] }> = [];
try {
  const vet = only.some((s) => s !== "pubmedqa") ? await build(vetbenchKnowledgeBase()) : null;
  const pubmed = only.includes("pubmedqa") ? await build(pubmedKnowledgeBase()) : null;
  for (const set of only) {
    const started = performance.now();
    const target = set === "pubmedqa" ? pubmed! : vet!;
    if (set === "conversations") {
      for (const conversation of loadConversations().slice(0, limit)) {
        const history: HistoryTurn[] = [];
        const turns: Result[] = [];
        for (const turn of conversation.turns) {
          const result = await ask(turn, [...history], target);
          turns.push(result);
          history.push({ role: "user", content: turn.question }, { role: "assistant", content: result.content });
        }
        conversationResults.push({ id: conversation.id, turns });
        results.push(...turns);
      }
    } else {
      const questions = loadQuestions(set).slice(0, limit);
      const stripped = questions.filter((q) => q.choice?.optionsStripped).length;
      if (stripped) note(`${set}: options removed from ${stripped} question(s); the stem alone is asked`);
      for (const q of questions) {
        const result = await ask(q, [], target);
        result.bestCoverage = await bestCoverage(q.question, target);
        results.push(result);
      }
    }
    note(`${set}: ${results.filter((r) => r.set === set).length} answered in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  // The built-in model holds native memory and threads until it is let go.
  if (chatModel && "dispose" in chatModel) await (chatModel as LocalChatModel).dispose();
  for (const b of built) {
    b.db.$client.close();
    fs.rmSync(b.dir, { recursive: true, force: true });
  }
}

// ---- Figures ----------------------------------------------------------------------------------------

const round = (x: number | null, digits = 1) => (x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits);

function summarise(list: Result[]) {
  const answerable = list.filter((r) => r.expect === "answer");
  const mustRefuse = list.filter((r) => r.expect === "refuse");
  const answered = list.filter((r) => !r.refused && !r.error);
  const checks = list.flatMap((r) => r.checks);
  const citations = list.flatMap((r) => r.citations);
  const ms = list.map((r) => r.ms);
  return {
    questions: list.length,
    answered: pct(answered.length, list.length),
    errors: list.filter((r) => r.error).length,
    refusedWhereDue: mustRefuse.length ? pct(mustRefuse.filter((r) => r.refused).length, mustRefuse.length) : null,
    refusedAnswerable: pct(answerable.filter((r) => r.refused).length, answerable.length),
    goldCited: pct(answerable.filter((r) => r.goldCited).length, answerable.length),
    firstOnGold: pct(answerable.filter((r) => r.firstOnGold).length, answerable.length),
    citationPrecision: checks.length ? round(checks.filter((c) => c.found).length / checks.length, 3) : null,
    citationPrecisionFirstPage: checks.length ? round(checks.filter((c) => c.onFirstPage).length / checks.length, 3) : null,
    markers: checks.length,
    markersFoundByTokensOnly: checks.filter((c) => c.found === "tokens").length,
    pagesPerCitation: mean(citations.map((c) => citationPages(c).length)),
    citations: citations.length,
    wordsPerAnswer: round(mean(answered.map((r) => r.words)), 0),
    msP50: round(percentile(ms, 50)),
    msP95: round(percentile(ms, 95)),
    ...modelFigures(list),
  };
}

/** What the checks did with the model's answers: sentences kept and dropped, and answers the model did not write. */
function modelFigures(list: Result[]) {
  if (!chatModel) return {};
  const written = list.filter((r) => r.modelSentences);
  const kept = written.reduce((n, r) => n + r.modelSentences!.kept, 0);
  const dropped = written.reduce((n, r) => n + r.modelSentences!.dropped.length, 0);
  return {
    modelAnswers: list.filter((r) => r.answeredBy?.provider === chatModel.answeredBy.provider).length,
    /** The model wrote, but nothing it wrote passed the checks: the extractive answerer answered. */
    modelSetAside: written.filter((r) => r.answeredBy?.provider === "extractive").length,
    modelSentencesKept: kept,
    modelSentencesDropped: dropped,
    keptPercent: kept + dropped ? pct(kept, kept + dropped) : null,
    droppedPercent: kept + dropped ? pct(dropped, kept + dropped) : null,
    droppedByReason: countBy(written.flatMap((r) => r.modelSentences!.dropped.map((d) => d.reason.replace(/(number|species) .*? (is not)/, "$1 … $2")))),
  };
}

function countBy(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

const sets = Object.fromEntries(only.map((set) => [set, summarise(results.filter((r) => r.set === set))]));

const nearmissResults = results.filter((r) => r.set === "nearmiss");
const nearmiss = nearmissResults.length
  ? (() => {
      const misses = nearmissResults.filter((r) => r.expect === "refuse");
      const controls = nearmissResults.filter((r) => r.expect === "answer");
      const kinds = [...new Set(misses.map((r) => r.kind!))];
      return {
        refused: pct(misses.filter((r) => r.refused).length, misses.length),
        refusedByKind: Object.fromEntries(kinds.map((k) => [k, pct(misses.filter((r) => r.kind === k && r.refused).length, misses.filter((r) => r.kind === k).length)])),
        nearMisses: misses.length,
        controls: controls.length,
        controlsAnswered: pct(controls.filter((r) => !r.refused && !r.error).length, controls.length),
        controlsFirstCitationOnPage: pct(controls.filter((r) => r.firstOnGold).length, controls.length),
        controlsAnyCitationOnPage: pct(controls.filter((r) => r.goldCited).length, controls.length),
        answeredInsteadOfRefused: misses.filter((r) => !r.refused).map((r) => ({ id: r.id, kind: r.kind, question: r.question, citations: r.citations.map(cite) })),
      };
    })()
  : null;

/** The paraphrased questions per rewording style (abbreviation, species_word, lay_terms, short_query, typo_spelling). */
const paraphrasedResults = results.filter((r) => r.set === "paraphrased");
const paraphrasedByStyle = paraphrasedResults.length
  ? Object.fromEntries(
      [...new Set(paraphrasedResults.map((r) => r.kind ?? "unknown"))].sort().map((style) => {
        const list = paraphrasedResults.filter((r) => (r.kind ?? "unknown") === style);
        return [style, { questions: list.length, "gold page cited %": pct(list.filter((r) => r.goldCited).length, list.length), "first citation on gold %": pct(list.filter((r) => r.firstOnGold).length, list.length), "refused %": pct(list.filter((r) => r.refused).length, list.length) }];
      }),
    )
  : null;

/** A turn is right when it answers from a gold page first (expect answer) or refuses (expect refuse). */
const turnRight = (r: Result) => (r.expect === "answer" ? !r.refused && !r.error && r.firstOnGold : r.refused);
const conversations = conversationResults.length
  ? (() => {
      const turns = conversationResults.flatMap((c) => c.turns);
      const kinds = [...new Set(turns.map((t) => t.kind!))];
      return {
        right: turns.filter(turnRight).length,
        turns: turns.length,
        byKind: Object.fromEntries(kinds.map((k) => [k, { right: turns.filter((t) => t.kind === k && turnRight(t)).length, turns: turns.filter((t) => t.kind === k).length }])),
        /** Answered turns whose answer is the previous turn's answer word for word (counted right or wrong as above). */
        repeatedPreviousAnswer: conversationResults.flatMap((c) => c.turns.filter((t, i) => i > 0 && !t.refused && t.content === c.turns[i - 1]!.content).map((t) => t.id)),
        wrong: turns
          .filter((t) => !turnRight(t))
          .map((t) => ({
            conversation: t.id.split("#")[0],
            turn: Number(t.id.split("#")[1]),
            kind: t.kind,
            expect: t.expect,
            gold: t.gold.map((g) => g.page),
            question: t.question,
            answer: t.content.replace(/\s+/g, " ").slice(0, 150),
            citations: t.citations.map(cite),
          })),
      };
    })()
  : null;

const picks = results.filter((r) => r.pick);
const readerPickFigures = picks.length
  ? {
      questions: picks.length,
      whole: round(picks.reduce((a, r) => a + r.pick!.whole, 0) / picks.length, 3),
      first60: round(picks.reduce((a, r) => a + r.pick!.first60, 0) / picks.length, 3),
    }
  : null;

function coverageRow(values: number[]) {
  const p = (q: number) => round(percentile(values, q), 3);
  return { n: values.length, min: p(0), p1: p(1), p5: p(5), p50: p(50), p95: p(95), max: p(100) };
}
const coverageOf = (filter: (r: Result) => boolean) => results.filter((r) => r.bestCoverage !== null && filter(r)).map((r) => r.bestCoverage!);
const calibrationGroups = {
  "answerable, VetBench KB": coverageOf((r) => r.expect === "answer" && r.set !== "pubmedqa"),
  "answerable, PubMedQA KB": coverageOf((r) => r.set === "pubmedqa"),
  "near-miss, VetBench KB": coverageOf((r) => r.set === "nearmiss" && r.expect === "refuse"),
  "off-topic, VetBench KB": coverageOf((r) => r.set === "off-topic"),
};
const calibration = Object.fromEntries(
  Object.entries(calibrationGroups)
    .filter(([, v]) => v.length)
    .map(([k, v]) => [k, coverageRow(v)]),
);

function cite(c: Citation): string {
  return c.documentId === VETBENCH_ID ? `pg. ${c.page}` : `${c.documentId ?? c.document} pg. ${c.page}`;
}

/** Why an answer is counted wrong, or null when it is right. */
function failure(r: Result): string | null {
  if (r.error) return `error: ${r.error}`;
  if (r.expect === "refuse") return r.refused ? null : "answered, should refuse";
  if (r.refused) return "refused";
  if (!r.goldCited) return "gold page not cited";
  if (!r.firstOnGold) return "first citation not on the gold page";
  const imprecise = r.checks.find((c) => !c.found);
  return imprecise ? `citation [${imprecise.marker}] does not hold: "${imprecise.sentence.slice(0, 80)}"` : null;
}

const knowledgeBases = Object.fromEntries(built.map((b) => [b.kb.name, { documents: b.kb.documents.length, chunks: b.chunks, pagesPerChunk: b.pagesPerChunk }]));

if (dump) {
  fs.writeFileSync(
    dump,
    results
      .map((r) =>
        JSON.stringify({
          set: r.set,
          id: r.id,
          kind: r.kind ?? null,
          expect: r.expect,
          gold: r.gold.map((g) => `${g.documentId}:${g.page}`),
          question: r.question,
          content: r.content,
          citations: r.citations,
          refused: r.refused,
          error: r.error,
          answeredBy: r.answeredBy,
          modelSentences: r.modelSentences,
          // (With a model, the passages it was given: a kept sentence is read against them as a dropped one is.)
          ...(r.modelSentences ? { passages: r.passages } : {}),
          metrics: {
            goldCited: r.goldCited,
            firstOnGold: r.firstOnGold,
            markers: r.checks,
            pagesPerCitation: mean(r.citations.map((c) => citationPages(c).length)),
            words: r.words,
            ms: round(r.ms),
            readerPick: r.pick,
            bestCoverage: r.bestCoverage,
            failure: failure(r),
          },
        }),
      )
      .join("\n") + "\n",
  );
  note(`wrote ${results.length} lines to ${dump}`);
}

if (droppedFile) {
  const lines: string[] = [];
  for (const r of results) {
    for (const d of r.modelSentences?.dropped ?? []) {
      const cited = [...d.sentence.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
      lines.push(`## ${r.set} ${r.id}: ${r.question}`, `DROPPED (${d.reason}): ${d.sentence}`);
      for (const p of r.passages.filter((p) => cited.includes(p.number))) lines.push(`  [${p.number}] pg. ${p.page}: ${p.text.replace(/\s+/g, " ")}`);
      lines.push("");
    }
  }
  fs.writeFileSync(droppedFile, lines.join("\n"));
  note(`wrote ${results.reduce((n, r) => n + (r.modelSentences?.dropped.length ?? 0), 0)} dropped sentences to ${droppedFile}`);
}

if (json) {
  console.log(JSON.stringify({ answerer, retrieval, knowledgeBases, sets, paraphrasedByStyle, nearmiss, conversations, readerPick: readerPickFigures, calibration }));
} else {
  console.log(`\nanswerer: ${answerer}; search: ${retrieval}`);
  console.log(formatTable(knowledgeBases, "knowledge base"));
  console.log("\nper set: answered % of all its questions; refusals, gold and first citation % of its answerable ones; precision over the citation markers of answers (a refusal quotes nothing)");
  const rows: Array<[string, (s: ReturnType<typeof summarise>) => string | number | null]> = [
    ["questions", (s) => s.questions],
    ["answered %", (s) => s.answered],
    ["refused where due %", (s) => s.refusedWhereDue],
    ["refusals of answerable %", (s) => s.refusedAnswerable],
    ["gold page cited %", (s) => s.goldCited],
    ["first citation on gold %", (s) => s.firstOnGold],
    ["citation precision", (s) => s.citationPrecision],
    ["  on the first named page", (s) => s.citationPrecisionFirstPage],
    ["  citation markers", (s) => s.markers],
    ["  found by tokens only", (s) => s.markersFoundByTokensOnly],
    ["pages per citation", (s) => s.pagesPerCitation],
    ["words per answer", (s) => s.wordsPerAnswer],
    ["answer ms p50", (s) => s.msP50],
    ["answer ms p95", (s) => s.msP95],
    ["errors", (s) => s.errors],
    ...(chatModel
      ? ([
          ["model answers", (s) => s.modelAnswers ?? null],
          ["model set aside (none kept)", (s) => s.modelSetAside ?? null],
          ["model sentences kept", (s) => s.modelSentencesKept ?? null],
          ["model sentences dropped", (s) => s.modelSentencesDropped ?? null],
          ["  kept %", (s) => s.keptPercent ?? null],
          ["  dropped %", (s) => s.droppedPercent ?? null],
        ] satisfies typeof rows)
      : []),
  ];
  console.log(formatTable(Object.fromEntries(rows.map(([label, get]) => [label, Object.fromEntries(only.map((set) => [set, get(sets[set]!)]))]))));

  if (paraphrasedByStyle) {
    console.log("\nparaphrased questions by rewording style");
    console.log(formatTable(paraphrasedByStyle, "style"));
  }
  if (nearmiss) {
    console.log(`\nnear-miss: ${nearmiss.refused} % of ${nearmiss.nearMisses} refused; controls (${nearmiss.controls}): answered ${nearmiss.controlsAnswered} %, first citation on the page ${nearmiss.controlsFirstCitationOnPage} %, any citation on it ${nearmiss.controlsAnyCitationOnPage} %`);
    console.log(formatTable(Object.fromEntries(Object.entries(nearmiss.refusedByKind).map(([k, v]) => [k, { "refused %": v }])), "kind"));
    if (nearmiss.answeredInsteadOfRefused.length) {
      console.log("near-misses answered:");
      for (const m of nearmiss.answeredInsteadOfRefused) console.log(`  ${m.id} ${m.kind}: ${m.question.slice(0, 90)} -> ${m.citations.join(", ") || "(no citation)"}`);
    }
  }
  if (conversations) {
    console.log(`\nconversations: ${conversations.right}/${conversations.turns} turns right`);
    if (conversations.repeatedPreviousAnswer.length) console.log(`turns repeating the previous answer word for word: ${conversations.repeatedPreviousAnswer.join(", ")}`);
    console.log(formatTable(Object.fromEntries(Object.entries(conversations.byKind).map(([k, v]) => [k, { right: v.right, turns: v.turns }])), "turn kind"));
    for (const w of conversations.wrong) {
      console.log(`  ${w.conversation} turn ${w.turn} (${w.kind}, expect ${w.expect}${w.gold.length ? ` pg. ${w.gold.join(",")}` : ""}): ${w.question}`);
      console.log(`    -> ${w.answer}${w.citations.length ? ` [${w.citations.join("; ")}]` : ""}`);
    }
  }
  if (readerPickFigures) console.log(`\nreader pick (vetbench-qa1, ${readerPickFigures.questions} questions): whole answer ${readerPickFigures.whole}, first 60 words ${readerPickFigures.first60}`);
  if (Object.keys(calibration).length) {
    console.log("\nbest-passage coverage (calibrates ABSTAIN_BELOW)");
    console.log(formatTable(calibration));
  }
  if (chatModel) {
    console.log("\nmodel sentences dropped, by reason:");
    for (const set of only) for (const [reason, n] of Object.entries(sets[set]!.droppedByReason ?? {})) console.log(`  ${set}: ${n} × ${reason}`);
  }
  console.log("\nfirst failures per set:");
  for (const set of only) {
    if (set === "conversations") continue;
    const failed = results.filter((r) => r.set === set && failure(r));
    for (const r of failed.slice(0, 3)) console.log(`  ${set} ${r.id}: ${failure(r)}; "${r.question.slice(0, 80)}" -> ${r.citations.map(cite).join(", ") || "(no citation)"}`);
    if (failed.length > 3) console.log(`  ${set}: ${failed.length - 3} more`);
  }
}
