import fs from "node:fs";
import path from "node:path";
import { readJsonl, type EvalDocument } from "../../app/lib/search/evaluation.server";
import { OPTION_LETTERS, stemOnly, type OptionLetter, type PageRef } from "./measures";

/**
 * The development data of `npm run eval:answers`, read from ../shared/corpora (README sections 5 and 6):
 * two knowledge bases and the question sets asked against them.
 */

export const CORPORA = path.resolve(import.meta.dirname, "../../../shared/corpora");
const VET = path.join(CORPORA, "veterinary");

/** Question sets asked of the VetBench passages, by file; the passages are always the shared corpus's. */
const QUESTION_FILES = {
  "vetbench-qa4": "vetbench_qa4_open.dev.jsonl",
  "vetbench-qa1": "vetbench_qa1_multichoice.dev.jsonl",
  paraphrased: "paraphrased.dev.jsonl",
  nearmiss: "nearmiss.dev.jsonl",
  conversations: "conversations.dev.jsonl",
} as const;

/** Where the question sets are read from: the shared development data, or another folder of the same files (--questions). */
let questionsDir = VET;
export function readQuestionsFrom(dir: string): SetName[] {
  questionsDir = path.resolve(dir);
  return (Object.keys(QUESTION_FILES) as Array<keyof typeof QUESTION_FILES>).filter((set) => fs.existsSync(path.join(questionsDir, QUESTION_FILES[set])));
}
const questionFile = (set: keyof typeof QUESTION_FILES) => path.join(questionsDir, QUESTION_FILES[set]);

export const SET_NAMES = ["vetbench-qa4", "vetbench-qa1", "paraphrased", "nearmiss", "conversations", "off-topic", "pubmedqa"] as const;
export type SetName = (typeof SET_NAMES)[number];

export type KnowledgeBase = {
  name: "vetbench" | "pubmedqa";
  documents: EvalDocument[];
  /** The text printed on a page: for VetBench, page N is line N of the passages file. */
  pageText: (documentId: string, page: number) => string | undefined;
};

export type Question = {
  set: SetName;
  id: string;
  question: string;
  expect: "answer" | "refuse";
  /** Pages holding the answer (none when the question must be refused). */
  gold: PageRef[];
  /** Near-miss kind or conversation turn kind. */
  kind?: string;
  /** Multiple choice (vetbench-qa1): the options and the right one. */
  choice?: { options: Record<OptionLetter, string>; answer: OptionLetter; optionsStripped: boolean };
};

export type Conversation = { id: string; focus: string; turns: Question[] };

export const VETBENCH_ID = "vetbench";
const vetGold = (lines: number[]): PageRef[] => lines.map((page) => ({ documentId: VETBENCH_ID, page }));

/** The 276 VetBench passages as ONE PDF-like document, page N = line N. */
export function vetbenchKnowledgeBase(): KnowledgeBase {
  // The file has CRLF line ends.
  const lines = fs.readFileSync(path.join(VET, "vetbench_core_passages.txt"), "utf8").replace(/\s+$/, "").split(/\r?\n/);
  const document: EvalDocument = {
    id: VETBENCH_ID,
    title: "VetBench core passages",
    fileType: "pdf",
    paragraphs: lines,
    pages: lines.map((_, i) => i + 1),
  };
  return { name: "vetbench", documents: [document], pageText: (id, page) => (id === VETBENCH_ID ? lines[page - 1] : undefined) };
}

type PubMedQaEntry = { QUESTION: string; CONTEXTS: string[] };
const pubmedQa = () => JSON.parse(fs.readFileSync(path.join(CORPORA, "pubmedqa", "dev.json"), "utf8")) as Record<string, PubMedQaEntry>;

/** The 500 PubMedQA dev abstracts, one single-page document each. */
export function pubmedKnowledgeBase(): KnowledgeBase {
  const entries = Object.entries(pubmedQa());
  const text = new Map(entries.map(([pmid, e]) => [`pmid-${pmid}`, e.CONTEXTS.join("\n")]));
  return {
    name: "pubmedqa",
    documents: entries.map(([pmid, e]) => ({ id: `pmid-${pmid}`, title: `PMID ${pmid}`, paragraphs: e.CONTEXTS })),
    pageText: (id, page) => (page === 1 ? text.get(id) : undefined),
  };
}

export function loadQuestions(set: Exclude<SetName, "conversations">): Question[] {
  switch (set) {
    case "vetbench-qa4":
      return readJsonl<{ line_in_source: number; query: string; gold_passage_lines: number[] }>(questionFile("vetbench-qa4")).map((q) => ({
        set,
        id: `qa4-${q.line_in_source}`,
        question: q.query,
        expect: "answer",
        gold: vetGold(q.gold_passage_lines),
      }));
    case "vetbench-qa1":
      return readJsonl<Record<OptionLetter, string> & { id: string; question: string; answer: OptionLetter; gold_passage_lines: number[] }>(
        questionFile("vetbench-qa1"),
      ).map((q) => {
        const options = Object.fromEntries(OPTION_LETTERS.map((l) => [l, q[l]])) as Record<OptionLetter, string>;
        const stem = stemOnly(q.question, options);
        const choice = { options, answer: q.answer, optionsStripped: stem !== q.question.trim() };
        return { set, id: `qa1-${q.id}`, question: stem, expect: "answer", gold: vetGold(q.gold_passage_lines), choice };
      });
    case "paraphrased":
      return readJsonl<{ id: string; style: string; query: string; gold_passage_lines: number[] }>(questionFile("paraphrased")).map((q) => ({
        set,
        id: q.id,
        question: q.query,
        expect: "answer",
        gold: vetGold(q.gold_passage_lines),
        kind: q.style,
      }));
    case "nearmiss":
      return readJsonl<{ id: string; kind: string; question: string; near_passage: number }>(questionFile("nearmiss")).map((q) => ({
        set,
        id: q.id,
        question: q.question,
        expect: q.kind === "control" ? "answer" : "refuse",
        gold: q.kind === "control" ? vetGold([q.near_passage]) : [],
        kind: q.kind,
      }));
    case "off-topic":
      return OFF_TOPIC_QUESTIONS.map((question, i) => ({ set, id: `off-${i + 1}`, question, expect: "refuse", gold: [] }));
    case "pubmedqa":
      return Object.entries(pubmedQa()).map(([pmid, e]) => ({
        set,
        id: `pqa-${pmid}`,
        question: e.QUESTION,
        expect: "answer",
        gold: [{ documentId: `pmid-${pmid}`, page: 1 }],
      }));
  }
}

export function loadConversations(): Conversation[] {
  type Turn = { question: string; expect: "answer" | "refuse"; gold_passage_lines: number[]; kind: string };
  return readJsonl<{ id: string; focus: string; turns: Turn[] }>(questionFile("conversations")).map((c) => ({
    id: c.id,
    focus: c.focus,
    turns: c.turns.map((t, i) => ({
      set: "conversations",
      id: `${c.id}#${i + 1}`,
      question: t.question,
      expect: t.expect,
      gold: vetGold(t.gold_passage_lines),
      kind: t.kind,
    })),
  }));
}

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
