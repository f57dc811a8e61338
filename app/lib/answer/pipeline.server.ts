import escapeStringRegexp from "escape-string-regexp";
import { getConfig } from "../config.server";
import { getDb, type Db } from "../db/index.server";
import { getEmbedder, type Embedder } from "../embeddings/index.server";
import { correctQuery, correctionsLabel, writesGenusOf, embedQuery, hashtagsIn, holdsName, holdsPhrase, isEnglishWord, isStopWord, paragraphContinuations, paragraphLeads, passagesByIds, retrieveSync, shortFormsOfUnwrittenWord, tokenize, usualShortFormsHolding, withHashtagsSplit, type Passage, type QueryTerm, type RetrieveOptions, type Retrieval } from "../search/index.server";
import { signForms, signsIn, synonymsIn } from "../search/synonyms";
import { splitSentences } from "../sentences";
import { EXTRACTIVE, type AnsweredBy, type AnswererStatus } from "./answered-by";
import type { ChatModel, ChatModelStatus } from "./chat-model.server";
import { chooseChatProvider, createChosenChatModel, type ChatProviderChoice } from "./providers.server";
import { finalizeCitations, narrowToSentence, toCitation } from "./citations";
import { quotableSentences, type QuotableSentence } from "./quotes.server";
import { checkCoverage, namesThing, unseenNames, type Coverage } from "./coverage.server";
import { classNamedIn } from "./drug-classes";
import { citeSentencePages, repeatsAnswer, verifyModelAnswer } from "./verify.server";
import { extractiveAnswer, extractiveSections, sentenceKey, type AnswerGuide } from "./extractive.server";
import { askingClause, endsAsDiseaseName, quotedTermAsked, isAskingTerm, asksIfCaught, askingParts, foundUpVerbs, passingVerbs, switchLeadWords, caseSubjects, sceneWords, speciesModifiers, isAskerLabel, correctedQuestion, leadingLabel, PART_OF_IT, personMentions, personNames, petNames, comparedOnlyWords, correctableEdits, frameLabel, frameOf, groupNaming, isAskingWord, isNamedDisease, MIN_CASE_SIGNS, namesOwnThing, openingSubjectOf, speciesByLabel, placesOfPersistence, readTurn, searchText, signsSearchText, speciesIn, speciesWordNear, subjectSearchText, speciesLabel, suspectedCondition, suspectedDiagnosis, withoutChatter, TREATED_WITH, TYPED_KINDS, toldBySigns, withAnswersSubject, wordsNaming, type Frame } from "./frame";
import { fitAnswerMessages, getSystemPrompts, taskMessages } from "./prompts.server";
import { decomposeQuestion } from "./questions";
import { ABSTAIN_BELOW, coverage, holdsInOrder, holdsTerm, judgeRelevance, passageTerms, withWrittenForms, type ScoredPassage } from "./relevance.server";
import { PUBMED_ARTICLES, pubmedPassages, type PubMedSearch } from "./pubmed-passages.server";
import { answerOffThread, retrieveOffThread } from "./pool.server";
import { AnswerError, REFUSAL, type AnswererKind, type Citation, type HistoryTurn, type NumberedPassage, type PassageLike } from "./types";

/**
 * Question -> its clinical frame (a follow-up inherits the previous one) -> search -> relevance check
 * (abstain when nothing is about the question) -> coverage check (refuse when the passages hold the topic
 * but not the asked species, drug or detail) -> the best passages, numbered -> an answer from the chat
 * model (streamed, each sentence checked against its passage) or the extractive answerer (the answering
 * sentence first) -> citations at the page of each sentence.
 */

export type AnswerRequest = {
  question: string;
  /** Earlier turns of the conversation, oldest first (complete messages only). */
  history: HistoryTurn[];
  /** Whose private documents are searched with the shared ones. */
  viewerId: string | null;
  usePubmed: boolean;
  useThinkHarder: boolean;
  customSystemPrompt?: string | null;
  signal?: AbortSignal;
  /** Text as it is produced; the final content (citations cleaned) may differ. */
  onToken?: (text: string) => void;
  /** PubMed mode: the user's priority journals (comma-separated; null for the defaults). */
  pubmedPriorityJournals?: string | null;
  /** PubMed mode: how the literature search went (the chat screen toasts 'No Results' / 'Search Failed'). */
  onPubmed?: (outcome: PubMedStatus) => void;
  /** How the question was read ("cats · itraconazole · dose"), as soon as it is known, before any token. */
  onReading?: (reading: string) => void;
  /** A model that writes one answer at a time: how many answers are ahead of this one (0 once it starts). */
  onQueue?: (ahead: number) => void;
  /** The model is about to write the answer (so a stopped or failed answer still records who was writing it). */
  onAnsweredBy?: (by: AnsweredBy) => void;
};

export type PubMedStatus = { status: "ok" | "empty" | "failed"; articles: number; message: string | null };

export type AnswerResult = {
  content: string;
  citations: Citation[];
  answerer: AnswererKind;
  /** What was searched for (the standalone form of a follow-up). */
  searchQuery: string;
  /** Think Harder's sub-questions. */
  subQuestions: string[];
  /**
   * The passages the answer drew on (PubMed articles included), numbered as in the answer before renumbering. Absent
   * from an answer written on a query thread: the request thread keeps only its text and citations, and has no use for
   * a copy of the passages (a table's rows each carry their header).
   */
  passages?: Array<NumberedPassage<PassageLike>>;
  /** Why the model was not used when one is configured (e.g. unreachable), for logs and admins. */
  fallbackReason: string | null;
  /** How the question was read, shown under it; null when nothing clinical was recognised. */
  reading: string | null;
  /** Who wrote the stored answer (the extractive answerer for refusals without a model). */
  answeredBy: AnsweredBy;
  /** The model's sentences and what the checks did with them; null when no model wrote the answer. */
  modelSentences: ModelSentences | null;
};

/** What the checks did with a model's answer: sentences kept, and those left out with the reason. */
export type ModelSentences = { kept: number; dropped: Array<{ sentence: string; reason: string }> };

export type AnswerDeps = {
  db: Db;
  embedder: () => Promise<Embedder | null>;
  /** The chat model when one is configured and reachable. */
  chatModel: () => Promise<ChatModel | null>;
  /** Search with query analysis; default: in this thread on `db` (the server passes the search thread). */
  retrieve?: (query: string, options: RetrieveOptions) => Promise<Retrieval>;
  /** PubMed search (default: NCBI E-utilities through the pubmed capability). */
  pubmed?: PubMedSearch;
  /**
   * The whole answer elsewhere when no chat model or PubMed is involved (the server passes the query
   * threads); null when it could not be done there, and the answer is composed here.
   */
  answerOffThread?: (request: AnswerRequest, embedder: Embedder | null) => Promise<AnswerResult | null>;
};

/** Search and analysis of one query, the query's vector embedded here when there is an embedder. */
export async function retrieveFor(query: string, options: { k: number; viewerId: string | null }, deps: AnswerDeps): Promise<Retrieval> {
  const queryVector = await embedQuery(await deps.embedder(), query);
  const opts: RetrieveOptions = { ...options, queryVector };
  return deps.retrieve ? deps.retrieve(query, opts) : retrieveSync(deps.db.$client, query, opts);
}

/** Each passage with the start of the paragraph it begins in the middle of, for judging what it is about. */
function withLeads(found: Retrieval, deps: AnswerDeps): Retrieval & { passages: Array<Passage & { lead?: string }> } {
  const leads = paragraphLeads(deps.db.$client, found.passages.map((p) => p.chunkId));
  if (!leads.size) return found;
  return { ...found, passages: found.passages.map((p) => (leads.has(p.chunkId) ? { ...p, lead: leads.get(p.chunkId)! } : p)) };
}

/**
 * The rest of the paragraph each relevant passage ends in the middle of (its tail, from the chunk after), and
 * those chunks: the sentence that answers may be cut off by a chunk boundary ("The diagnosis is confirmed by PCR").
 */
function withTails<P extends PassageLike>(relevant: Array<ScoredPassage<P>>, deps: AnswerDeps) {
  const continuations = paragraphContinuations(deps.db.$client, relevant.map((p) => p.chunkId));
  // One copy per passage: the coverage check tells passages apart by identity (relevant ones among passing ones).
  const copies = new Map<ScoredPassage<P>, ScoredPassage<P>>();
  const tailed = (p: ScoredPassage<P>): ScoredPassage<P> => {
    const next = continuations.get(p.chunkId);
    if (!next) return p;
    if (!copies.has(p)) copies.set(p, { ...p, tail: next.tail });
    return copies.get(p)!;
  };
  return { tailed, continuations };
}

/**
 * The supporting passages each followed by its continuation, so what the coverage check read in a tail can be
 * quoted at its page: read from the index when search did not return it (the same document, so the same viewer
 * may see it) and scored as the passage it continues. Then the other relevant passages.
 */
function followedByContinuations(
  supporting: Array<ScoredPassage<Passage>>,
  relevant: Array<ScoredPassage<Passage>>,
  continuations: Map<number, { chunkId: number }>,
  deps: AnswerDeps,
): { passages: Array<ScoredPassage<Passage>>; continuing: number[] } {
  const present = new Map(relevant.map((p) => [p.chunkId, p]));
  const wanted = supporting.flatMap((p) => {
    const next = continuations.get(p.chunkId)?.chunkId;
    return next !== undefined && !present.has(next) ? [next] : [];
  });
  const read = passagesByIds(deps.db.$client, wanted);
  const leads = paragraphLeads(deps.db.$client, read.map((p) => p.chunkId));
  const loaded = new Map(read.map((p) => [p.chunkId, leads.has(p.chunkId) ? { ...p, lead: leads.get(p.chunkId)! } : p]));
  const out: Array<ScoredPassage<Passage>> = [];
  const continuing: number[] = [];
  const placed = new Set<number>();
  for (const p of supporting) {
    if (placed.has(p.chunkId)) continue;
    out.push(p);
    placed.add(p.chunkId);
    const nextId = continuations.get(p.chunkId)?.chunkId;
    if (nextId === undefined || placed.has(nextId)) continue;
    const fromIndex = loaded.get(nextId);
    const next = present.get(nextId) ?? (fromIndex ? { ...fromIndex, coverage: p.coverage, evidence: p.evidence } : undefined);
    if (!next) continue;
    out.push(next);
    placed.add(nextId);
    continuing.push(nextId);
  }
  return { passages: [...out, ...relevant.filter((p) => !placed.has(p.chunkId))], continuing };
}

const PASSAGES = { normal: 6, thinkHarder: 12, perSubQuestion: 3 } as const;
/** How much deeper a follow-up's own ask is searched with its carried subject: a long chunk on several topics ranks low. */
const FOLLOW_UP_DEPTH = 3;
const SEARCH_K = { normal: 10, thinkHarder: 10, perSubQuestion: 6 } as const;
/** Sub-question passages must still be about the question's topic, not only about the aspect. */
const SUB_TOPIC_COVERAGE = 0.4;
/** The small model tasks (rewrite, sub-questions, title, follow-ups) must not hold an answer up for long. */
const TASK_TIMEOUT_MS = 20_000;

let configured: { model: ChatModel | null; choice: ChatProviderChoice } | undefined;

function configuredChatModel(): { model: ChatModel | null; choice: ChatProviderChoice } {
  if (configured) return configured;
  const choice = chooseChatProvider(getConfig());
  configured = { model: createChosenChatModel(choice), choice };
  return configured;
}

/** Which answerer questions get now, and why (shown to admins). */
export async function getAnswererStatus(): Promise<AnswererStatus> {
  const { model, choice } = configuredChatModel();
  if (!model) return { answerer: "extractive", model: null, reason: choice.provider === null ? choice.reason : null };
  const status: ChatModelStatus = await model.status();
  return status.available
    ? { answerer: model.answeredBy.provider, model: status.model, reason: null }
    : { answerer: "extractive", model: status.model, reason: status.reason };
}

export function defaultAnswerDeps(): AnswerDeps {
  return {
    db: getDb(),
    embedder: () => getEmbedder(),
    chatModel: async () => {
      const { model } = configuredChatModel();
      return model && (await model.status()).available ? model : null;
    },
    retrieve: retrieveOffThread,
    answerOffThread,
  };
}

/** A small model task with its own timeout; null when it fails (the caller has a fallback). */
export async function runTask(model: ChatModel, instruction: string, material: string, signal?: AbortSignal): Promise<string | null> {
  const timeout = AbortSignal.timeout(TASK_TIMEOUT_MS);
  try {
    const text = await model.chat(taskMessages(instruction, material), {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      temperature: 0,
      maxTokens: 200,
    });
    return text.trim() || null;
  } catch (error) {
    signal?.throwIfAborted();
    console.warn(`answer: model task failed, using the fallback: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** A JSON array of strings in a model's reply (models wrap it in prose or code fences). */
export function parseStringList(text: string | null, max: number): string[] {
  if (!text) return [];
  const match = /\[[\s\S]*\]/.exec(text);
  if (!match) return [];
  try {
    const value: unknown = JSON.parse(match[0]);
    if (!Array.isArray(value)) return [];
    return value
      .filter((v): v is string => typeof v === "string")
      .map((v) => v.replace(/\s+/g, " ").trim())
      .filter((v) => v.length >= 3 && v.length <= 300)
      .slice(0, max);
  } catch {
    return [];
  }
}

/**
 * The frame of the question in its conversation: earlier questions' frames first, each inheriting from the one before
 * (a case told by its signs with what its answer named).
 */
function frameFor(question: string, history: HistoryTurn[], holds: (name: string) => boolean = () => true): Frame {
  const frames: Frame[] = [];
  for (let i = 0; i < history.length; i++) {
    if (history[i]!.role !== "user") continue;
    const frame = readTurn(history[i]!.content, frames);
    const answer = history[i + 1]?.role === "assistant" ? history[i + 1]!.content : "";
    const before = frames[frames.length - 1];
    const refused = answer.startsWith(REFUSAL) ? withoutUnheld(frame, before, holds) : null;
    // (A turn refused for a thing of its own the passages never name, "owners are asking about GS-441524 - dose?", leaves
    // the case before it the subject: "and if they decline, what are we looking at survival-wise?" is about FIP.)
    const leftNothing = refused !== null && before !== undefined && !frame.inherited.length && namesOwnThing(frame) && !namesOwnThing(refused) && !refused.species.length;
    frames.push(!answer ? frame : leftNothing ? before : (refused ?? withAnswersSubject(frame, answer, history[i]!.content, frames.length === 0)));
  }
  const frame = readTurn(question, frames);
  // (The animals no document names by any word of theirs: passages that name no animal do not speak of them.)
  const unnamed = frame.species.filter((id) => !wordsNaming(id).some(holds));
  return unnamed.length ? { ...frame, unnamed } : frame;
}

/**
 * A turn that corrects the question before it ("sorry, I meant the goat not the sheep") is that question asked again of
 * what it names: the rewritten question, read after the turns before the one it corrects, whose answer it replaces.
 */
export function withCorrections(question: string, history: HistoryTurn[]): { question: string; history: HistoryTurn[] } {
  const turns: HistoryTurn[] = [];
  const corrected = (text: string) => {
    const before = turns.findLastIndex((t) => t.role === "user");
    const again = before >= 0 ? correctedQuestion(text, turns[before]!.content) : null;
    if (again) turns.splice(before);
    return again ?? text;
  };
  for (const turn of history) turns.push(turn.role === "user" ? { ...turn, content: corrected(turn.content) } : turn);
  const asked = corrected(question);
  return { question: asked, history: turns };
}

/**
 * A refused turn's frame, as the next turn carries it. Refused because the knowledge base never names what it asked of
 * ("what's the drug then — imidocarb?"): what follows speaks of the subject before it ("why do people compare it to
 * malaria?"), not of that name. And a follow-up's own words the passages did not answer ("how long does that protection
 * last — yearly booster?") are not carried into the next ("what supportive care helps the sick ones?").
 */
function withoutUnheld(frame: Frame, previous: Frame | undefined, holds: (name: string) => boolean): Frame {
  // (A name carried from the answered turns before stays: "what about the guinea pig?" refused for its species leaves
  // RHD2 the subject of "how has it got everywhere so fast?", however the passages write it.)
  const carried = new Set(previous ? [...previous.drugs, ...previous.pathogens, ...previous.names, ...previous.acronyms] : []);
  const kept = (names: string[]) => names.filter((n) => carried.has(n) || holds(n));
  const topic = previous && frame.inherited.length ? frame.topic.filter((w) => previous.topic.includes(w)) : frame.topic;
  // Nor what it newly asked for ("what cooking temperature kills it?"): "risk in transplant patients?" after it asks no
  // temperature.
  const asked = previous && frame.inherited.length && frame.asked.some((k) => !previous.asked.includes(k)) ? { asked: previous.asked, attribute: previous.attribute } : {};
  // Nor the animals it swapped in for those spoken of ("would the same dose do for a cat?" in a talk about a dog): the
  // talk goes on about the animals before, and what it asked is kept aside for a follow-up that asks it of other animals
  // ("and for the cattle, what's the course?" after "how many doses do the sheep need?").
  // (Of the same talk: a follow-up, or a question naming what was spoken of, "…how many doses of leptospirosis vaccine do
  // his cattle need?" after a question on leptospirosis in dogs.)
  const named = (f: Frame) => caseSubjects(f).map((n) => n.toLowerCase());
  const sameTalk = previous !== undefined && (frame.inherited.length > 0 || named(frame).some((n) => named(previous).includes(n)));
  const swapped = sameTalk && !frame.inherited.includes("species") && previous.species.length > 0 && frame.species.some((id) => !previous.species.includes(id));
  const animals = swapped ? { species: previous.species, groups: previous.groups, young: previous.young, refusedAsked: { asked: frame.asked, attribute: frame.attribute } } : {};
  return { ...frame, drugs: kept(frame.drugs), pathogens: kept(frame.pathogens), names: kept(frame.names), acronyms: kept(frame.acronyms), topic, ...asked, ...animals };
}

/** The model's rewrite keeps every species, drug and pathogen of the frame, or it is not used. */
function keepsFrame(rewrite: string, frame: Frame): boolean {
  const mentions = speciesIn(rewrite);
  if (frame.species.some((id) => !mentions.species.has(id))) return false;
  const lower = rewrite.toLowerCase();
  return [...frame.drugs, ...frame.pathogens].every((name) => lower.includes(name.toLowerCase().split(/\s+/).pop()!));
}

async function standaloneSearchQuery(request: AnswerRequest, frame: Frame, model: ChatModel | null): Promise<string> {
  const heuristic = searchText(request.question, frame);
  if (!model || !frame.inherited.length) return heuristic;
  const transcript = request.history
    .slice(-4)
    .map((t) => `${t.role === "user" ? "User" : "Assistant"}: ${t.content.slice(0, 600)}`)
    .join("\n");
  const rewritten = await runTask(
    model,
    "Rewrite the user's last question as one standalone search question that names everything it refers to (drug, species, condition). Reply with the question only.",
    `${transcript}\nUser (last question): ${request.question}`,
    request.signal,
  );
  const line = rewritten && rewritten.length <= 500 ? rewritten.split("\n")[0]!.trim() : null;
  return line && keepsFrame(line, frame) ? line : heuristic;
}

async function subQuestionsFor(question: string, model: ChatModel | null, signal?: AbortSignal): Promise<string[]> {
  if (model) {
    const listed = parseStringList(
      await runTask(
        model,
        "Break the clinical question into 3 or 4 specific sub-questions a clinician would look up separately (e.g. dosing, adverse effects, diagnosis, monitoring). Reply with a JSON array of strings only.",
        question,
        signal,
      ),
      4,
    );
    if (listed.length) return listed;
  }
  return decomposeQuestion(question);
}

/** How much a follow-up's carried topic words count in judging whether (and where) passages are about it. */
const CARRIED_TOPIC_WEIGHT = 0.5;

/**
 * A follow-up's words carried from earlier questions ("what age kittens does FCV mainly affect?" before "can dogs
 * pick it up?") say less of what it is about than its own words and its carried subject (FCV): they count half.
 */
function withCarriedTopicWeighed(question: string, terms: QueryTerm[], frame: Frame, written: (term: QueryTerm) => boolean = () => true): QueryTerm[] {
  const carried = carriedTopicTerms(question, frame);
  const own = new Set(tokenize(question));
  // A name carried from a case that no passage writes ("…pneumothorax on the AFAST") cannot tell passages apart: the
  // follow-up ("and dogs?") is judged without it, by the topic carried with it.
  const byTerm = new Map(terms.map((t) => [t.term, t]));
  const unwritten = (term: string) => !own.has(term) && byTerm.has(term) && !written(byTerm.get(term)!);
  const carriedNames = frame.inherited.includes("acronyms") || frame.inherited.includes("names") ? [...frame.acronyms, ...frame.names] : [];
  const unknownNames = carriedNames.filter((n) => tokenize(n).every(unwritten));
  if (unknownNames.length) {
    const unknown = new Set(unknownNames.flatMap((n) => tokenize(n)));
    terms = terms.filter((t) => !unknown.has(t.term));
  }
  // Nor by the words carried that no passage writes, as they were mistyped ("positve" after "…came back heartworm
  // antibody positve") or told the case ("shone", "purple" after "…shone a purple lamp on our kitten…"): they would
  // weigh against every passage alike.
  const unheld = terms.filter((t) => carried.has(t.term) && t.df === 0 && unwritten(t.term));
  if (unheld.length && unheld.length < terms.length) terms = terms.filter((t) => !unheld.includes(t));
  // With a name for the subject carried ("BTV" after a long case history), the case's other words say little of what
  // a follow-up ("how do I confirm it?") is about.
  // (Not beside a condition: "septic pedal" is part of what "septic pedal arthritis" names.)
  // (A disease called by its own name is such a name, "bluetongue" after "…sore crusty mouths, a lamb born blind".)
  const names = frame.acronyms.length + frame.names.length - unknownNames.length;
  const named = frame.drugs.length + frame.pathogens.length + names > 0 || frame.conditions.some(isNamedDisease);
  const weight = named ? CARRIED_BESIDE_NAME_WEIGHT : CARRIED_TOPIC_WEIGHT;
  // A case told by its signs and carried ("and in cats?" after "…brings his food back up a few minutes after eating…
  // getting skinny") stands for its subject: its everyday words together weigh as one word of the follow-up's own, and
  // so do its signs by their clinical names. Neither outweighs what the follow-up asks ("is it notifiable?").
  if (frame.inherited.includes("signs") && toldBySigns(frame)) {
    const signs = new Set(frame.signs.flatMap((sign) => tokenize(sign)).filter((t) => !own.has(t) && !carried.has(t)));
    return terms.map((t) => (signs.has(t.term) ? { ...t, weight: t.weight / signs.size } : carried.has(t.term) ? { ...t, weight: t.weight / carried.size } : t));
  }
  return carried.size ? terms.map((t) => (carried.has(t.term) ? { ...t, weight: t.weight * weight } : t)) : terms;
}
const CARRIED_BESIDE_NAME_WEIGHT = 0.1;

/**
 * A question that names its subject where it asks ("We run a wildlife rescue and take in orphaned fawns every spring.
 * Volunteers keep asking - do the deer themselves carry Lyme?") is about that: the words of the sentences before it,
 * which set the scene, weigh as little as words carried beside a name from an earlier turn.
 */
function withSceneWeighed(question: string, terms: QueryTerm[], frame: Frame): QueryTerm[] {
  if (frame.inherited.length) return terms;
  const asking = new Set(tokenize(askingParts(withoutChatter(question)).join(" ")));
  const ownThings = [...frame.drugs, ...frame.pathogens, ...frame.conditions, ...frame.names, ...frame.acronyms];
  if (!ownThings.some((thing) => tokenize(thing).every((t) => asking.has(t)))) return terms;
  const scene = new Set(tokenize(sceneWords(question).join(" ")).filter((t) => !asking.has(t)));
  return scene.size ? terms.map((t) => (scene.has(t.term) ? { ...t, weight: t.weight * CARRIED_BESIDE_NAME_WEIGHT } : t)) : terms;
}

/** "Post-op", "postoperatively", "after the surgery": when, after a procedure. */
const AFTER_PROCEDURE = /\b(?:post[- ]?op(?:erative(?:ly)?)?|post[- ]?surgical(?:ly)?|after\s+(?:the\s+)?(?:surgery|op|operation|procedure))\b/gi;
/** A procedure by its name: "enucleation", "castration", "ovariohysterectomy", "the surgery". */
const PROCEDURE = /\b(?:[\p{L}-]+(?:ectomy|ectomies|otomy|otomies|ostomy|plasty|pexy|rrhaphy)|enucleat\w*|castrat\w*|spay\w*|neuter\w*|amputat\w*|surgery|surgical|operation|resection|excision)\b/iu;

/**
 * "Post-op meds and for how long?" after questions on an enucleation: the words that say it is after the procedure the
 * question names or carries weigh as words carried. A passage on the procedure tells what follows it in its own words ("The
 * animal should receive antibiotics and NSAIDs for a minimum of 5 days"); what is asked must still be there.
 */
function withAfterProcedureWeighed(question: string, terms: QueryTerm[], frame: Frame): QueryTerm[] {
  const after = [...question.matchAll(AFTER_PROCEDURE)].map((m) => m[0]);
  if (!after.length || !PROCEDURE.test(frame.topic.join(" ").replace(AFTER_PROCEDURE, " "))) return terms;
  const timed = new Set(tokenize(after.join(" ")).filter((t) => !isStopWord(t)));
  return terms.map((t) => (timed.has(t.term) ? { ...t, weight: t.weight * CARRIED_BESIDE_NAME_WEIGHT } : t));
}

/**
 * A follow-up that tells what its animal does before asking whether it catches the disease spoken of ("my dog keeps
 * sniffing round their pen. can he catch it off them?"): the words no passage writes of what it tells weigh little; the
 * disease carried and the animal decide.
 */
function withCaseBeforeCatching(question: string, terms: QueryTerm[], frame: Frame): QueryTerm[] {
  const clause = askingClause(question);
  if (clause === question || !asksIfCaught(clause) || !namesOwnThing(frame) || namesOwnThing(frameOf(question))) return terms;
  const asking = new Set(tokenize(clause));
  return terms.map((t) => (t.df === 0 && !asking.has(t.term) ? { ...t, weight: t.weight * CARRIED_BESIDE_NAME_WEIGHT } : t));
}

/** Whether every answer of the conversation so far was the refusal: what it asks of was never found. */
const followsRefusal = (history: HistoryTurn[]) => {
  const answers = history.filter((t) => t.role === "assistant");
  return answers.length > 0 && answers.every((t) => t.content.startsWith(REFUSAL));
};

/** Index terms of the topic words a follow-up carries that it does not say itself. */
function carriedTopicTerms(question: string, frame: Frame): Set<string> {
  if (!frame.inherited.includes("topic")) return new Set();
  const own = new Set(tokenize(question));
  return new Set(frame.topic.flatMap((w) => tokenize(w)).filter((t) => !own.has(t)));
}

/**
 * The terms whose passages and paragraphs must cover what is asked (the species, the typed value): with a name
 * for the subject (FCV) carried, the earlier questions' other words do not choose them.
 */
function coverageTerms(question: string, all: QueryTerm[], frame: Frame): QueryTerm[] {
  // ("What do I dust them with?" asks a treatment: a paragraph on "organic dust" is not about it.)
  const verb = TREATED_WITH.exec(question)?.[1];
  const terms = verb ? all.filter((t) => !tokenize(verb).includes(t.term)) : all;
  if (!namesOwnThing(frame)) return withCarriedTopicWeighed(question, terms, frame);
  const carried = carriedTopicTerms(question, frame);
  const kept = terms.filter((t) => !carried.has(t.term));
  return kept.length ? kept : terms;
}

/**
 * The terms that decide whether a passage is about the question: not the words that only say what is asked
 * ("dose", "usually", "roughly", "new topic"), so "roughly what proportion of cats get it?" is judged by
 * what it is about.
 */
export function gateTerms(question: string, terms: QueryTerm[], searched = question): QueryTerm[] {
  // (Every word of it: "What can I tell her?" says nothing of the topic, though "tell" is no topic word either.)
  // (Not a word the question quotes: "what does \"persistently infected\" mean?" asks about those words.)
  const quoted = new Set([...question.matchAll(/["“]([^"”]{2,80})["”]/g)].flatMap((m) => tokenize(m[1]!)));
  const asking = new Set((question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(isAskingWord).flatMap((w) => tokenize(w)).filter((t) => !quoted.has(t)));
  // ("Day length" is a topic, the photoperiod, not a duration asked.)
  if (/\bday[- ]?lengths?\b/i.test(question)) for (const t of tokenize("day length")) asking.delete(t);
  // "How fast…", "how soon…": the word after "how" says what is asked.
  for (const m of question.toLowerCase().matchAll(/\bhow\s+(fast|quickly|rapidly|soon|long|often|frequently|much|many|far|old|early|late|likely)\b/g)) for (const t of tokenize(m[1]!)) asking.add(t);
  // "How long can it hang around in the house and garden?": the places say outside a host, which is asked already.
  for (const place of placesOfPersistence(question)) for (const t of tokenize(place)) asking.add(t);
  // "Never looked ill", "would my bunny look ill", "how long will they be ill?": whether or how long there are signs, which is asked.
  // ("How many of them are likely to get sick?": how many, which is asked.)
  for (const m of question.toLowerCase().matchAll(/\b(?:look|looks|looked|looking|seem|seems|seemed|be|stay|stays|remain|remains)\s+(?:\w+\s+)?(ill|sick|unwell|poorly)\b|\bhow many\b[^?.]*?\b(?:get|gets|getting|got|fall|falls|fell|become|becomes|became)\s+(?:\w+\s+)?(ill|sick|unwell|poorly)\b/g)) for (const t of tokenize(m[1] ?? m[2] ?? "")) asking.add(t);
  // "How long can scrapie stay silent before a sheep shows signs?": how long without signs, which is asked.
  for (const m of question.toLowerCase().matchAll(/\b(?:stay|stays|stayed|remain|remains|remained|lie|lies|lay|lurk|lurks|sit|sits|go|goes)\s+(?:silent|hidden|quiet|undetected|unnoticed|unseen)\b/g)) for (const t of tokenize(m[0])) asking.add(t);
  // "Will he get better?": whether he recovers, which is asked.
  for (const m of question.toLowerCase().matchAll(/\b(?:get|gets|getting|got)\s+(better|worse)\b/g)) for (const t of tokenize(m[1]!)) asking.add(t);
  // "Are they still contagious once they look better?", "until the symptoms ease", "even though her signs have cleared":
  // whether and when they recover, which is asked.
  for (const m of question.toLowerCase().matchAll(/\b(?:look|looks|looked|looking|seem|seems|seemed|feel|feels|felt|feeling)\s+(?:\w+ly\s+)?(better|well|fine|normal)\b|\b(?:signs|symptoms)\s+(?:\w+\s+)?(eas(?:e|es|ed|ing)|subsid(?:e|es|ed|ing)|clear(?:s|ed|ing)?|settl(?:e|es|ed|ing)|resolv(?:e|es|ed|ing))\b/g)) for (const t of tokenize(m[1] ?? m[2] ?? "")) asking.add(t);
  // "What sets it off?": the cause, which is asked.
  for (const m of question.toLowerCase().matchAll(/\b(sets?|setting|kicks?|kicked)\s+(?:it|this|that|them)\s+off\b/g)) for (const t of tokenize(m[1]!)) asking.add(t);
  // "What share of them…", "turn out to be malignant": the rate asked, and a verb that only links what is asked.
  for (const m of question.toLowerCase().matchAll(/\b(?:what|which)\s+(share)\s+of\b|\b(turns?|turned|turning)\s+out\b/g)) for (const word of m.slice(1).filter(Boolean)) for (const t of tokenize(word!)) asking.add(t);
  // "Is there a blood marker that helps firm it up?": whether it confirms the diagnosis, which is asked.
  for (const m of question.toLowerCase().matchAll(/\b(firm(?:s|ed|ing)?)\s+(?:it|this|that|the (?:diagnosis|dx))\s+up\b/g)) for (const t of tokenize(m[1]!)) asking.add(t);
  // "Will the glow disappear straight away?": how soon, which is asked.
  for (const m of question.toLowerCase().matchAll(/\b(straight|right)\s+away\b/g)) for (const t of tokenize(m[1]!)) asking.add(t);
  // "Regurgitating now and then": how often, which says nothing of the topic.
  for (const m of question.toLowerCase().matchAll(/\b(now)\s+and\s+(?:then|again)\b/g)) for (const t of tokenize(m[1]!)) asking.add(t);
  // "Why is it so hard to get a vaccine to work in the feed?": what makes it hard, which is asked.
  for (const m of question.toLowerCase().matchAll(/\b(?:is|it['’]?s|was)\s+(?:it\s+)?(?:so\s+|too\s+|that\s+|really\s+|very\s+)?(hard|difficult|tricky|tough)\s+to\b/g)) for (const t of tokenize(m[1]!)) asking.add(t);
  // "How long before the signs ease off?", "when does it settle down?": when it resolves, which is asked.
  for (const m of question.toLowerCase().matchAll(/\b(eas(?:e|es|ed|ing)|settl(?:e|es|ed|ing)|clear(?:s|ed|ing)?|di(?:e|es|ed)|dying|calm(?:s|ed|ing)?|wear(?:s|ing)?|wore)\s+(?:off|up|down)\b/g)) for (const t of tokenize(m[1]!)) asking.add(t);
  // "Could it jump to the dogs?", "could the cat pass it to the dog?": whether it spreads, which is asked.
  for (const verb of passingVerbs(question)) for (const t of tokenize(verb)) asking.add(t);
  // "Which animals have turned up positive for it?", "where do the lesions turn up at the abattoir?": where or in what it
  // is found, which is asked. (Not animals that "keep turning up near our pigs": they come by.)
  for (const verb of foundUpVerbs(question, FOUND_IN)) for (const t of tokenize(verb)) asking.add(t);
  // "Are they doing the girls any harm?": the animals spoken of, by what their keeper calls them.
  for (const m of question.toLowerCase().matchAll(/\b(?:the|my|our|his|her|their|these|those)\s+(girls|boys|ladies|lads|gals)\b/g)) for (const t of tokenize(m[1]!)) asking.add(t);
  // "…the PPR thing the herders talk about": who talks of it, not what the passages must say.
  for (const m of question.toLowerCase().matchAll(/\b(?:the|my|our|local|some|most|all)\s+([\p{L}-]{3,}s)\s+(?:always\s+|all\s+|keep\s+|still\s+)?(?:talk|talking|go on|keep on|mention|say|call it|call them|warn(?:ed|ing)?(?: us)?)\s+(?:about|of|it|them|that)\b/gu)) {
    if (!speciesIn(m[1]!).species.size) for (const t of tokenize(m[1]!)) asking.add(t);
  }
  // "Are they doing the birds any harm?": what it does to them, which is asked.
  for (const m of question.toLowerCase().matchAll(/\b(?:do|does|did|doing|done|cause|causes|causing|caused)\s+(?:[\w-]+\s+){0,3}?(?:any|much|real|serious|lasting)\s+(harm|damage)\b/g)) for (const t of tokenize(m[1]!)) asking.add(t);
  // "Why do they throw an antibiotic in with the wormer?": why it is added, which is asked.
  for (const m of question.toLowerCase().matchAll(/\b(throw|throws|threw|thrown|throwing|chuck|chucks|chucked|chucking)\s+(?:[\w-]+\s+){1,3}?in\b/g)) for (const t of tokenize(m[1]!)) asking.add(t);
  // "What gap between them?": the interval, which is asked.
  for (const m of question.toLowerCase().matchAll(/\b(gaps?)\s+between\b/g)) for (const t of tokenize(m[1]!)) asking.add(t);
  // "What do I dust them with?": the verb says a treatment is asked.
  const treatedWith = TREATED_WITH.exec(question);
  if (treatedWith) for (const t of tokenize(treatedWith[1]!)) asking.add(t);
  // "Rule out heartworm", "can I cross it off?", "the other cat at home": whether it is excluded, which is asked; where
  // the owner lives.
  // ("Could I take it home to my dog?": whether it spreads to the household.)
  for (const m of question.toLowerCase().matchAll(/\b(rule|ruled|ruling)\s+(?:(?:it|this|that|them)\s+)?out\b|\b(cross|crossed)\s+(?:it|this|that|them)\s+off\b|\b(?:at|around)\s+(home)\b|\b(?:take|taking|took|bring|bringing|brought|carry|carrying|carried)\s+(?:it|this|that|them)\s+(home)\b/g)) {
    for (const word of m.slice(1).filter(Boolean)) for (const t of tokenize(word!)) asking.add(t);
  }
  // "Is that part of it?": whether it belongs, which is asked.
  if (PART_OF_IT_ASKED.test(question)) asking.add("part");
  // "Oh while I remember - …": the switch says nothing of the topic.
  for (const t of tokenize(switchLeadWords(question).join(" "))) asking.add(t);
  // "Life expectancy" is the prognosis asked.
  if (/\blife[- ]expectanc(?:y|ies)\b/i.test(question)) asking.add("life");
  // "Best dx?" asks for the diagnosis ("dx'd wet FIP" says it was made).
  if (/\bdx\b(?!['’]d)/i.test(question)) asking.add("dx");
  // "Pin the diagnosis down", "nail it down": to establish it.
  for (const m of question.toLowerCase().matchAll(/\b(pin|nail)\s+(?:[\w'’-]+\s+){0,3}?down\b/g)) for (const t of tokenize(m[1]!)) asking.add(t);
  // A species word no passage uses ("pony" in a library that says "horse") cannot tell passages apart; the
  // species check after this one reads it through the species lexicon.
  const named = speciesIn(question);
  // (Or one a follow-up carries: "camelids", where the passages write "SACs".)
  const speciesTerms = new Set([...named.words, ...speciesIn(searched).words].flatMap((w) => tokenize(w)));
  const unknownSpecies = (t: QueryTerm) => t.df === 0 && speciesTerms.has(t.term);
  // Nor can a number no passage holds ("temp 39.8", "4yo"): a case's own figures are not what the passages must say.
  const unknownNumber = (t: QueryTerm) => t.df === 0 && /^\d/.test(t.term);
  // Nor can the last word of a species' name that names another species alone: "guinea pigs" are no pigs, a
  // "leopard cat" no cat (a "leopard gecko" is a gecko, which is what the passages must name).
  // (Or one a follow-up carries: "how has it got everywhere so fast?" after "what about the guinea pig?")
  const lower = `${question} ${searched}`.toLowerCase();
  const otherSpeciesPart = new Set(
    [...new Set([...named.species, ...speciesIn(searched).species])]
      .flatMap((id) => wordsNaming(id).filter((name) => name.includes(" ") && lower.includes(name)))
      .flatMap((name) => {
        const head = name.split(" ").pop()!;
        return [...speciesIn(head).species].some((id) => !named.species.has(id)) ? tokenize(head) : [];
      }),
  );
  // Nor the animal's word that only qualifies a wild animal's name: a "tiger salamander" is a salamander.
  for (const word of speciesModifiers(question)) for (const t of tokenize(word)) otherSpeciesPart.add(t);
  // Nor a species the question only compares with ("do they cycle like ewes?"): the passages must speak of the asked one.
  const comparedSpecies = new Set(comparedOnlyWords(question).filter((w) => speciesIn(w).species.size > 0).flatMap((w) => tokenize(w)));
  // Nor a letter standing alone: "vertebral formula (C, T, L, S, Cd)" spells out a legend, not what the passages must say.
  // (A genus's initial is part of a name: "M. bovis".)
  const letter = (t: QueryTerm) => /^\p{L}$/u.test(t.term) && !new RegExp(`\\b${t.term}\\.\\s*\\p{Ll}`, "iu").test(`${question} ${searched}`);
  // Nor an everyday word no passage writes that only the label before the question says ("New grad here, first solo derm
  // consult: …", "hi, sorry the video's a bit laggy - …"): who asks and how the call goes. (Not a name: "Strangles
  // query: …", nor a drug or an animal, which the checks after this one read.)
  const labelOnly = labelChatter(question, terms, asking);
  // Nor any word of a label that files the question as a request ("Surveillance query:", "Rounds question -"): what kind
  // of request it is, not what it asks.
  const requestLabel = requestLabelTerms(question);
  // Nor the name an owner gives the animal ("Bella's wee has gone pink", "our rescue cat Mochi").
  const petNameTerms = new Set(petNames(question).flatMap((n) => tokenize(n)));
  // Nor a person named by title ("Dr Patel wants to know…"), however often the passages cite one of that name.
  const personTerms = new Set(personMentions(question).flatMap((n) => tokenize(n)));
  // Nor a hashtag's word no passage writes ("#help", "#instagram"): a tag, not what the passages must say.
  const tagTerms = new Set(hashtagsIn(question).flatMap((w) => tokenize(w)));
  const kept = terms.filter((t) => !(t.df === 0 && tagTerms.has(t.term)) && !asking.has(t.term) && !unknownSpecies(t) && !unknownNumber(t) && !letter(t) && !otherSpeciesPart.has(t.term) && !comparedSpecies.has(t.term) && !(t.df === 0 && (labelOnly.has(t.term) || petNameTerms.has(t.term))) && !requestLabel.has(t.term) && !personTerms.has(t.term));
  // (The species a follow-up carries are named in what was searched, not in the question: "do they cycle like ewes?".)
  return withSpeciesWords(searched, kept.length ? kept : terms);
}


const PART_OF_IT_ASKED = new RegExp(String.raw`\b${PART_OF_IT}\b`, "i");

/** What follows "turn up" when it says where or in what something is found. */
const FOUND_IN = /^\s+(?:positive|negative|in|inside|within|among|at|on)\b/i;

/** A label that files the question as a kind of request: "Surveillance query:", "Rounds question -", "Dispensing check:", "Triage call:". */
// (Not any line: "Vero cell line:" names what is asked of.)
const REQUEST_LABEL = /\b(?:query|queries|question|questions|q|qs|check|request|enquiry|inquiry|call|calls|(?:triage|phone|telephone|help|advice)\s+line)\s*$/i;
const REQUEST_FROM = new RegExp(String.raw`^(.*?${REQUEST_LABEL.source.replace(String.raw`\s*$`, "")})\s+(?:from|for|by|of)\b`, "i");

/**
 * The words of a question's leading label that only the label says and that name nothing (no drug, pathogen, condition
 * or name the label names, no animal or sign), each with its index terms, and whether the label names such a thing;
 * null when there is no such label.
 */
function labelOnlyWords(question: string, label = leadingLabel(question)): { label: string; words: Array<{ word: string; terms: string[] }>; namesThing: boolean } | null {
  if (!label || speciesIn(label).species.size || signsIn(label).length) return null;
  const rest = new Set(tokenize(question.slice(question.indexOf(label) + label.length)));
  const named = frameOf(label);
  const names = [...named.drugs, ...named.pathogens, ...named.conditions, ...named.names, ...named.acronyms];
  const namedTerms = new Set(names.flatMap((n) => tokenize(n)));
  const first = label.trimStart().split(/\s+/)[0]?.replace(/[^\p{L}'’]/gu, "");
  const words: Array<{ word: string; terms: string[] }> = [];
  for (const [word] of label.matchAll(/[\p{L}'’]+/gu)) {
    // (A capitalised word other than the label's first is a name: "Strangles query:".)
    if (/^\p{Lu}/u.test(word) && word !== first) continue;
    const terms = tokenize(word).filter((t) => !rest.has(t) && !namedTerms.has(t));
    if (terms.length) words.push({ word, terms });
  }
  return { label, words, namesThing: names.length > 0 };
}

/** The index terms of a request label's words ("surveil", "queri" of "Surveillance query:"), however often passages write them. */
function requestLabelTerms(question: string): Set<string> {
  // ("Counter query from a sheep farmer:": the request, before who it comes from.)
  const label = leadingLabel(question);
  const request = label ? REQUEST_FROM.exec(label)?.[1] : undefined;
  const read = labelOnlyWords(question, request ?? label);
  // (Or says who asks, or what for: "Shelter manager:", "Translating a leaflet:"; not the animal it names.)
  return new Set(read && (REQUEST_LABEL.test(read.label) || isAskerLabel(read.label)) ? read.words.filter((w) => !speciesIn(w.word).species.size).flatMap((w) => w.terms) : []);
}

/**
 * The index terms of the everyday words only a question's leading label says (see gateTerms): "The wethers are straining
 * to pee -" tells the case. When the label also says what the passages write ("For the anaesthesia exam:"), only its
 * words the vocabulary lists no synonym of ("exam", not "pee").
 */
function labelChatter(question: string, terms: QueryTerm[], asking: ReadonlySet<string>): Set<string> {
  const read = labelOnlyWords(question);
  if (!read) return new Set();
  // (A label naming what is asked of, "CSF in collared peccaries –", is the question's topic: none of its words is chatter.)
  if (read.namesThing) return new Set();
  const labelTerms = new Set(tokenize(read.label));
  const saysTopic = terms.some((t) => labelTerms.has(t.term) && t.df > 0 && !asking.has(t.term));
  // (By a synonym the vocabulary lists, "pee" for urine; not by the forms read for any word no passage writes, "revisment".)
  const otherwiseWritten = new Set(terms.filter((t) => t.alternatives?.length && synonymsIn([t.term]).some((m) => m.alternatives.length)).map((t) => t.term));
  const out = new Set<string>();
  for (const { word, terms: wordTerms } of read.words) {
    if (!isEnglishWord(word.toLowerCase().replace(/['’]s$/, "")) || speciesIn(word).species.size) continue;
    for (const t of wordTerms) if (!(saysTopic && otherwiseWritten.has(t))) out.add(t);
  }
  return out;
}

/**
 * The terms of the clause that asks, when a case is told before it and the clause names a topic of its own (three
 * terms the knowledge base holds at least); null otherwise ("…What are they?" points back to the case).
 * What the case names as its subject stays asked of: "…whether her cows need one bluetongue jab or two. What's the
 * primary course for cattle?" asks of bluetongue's.
 */
export function askedPartTerms(question: string, terms: QueryTerm[], frame: Frame): QueryTerm[] | null {
  // (Without an opener before it: "Quick check before we record: do ducks see more colours than we do?")
  // (Every part of the sentence that asks: "Should I wash them, and … how warm should the water be?" asks of washing too.)
  const clause = askingClause(withoutChatter(question), { yesNoWhole: true });
  if (clause === question) return null;
  // ("For a digit amputation in a ewe, which local anaesthetic…?": a phrase that opens the question's own sentence with a
  // preposition says what it asks about, no case told before it.)
  const before = question.slice(0, question.lastIndexOf(clause));
  if (TOPIC_PHRASE_OPENING.test(before) && !/[.!?:;—–]|\s-\s/.test(before)) return null;
  // (And the animals the case told of, where the question points back to them: "…sick feral pigeons. Is the paramyxovirus
  // they carry much of a risk to the backyard chickens…?" asks of pigeons' paramyxovirus.)
  // (Or the things the sentence before names in the plural: "Some of my hens' eggs are coming out of the nest box caked in
  // mud. Should I wash them?")
  const told = before.replace(/[\s.!?:;—–-]+$/, "");
  const lastSentence = lastSentenceOf(told);
  // (Or not made with an "s": "found body lice on a few of my layers … how long do they take to go through a generation?")
  const pluralsBefore = [...lastSentence.matchAll(/\b(?:[a-z]{3,}(?<![siu]s)s|lice|mice|geese|teeth|feet|oxen)\b/g)].map((m) => m[0]).filter((w) => !isStopWord(w));
  const pointedTo = POINTS_BACK.test(clause) ? [...[...speciesIn(before).words], ...pluralsBefore].flatMap((w) => tokenize(w)) : [];
  const own = new Set([...tokenize(clause), ...caseSubjects(frame).flatMap((n) => tokenize(n)), ...pointedTo]);
  // (A word the passages write otherwise counts: "dementia" is written "cognitive dysfunction".)
  const enough = (asked: QueryTerm[], least = MIN_ASKED_TOPIC_TERMS) => asked.filter((t) => t.df > 0 || t.alternatives?.length).length >= least && asked.length < terms.length;
  const asked = terms.filter((t) => own.has(t.term));
  // (Two are enough for a clause that stands alone, pointing back to nothing the case told and naming the animal or the
  // thing asked of: "Backyard hens have eased off laying … since the days got shorter. What does the hypothalamus actually
  // control in a chicken?"; not "Need bloods from a peacock … which vein do people normally use?")
  const clauseSpecies = speciesIn(clause).species;
  const namesOwn = frame.species.some((id) => id !== "human" && clauseSpecies.has(id)) || [...frame.names, ...frame.acronyms, ...frame.pathogens, ...frame.drugs, ...frame.conditions].some((n) => clause.toLowerCase().includes(n.toLowerCase()));
  const standsAlone = namesOwn && !POINTS_BACK.test(clause) && !IT_POINTS_BACK.test(clause);
  if (enough(asked, standsAlone ? MIN_STANDALONE_TOPIC_TERMS : MIN_ASKED_TOPIC_TERMS)) return asked;
  // (Too few in the clause: the whole sentence that asks, with the phrase that opens it, "…backyard hens. For routine
  // bloods on an adult chicken, which vein do most people go for?", and the questions asked just before it, "…sale
  // horses. how do i spot flu in a horse that was never vaccinated? what signs".)
  const asking = askingSentences(question, clause);
  const inSentences = terms.filter((t) => own.has(t.term) || asking.has(t.term));
  const bySentences = enough(inSentences) ? inSentences : null;
  if (!IT_POINTS_BACK.test(clause)) return bySentences;
  // (Too few to judge by, and "it" stands for something named earlier in the clause's own sentence by a name the passages
  // write otherwise: "Is 'doggy dementia' a real thing, and how common is it in older dogs?" asks how common doggy
  // dementia is.)
  const sentenceBefore = lastSentenceOf(before);
  // (Or in the sentence told just before, when the question is a sentence of its own: "…a neighbour warned me about
  // necrotic enteritis. What sets it off?")
  const itStandsFor = new Set(tokenize(sentenceBefore.trim() ? sentenceBefore : lastSentence));
  const withIt = terms.filter((t) => own.has(t.term) || (itStandsFor.has(t.term) && t.alternatives?.length));
  return enough(withIt) ? withIt : bySentences;
}
/** Terms of the sentence a clause asks in, and of the questions asked just before it. */
function askingSentences(question: string, clause: string): Set<string> {
  const sentences = question.split(/(?<=[?.!])\s+/);
  let at = sentences.findLastIndex((s) => s.includes(clause));
  if (at < 0) return new Set();
  const asked = [sentences[at]!];
  while (at > 0 && /\?\s*$/.test(sentences[at - 1]!)) asked.push(sentences[--at]!);
  return new Set(asked.flatMap((s) => tokenize(s)));
}
/** What a text says after its last sentence's end ("…caked in mud. Should I" -> " Should I"); all of it when it has none. */
const lastSentenceOf = (text: string) => text.slice(Math.max(...[...text.matchAll(/[.!?]\s/g)].map((m) => m.index + 1), 0));
const MIN_ASKED_TOPIC_TERMS = 3;
const MIN_STANDALONE_TOPIC_TERMS = 2;
/** A pronoun that points back to what was told before: "the virus they carry", "does it spread". */
const POINTS_BACK = /\b(?:they|them|their|theirs)\b/i;
const IT_POINTS_BACK = /\b(?:it|its)\b/i;
/**
 * Diseases a question names by a word and a head that makes a disease's name ("milk fever", "grass sickness"): not a
 * describing word ("high fever", "glandular fever" is read by other checks), nor a species word ("swine fever").
 */
function diseasesNamedByHead(question: string): string[] {
  const byHead = [...question.matchAll(/\b([a-z]{3,})\s+(?:fever|sickness|staggers|tetany|pox|plague|rot|cough)\b/gi)]
    .filter((m) => !isStopWord(m[1]!.toLowerCase()) && !DESCRIBING_WORD.test(m[1]!) && !speciesIn(m[1]!).species.size && !speciesIn(m[1]!).groups.size)
    .map((m) => m[0].toLowerCase());
  // ("Foot and mouth disease": two body parts and a disease.)
  // (Not "Gudair and which disease": a word that asks or says nothing is no part of a name.)
  const paired = [...question.matchAll(/\b([a-z]{3,})\s+and\s+([a-z]{3,})\s+disease\b/gi)]
    .filter((m) => !isStopWord(m[1]!.toLowerCase()) && !isStopWord(m[2]!.toLowerCase()))
    .map((m) => m[0].toLowerCase());
  return [...byHead, ...paired];
}

/**
 * The syndromes a question names in lower-case words: "fatty liver haemorrhagic syndrome", by the words before it that
 * neither ask, link nor act ("to stop them getting …"), after any that only describe it ("postoperative euthyroid sick
 * syndrome" is the "euthyroid sick syndrome"; "fatty" is part of a name). (Not one that only describes or compares: "the
 * broader neurologic syndrome".)
 */
function syndromesNamed(question: string): string[] {
  return [...question.matchAll(/\b((?:[a-z][a-z-]{2,}\s+){1,3})syndrome\b/gi)].flatMap((m) => {
    const words = m[1]!.trim().split(/\s+/);
    let start = words.length;
    while (start > 0 && !isStopWord(words[start - 1]!.toLowerCase()) && !isAskingWord(words[start - 1]!.toLowerCase()) && !/ing$/i.test(words[start - 1]!) && !speciesIn(words[start - 1]!).groups.size) start--;
    while (start < words.length - 1 && /(?:ive|al|ous|ic|ed|ly)$/i.test(words[start]!)) start++;
    const name = words.slice(start);
    return name.some((w) => !DESCRIBING_WORD.test(w) && !COMPARING_WORD.test(w)) ? [`${name.join(" ")} syndrome`.toLowerCase()] : [];
  });
}

/** Words that compare or relate what they qualify: no part of a name ("the broader neurologic syndrome"). */
const COMPARING_WORD = /^(?:broader|wider|larger|bigger|smaller|greater|older|younger|newer|other|whole|same|similar|related|underlying|general|overall|entire|main|major|minor)$/i;
const DESCRIBING_WORD =
  /^(?:high|low|mild|severe|slight|bad|persistent|recurrent|recurring|intermittent|ongoing|sudden|no|any|some|much|little|more|less|like|unlike|such|plus|than|then|also|both|either|neither|nor|but|with|without|and|or|cause|causes|the|its|their|his|her|got|gets|get|run|runs|ran|show|shows|develop|develops|spike|spikes|had|has|have|post|temp|bit|days|weeks|[a-z]+(?:al|ar|ous|ive|ic|ly|ing|ed|ish|[bcdfghklmnprstvwxz]y))$/i;

/** Whether a word the question types in lower case is written by the passages, where they write it, only in capitals. */
function onlyInCapitals(word: string, question: string, passages: PassageLike[]): boolean {
  if (!new RegExp(`\\b${escapeStringRegexp(word)}\\b`).test(question) || word !== word.toLowerCase()) return false;
  const written = passages.flatMap((p) => [...p.text.matchAll(new RegExp(`\\b${escapeStringRegexp(word)}\\b`, "gi"))].map((m) => m[0]));
  return written.length > 0 && written.every((w) => w === w.toUpperCase());
}

/** How a disease's name of several words ends ("milk fever", "grass sickness", "lumpy skin disease"). */
const DISEASE_NAME_HEAD = /\b(?:fever|disease|sickness|syndrome|pox|plague|flu|rot|staggers|tetany|cough|abortion)$/i;
const TOPIC_PHRASE_OPENING = /^\s*(?:for|in|with|after|during|before|on)\s/i;

/** Words that only stress or hedge what is asked ("what even is that", "is it really…"): nothing to search for. */
const HEDGE_WORDS = /\b(?:even|actually|really|just|literally|basically|honestly|exactly|ever|ngl|tbh|lol|tho)\b/gi;

/** The diagnosis a case puts forward, and what to search for of it: it, the clause that asks of it, and the species. */
function suspectedSearch(question: string): { diagnosis: string; query: string } | null {
  const diagnosis = suspectedDiagnosis(question);
  if (!diagnosis) return null;
  const clause = askingClause(question);
  const asked = clause === question || clause.replace(/\?\s*$/, "").trim().toLowerCase() === diagnosis.toLowerCase() ? "" : clause.replace(HEDGE_WORDS, " ");
  return { diagnosis, query: [diagnosis, asked, ...speciesIn(question).words].filter(Boolean).join(" ") };
}

/**
 * A species word is held by a passage that names the species another way: "ewes" and "lambs" by one about
 * "sheep", "ovine" or "small ruminants". (Whether the passages speak of the asked species is checked after.)
 */
function withSpeciesWords(question: string, terms: QueryTerm[]): QueryTerm[] {
  const namings = new Map<string, string[][]>();
  const named = speciesIn(question);
  for (const word of named.words) {
    const own = tokenize(word);
    const others = [...speciesIn(word).species].flatMap(wordsNaming).map((w) => tokenize(w)).filter((w) => w.length && w.join(" ") !== own.join(" "));
    for (const term of own) namings.set(term, [...(namings.get(term) ?? []), ...others]);
  }
  // A species named in several words, none of which names an animal alone, is named by any of its names: an "African grey"
  // is what a passage on parrots speaks of. (A "Quarter Horse" is named by its own words: "horse" already reads as any
  // horse, and "quarter" is what tells the breed.)
  const spaced = ` ${(question.toLowerCase().match(/[\p{L}\p{N}'’-]+/gu) ?? []).join(" ")} `;
  const namesAnimal = (word: string) => {
    const mentions = speciesIn(word);
    return mentions.species.size > 0 || mentions.groups.size > 0;
  };
  for (const id of named.species) {
    const names = wordsNaming(id);
    for (const name of names.filter((n) => n.includes(" ") && spaced.includes(` ${n} `) && !n.split(" ").some(namesAnimal))) {
      const phrase = tokenize(name);
      const others = names.map((w) => tokenize(w)).filter((w) => w.length && w.join(" ") !== phrase.join(" "));
      for (const term of phrase) namings.set(term, [...(namings.get(term) ?? []), ...others]);
    }
  }
  // A group named in several words is named by any of its names: "south american camelids" carried into a follow-up is
  // what a passage writing only "SACs" speaks of.
  for (const index of named.groups) {
    const { words, others } = groupNaming(index);
    const names = [...words, ...others].map((w) => tokenize(w)).filter((w) => w.length);
    for (const phrase of words.map((w) => tokenize(w)).filter((w) => w.length > 1)) {
      for (const term of phrase) namings.set(term, [...(namings.get(term) ?? []), ...names.filter((w) => w.join(" ") !== phrase.join(" "))]);
    }
  }
  if (!namings.size) return terms;
  return terms.map((t) => (namings.has(t.term) ? { ...t, alternatives: [...(t.alternatives ?? []), ...namings.get(t.term)!] } : t));
}

/** Another search for the question, read with its own words: its passages, terms and the relevance of those `among` them. */
async function searchAgain(
  query: string,
  request: AnswerRequest,
  k: number,
  deps: AnswerDeps,
  among: (p: Passage, terms: QueryTerm[]) => boolean = () => true,
) {
  const found = withLeads(await retrieveFor(query, { k, viewerId: request.viewerId }, deps), deps);
  const terms = withWrittenForms(found.analysis.terms, query);
  return { found, terms, judged: judgeRelevance(gateTerms(query, terms), found.passages.filter((p) => among(p, terms))) };
}

type Retrieved = {
  terms: QueryTerm[];
  /** Why the knowledge base does not answer the question as asked (species, name or detail not covered); null when it does. */
  uncovered: Extract<Coverage<Passage>, { covered: false }> | null;
  /** Asked species the answer does not cover although it answers for the others. */
  notCovered: string[];
  /** The passages answering name no species at all (so not the asked ones in notCovered either). */
  namesNoSpecies: boolean;
  /** Chunks that carry the question's topic. */
  supporting: Set<number>;
  /** The overview's passages first (`overview` of them), then the aspects' new ones; empty when nothing is relevant. */
  passages: Array<ScoredPassage<Passage>>;
  overview: number;
  sections: Array<{ heading: string; terms: QueryTerm[]; passages: Array<ScoredPassage<Passage>> }>;
};

/** The terms of what a question itself names: its abbreviations (generic ones too: "MRI"), drugs, pathogens and names. */
function ownNamedTerms(question: string, terms: QueryTerm[]): QueryTerm[] {
  const text = withoutChatter(question);
  const own = frameOf(text);
  const named = new Set([...(text.match(/\b[A-Z][A-Z0-9]+s?\b/g) ?? []), ...own.drugs, ...own.pathogens, ...own.names].flatMap((n) => tokenize(n)));
  return terms.filter((t) => named.has(t.term));
}

/**
 * The terms with the everyday words no passage writes lightened, when only the sentences told around the question say
 * them (not a sentence that asks: "Is a lime sulfur dip an option?" asks of the dip) and the question is about an animal
 * or a named disease, drug or sign (so "how do I make fresh pasta?" stays off the topic). Names are never lightened.
 */
function withToldEverydayWordsLight(question: string, terms: QueryTerm[], frame: Frame): QueryTerm[] {
  if (!terms.some((t) => t.df === 0)) return terms;
  const sentences = question.split(/(?<=[.!?])\s+/);
  const asks = new Set(sentences.filter((s) => /\?\s*$/.test(s)).flatMap((s) => tokenize(s)));
  // (Or asks of a word the knowledge base writes in a few passages only: "What's viperin and how does it fight flu? I saw it
  // in a paper about sick seabirds.")
  const asksRareWord = terms.some((t) => t.df > 0 && t.df <= RARE_ASKED_DF && asks.has(t.term) && !isAskingTerm(t.term));
  // (Or, asking in words that name nothing, or relaying a question without its question mark, of a word the knowledge base
  // writes in a few passages that it tells: "…the farmer's wife asked whether she should wash the mucky eggs before she
  // sells them.")
  const asksNothingRare = [...asks].every((t) => isStopWord(t) || isAskingTerm(t) || (terms.find((q) => q.term === t)?.df ?? 0) > RARE_ASKED_DF);
  const toldRareWord = asksNothingRare && terms.some((t) => t.df > 0 && t.df <= RARE_ASKED_DF && !asks.has(t.term) && !isAskingTerm(t.term));
  if (!(frame.species.length || frame.groups.length || frame.signs.length || namesOwnThing(frame) || asksRareWord || toldRareWord)) return terms;
  const named = new Set([...frame.drugs, ...frame.pathogens, ...frame.conditions, ...frame.names, ...frame.acronyms].flatMap((n) => tokenize(n)));
  // (So are those of a follow-up's asking sentence that names nothing of its own, "then why do folks round here blame the
  // deer for all the lyme?": it asks of what it carries, in the asker's words. Not one asking a value, a treatment or a
  // drug, "how long would the virus survive in frozen pork?", nor what is given, used or cleaned, "can I give him one of my
  // ibuprofen?", "what should we disinfect the enclosures with?": those words name what is asked of.)
  const own = frameOf(withoutChatter(question));
  const ofCarried = frame.inherited.length > 0 && !namesOwnThing(own) && !own.asked.some((k) => TYPED_KINDS.has(k) || k === "treatment");
  const handled = new Set([...question.matchAll(HANDLED_THINGS)].flatMap((m) => tokenize(m[1]!)));
  const everyday = new Set<string>();
  for (const told of sentences.filter((s) => ofCarried || !/\?\s*$/.test(s))) {
    for (const [word] of told.matchAll(/(?<![\p{L}\p{N}])\p{Ll}[\p{Ll}'’-]*\p{Ll}/gu)) {
      const [term, ...more] = tokenize(word);
      const lightAsked = ofCarried && !handled.has(term ?? "") && !speciesIn(word).species.size && !speciesIn(word).groups.size;
      if (term && !more.length && (lightAsked || !asks.has(term)) && !named.has(term) && isEnglishWord(word)) everyday.add(term);
    }
  }
  if (!everyday.size) return terms;
  return terms.map((t) => (t.df === 0 && everyday.has(t.term) ? { ...t, weight: t.weight * TOLD_EVERYDAY_WEIGHT } : t));
}
/** What an asker gives, uses, cleans or feeds: "give him one of my ibuprofen", "disinfect the enclosures with". */
const HANDLED_THINGS = /\b(?:give|giving|gave|use|using|used|disinfect|disinfecting|clean|cleaning|wash|washing|spray|spraying|apply|applying|feed|feeding|treat|treating|dose|dosing)\b((?:\s+[\p{L}'’-]+){1,6})/giu;
/** Passages at most that write a word asked of, for the question to be on the knowledge base's topic by that word alone. */
const RARE_ASKED_DF = 3;
/** Such a word's share of the weight of a word no passage writes (0.3: set 45's told words no longer keep its answers out). */
const TOLD_EVERYDAY_WEIGHT = 0.3;

/** What was found when nothing is about the question. */
const nothingRelevant = (terms: QueryTerm[]): Retrieved => ({ terms, uncovered: null, notCovered: [], namesNoSpecies: false, supporting: new Set(), passages: [], overview: 0, sections: [] });

async function retrieve(request: AnswerRequest, frame: Frame, searchQuery: string, subQuestions: string[], deps: AnswerDeps): Promise<Retrieved> {
  const k = request.useThinkHarder ? SEARCH_K.thinkHarder : SEARCH_K.normal;
  let found = withLeads(await retrieveFor(searchQuery, { k, viewerId: request.viewerId }, deps), deps);
  // Animals named only by words the knowledge base never writes ("are drakes and ganders resistant…?") are searched for by
  // their species as well.
  const dfOf = new Map(found.analysis.terms.map((t) => [t.term, t.df]));
  // So are names no passage writes by the usual abbreviation of what they name ("tembusu virus": passages write "DTMUV").
  const unwrittenNames = found.analysis.terms.filter((t) => !t.df).flatMap((t) => shortFormsOfUnwrittenWord(t.term));
  const labels = [...speciesByLabel(searchQuery, (word) => tokenize(word).every((t) => !dfOf.get(t)) && !holdsName(deps.db.$client, word)), ...new Set(unwrittenNames)];
  // (Found by them, not judged by them: whether a passage is about the question is read from its own words.)
  if (labels.length) {
    const asked = new Set(tokenize(searchQuery));
    const added = new Set(tokenize(labels.join(" ")).filter((t) => !asked.has(t)));
    const again = withLeads(await retrieveFor(`${searchQuery} ${labels.join(" ")}`, { k, viewerId: request.viewerId }, deps), deps);
    found = { ...again, analysis: { ...again.analysis, terms: again.analysis.terms.filter((t) => !added.has(t.term)) } };
  }
  let terms = withWrittenForms(found.analysis.terms, searchQuery);
  const weighted = withAfterProcedureWeighed(request.question, withSceneWeighed(request.question, withCarriedTopicWeighed(request.question, terms, frame, (t) => found.passages.some((p) => holdsTerm(passageTerms(p), t))), frame), frame);
  let gate = withCaseBeforeCatching(request.question, gateTerms(request.question, weighted, searchQuery), frame);
  let main = judgeRelevance(gate, found.passages);
  // Everyday words no passage writes, told around the question ("…Trying to put my caseload in context."), say how the
  // asker puts it, not what the knowledge base lacks: when they alone keep every passage below the bar, they weigh as a
  // rare word.
  if (main.abstain) {
    const lighter = withToldEverydayWordsLight(request.question, gate, frame);
    const judged = lighter === gate ? main : judgeRelevance(lighter, found.passages);
    if (!judged.abstain) [gate, main] = [lighter, judged];
  }
  // A follow-up whose own named things the knowledge base never writes ("would an MRI show anything typical?" after
  // questions on FIP) asks of something it does not hold: what it carries from before cannot answer it. (Its everyday
  // words, "is it catching?", "the kids?", are no such thing.)
  const own = frame.inherited.length ? ownNamedTerms(request.question, gate) : [];
  if (own.length && own.every((t) => !t.df && !found.passages.some((p) => holdsTerm(passageTerms(p), t)))) return nothingRelevant(terms);
  // Nor is one that names nothing of its own when every turn before was refused ("how is it treated?" after "…has wet
  // tail. What is that?" found nothing): it asks of what was never found, so the passages must hold what it carries.
  const ownFrame = frameOf(request.question);
  if (followsRefusal(request.history) && frame.inherited.includes("topic") && !namesOwnThing(ownFrame) && !ownFrame.topic.length) {
    const carried = carriedTopicTerms(request.question, frame);
    const carriedTerms = terms.filter((t) => carried.has(t.term));
    // (Its rarest word the passages write at all, "mammary" of "lumps along her mammary chain": the case's other words
    // may be told otherwise.)
    const rarest = carriedTerms.filter((t) => t.df > 0).sort((a, b) => a.df - b.df)[0];
    if (carriedTerms.length && (!rarest || !main.relevant.some((p) => holdsTerm(passageTerms(p), rarest)))) return nothingRelevant(terms);
  }
  // Nor is a question about a disease the knowledge base never writes, by its name or any other ("Strangles screening on
  // a livery yard - is guttural pouch lavage PCR more sensitive…?" is not answered by a passage on PCR swabs of ducks).
  // (One the synonym lexicon knows by name: a condition read from "-static" is no disease.)
  const known = (c: string) => synonymsIn(tokenize(c)).some((m) => m.terms.join(" ") === tokenize(c).join(" "));
  // (A word of the question as the gate weighs it, or as search read it.)
  const termOf = (t: string) => gate.find((q) => q.term === t) ?? terms.find((q) => q.term === t);
  const diseases = frame.conditions.filter((c) => isNamedDisease(c) && known(c)).map((c) => tokenize(c).map(termOf));
  const unwritten = (t: QueryTerm | undefined) => t !== undefined && !t.df && !found.passages.some((p) => holdsTerm(passageTerms(p), t));
  if (diseases.length && diseases.every((ts) => ts.length > 0 && ts.every(unwritten))) return nothingRelevant(terms);
  // Nor a disease of one word that the question asks of and no passage writes ("What's the usual mortality rate for
  // myxomatosis…?" after a case told of RHD): the passages on the diseases told beside it do not answer it. (Not one
  // named after a genus the passages write: "leptospirosis" where they write Leptospira.)
  const askedOf = askingClause(request.question).toLowerCase();
  const toldBeside = askedOf !== request.question.toLowerCase();
  const wordsUnwritten = (name: string) => tokenize(name).every((t) => unwritten(termOf(t)));
  const unwrittenName = (c: string) => /^[a-z]+(?:osis|iasis)$/i.test(c) && wordsUnwritten(c) && !writesGenusOf(deps.db.$client, c);
  const unwrittenAsked = !toldBeside ? [] : frame.conditions.filter((c) => askedOf.includes(c.toLowerCase()) && unwrittenName(c));
  // (Not where it asks as well of a disease the passages write: "What actually drives NE, and why does coccidiosis make it
  // more likely?")
  const namedInAsking = (n: string) => new RegExp(String.raw`\b${escapeStringRegexp(n)}\b`, "i").test(askedOf);
  const writtenAsked = () => [...frame.conditions, ...frame.acronyms, ...frame.pathogens].some((n) => !unwrittenAsked.includes(n) && namedInAsking(n) && (!wordsUnwritten(n) || writesGenusOf(deps.db.$client, n)));
  if (unwrittenAsked.length && !writtenAsked()) return nothingRelevant(terms);
  // Nor one a case puts forward that it never writes, whatever host its name begins with ("…red patches on the skin -
  // swine erysipelas? Is that a whole carcass rejection?" is not answered by a passage on exhibition swine).
  const putForward = suspectedCondition(request.question);
  const ownWords = putForward ? putForward.split(/\s+/).filter((w) => !speciesIn(w).species.size && !speciesIn(w).groups.size) : [];
  const ownTerms = ownWords.flatMap((w) => tokenize(w)).map(termOf);
  // (Put forward as a name: after a spaced dash, not a suffix such as "-static".)
  const asName = putForward !== null && new RegExp(`(?:^|\\s)[—–-]\\s+${escapeStringRegexp(putForward)}\\s*\\?`, "i").test(request.question);
  if (putForward && asName && isNamedDisease(putForward) && ownTerms.length > 0 && ownTerms.every(unwritten)) return nothingRelevant(terms);
  // (Or one put forward in words, that the question then asks of as "it": "…I'm thinking myxomatosis. What virus causes it,
  // how does it get from rabbit to rabbit…?" is not answered by passages on rabbit haemorrhagic disease.)
  if (putForward && toldBeside && /\bit\b/i.test(askedOf) && !askedOf.includes(putForward) && unwrittenName(putForward)) return nothingRelevant(terms);
  // Nor a disease put forward by a name of two words or more that no passage writes, nor any other name of it ("…she's
  // down and can't rise. Milk fever?"): its words apart ("milk", "fever") are about other things.
  // (Or by another of its names the synonym lexicon knows, "hypocalcaemia".) So is a question naming such a disease ("What
  // causes milk fever in cows?") or a follow-up carrying one ("and if she goes down again tomorrow?").
  const unwrittenDisease = (name: string) => {
    const words = name.split(/\s+/).filter((w) => !speciesIn(w).species.size && !speciesIn(w).groups.size);
    // (A disease of one word typed in lower case that the passages found write only in capitals, "orf" where they speak
    // of an "ORF", an open reading frame, is another thing.)
    if (words.length === 1 && words[0] === name) return onlyInCapitals(name, request.question, found.passages);
    // (A host's adjective before one word of its own, "feline panleukopenia": no passage writes that word, and the knowledge
    // base writes none of the disease's other names, "feline parvovirus", nor its usual abbreviation, "FPV".)
    if (words.length === 1) return adjectiveAndUnwrittenWord(name, words[0]!);
    if (words.length < 2 || !DISEASE_NAME_HEAD.test(name) || holdsPhrase(deps.db.$client, name)) return false;
    // (Written as a phrase: "canine infectious respiratory disease" is not held by a passage with those words apart.)
    const otherNames = synonymsIn(tokenize(name)).flatMap((m) => m.alternatives);
    return !otherNames.some((other) => found.passages.some((p) => holdsInOrder(tokenize(`${p.heading ?? ""}\n${p.text}`), other)));
  };
  const adjectiveAndUnwrittenWord = (name: string, word: string) => {
    const own = tokenize(word);
    // (Its word in no passage at all: a passage holding its other names' words apart, "feline" and "distemper", is not one.)
    if (!own.length || !own.every((t) => termOf(t) !== undefined && !termOf(t)!.df)) return false;
    const whole = tokenize(name);
    // (Its word's own other forms count: "bovine TB" where the passages write "tuberculosis".)
    const otherNames = [...synonymsIn(whole).filter((m) => m.terms.join(" ") === whole.join(" ")).flatMap((m) => m.alternatives), ...own.flatMap((t) => termOf(t)?.alternatives ?? [])];
    if (otherNames.some((other) => holdsName(deps.db.$client, other.join(" ")))) return false;
    // (Nor is one the question also names by an abbreviation the passages write: "human papillomaviruses (HPVs)".)
    if (frame.acronyms.some((a) => holdsName(deps.db.$client, a))) return false;
    return !usualShortFormsHolding(own).some((form) => holdsName(deps.db.$client, form.short) || found.passages.some((p) => namesThing(form.short, p.text)));
  };
  const named = [...frame.conditions, ...diseasesNamedByHead(request.question)];
  if ((putForward && unwrittenDisease(putForward)) || (named.length > 0 && named.every(unwrittenDisease))) return nothingRelevant(terms);
  // Nor a syndrome no passage names, where the passages answering name another of the same words ("…to stop them getting
  // fatty liver haemorrhagic syndrome?" is not answered by the fatty liver and kidney syndrome of broilers). (A passage
  // naming no syndrome may still answer of it: a trial of thyroid function after bypass, asked of the euthyroid sick
  // syndrome.)
  const syndromes = syndromesNamed(request.question);
  const anotherSyndromeWritten = (name: string) => {
    const own = new Set(tokenize(name.replace(/\s*syndrome$/, "")));
    return main.relevant.some((p) => [...p.text.matchAll(/((?:[\p{L}-]+,?\s+){1,4})syndrome\b/giu)].some((m) => tokenize(m[1]!).some((t) => own.has(t))));
  };
  // (Nor one a passage writes the last words of, in them or in other words for them: "which animal model reproduces
  // hantavirus pulmonary syndrome?", "hantavirus lung syndrome".)
  const formsOf = (t: string) => new Set([t, ...(termOf(t)?.alternatives ?? []).filter((a) => a.length === 1).map((a) => a[0]!)]);
  const writtenInOrder = (words: string[]) => {
    const slots = words.flatMap((w) => tokenize(w)).map(formsOf);
    return found.passages.some((p) => {
      const held = tokenize(`${p.heading ?? ""}\n${p.text}`);
      for (let i = 0; i + slots.length <= held.length; i++) if (slots.every((forms, k) => forms.has(held[i + k]!))) return true;
      return false;
    });
  };
  const tailWritten = (name: string) => name.split(" ").some((_, k, words) => k < words.length - 1 && (holdsPhrase(deps.db.$client, words.slice(k).join(" ")) || writtenInOrder(words.slice(k))));
  if (syndromes.length && syndromes.every((name) => !tailWritten(name) && anotherSyndromeWritten(name))) return nothingRelevant(terms);
  // Nor one the question names both by its words and by their abbreviation, where the knowledge base writes neither
  // ("…the lab has raised infectious pancreatic necrosis. What virus causes IPN…?" is not answered by passages on
  // pancreas disease, which write "necrosis of exocrine pancreatic tissue").
  const unwrittenEitherWay = frame.aliases.filter(
    (a) => endsAsDiseaseName(a.words) && namedInAsking(a.abbreviation) && !holdsName(deps.db.$client, a.abbreviation) && !holdsPhrase(deps.db.$client, a.words.join(" ")),
  );
  if (unwrittenEitherWay.length && !writtenAsked()) return nothingRelevant(terms);
  // A case told before the question ("Fat cob with a cresty neck — what's the key risk factor in equine metabolic
  // syndrome?"): when the case's own words keep the passages below the bar, what is asked is judged alone.
  if (main.abstain) {
    const asked = askedPartTerms(request.question, gate, frame);
    const byAsked = asked ? judgeRelevance(asked, found.passages) : null;
    if (byAsked && !byAsked.abstain) Object.assign(main, byAsked);
  }
  // A case told in everyday words that puts a diagnosis forward ("…a calf born blind and wobbly. Neighbour says
  // bluetongue — what spreads it?", "…her littermates are ill too. Parvo?"): the diagnosis and what is asked of it
  // are searched for without the case's words, and answer when the passages hold them better.
  const coversSpecies = (again: Awaited<ReturnType<typeof searchAgain>>) =>
    checkCoverage(request.question, coverageTerms(request.question, again.terms, frame), frame, again.judged.relevant, again.judged.passing).covered;
  const answerFrom = (again: Awaited<ReturnType<typeof searchAgain>>) => {
    found = again.found;
    terms = again.terms;
    Object.assign(main, again.judged);
  };
  const suspected = suspectedSearch(request.question);
  if (suspected) {
    const again = await searchAgain(suspected.query, request, k, deps);
    // (Only when the best of them names the diagnosis put forward.)
    const named = new Set(tokenize(suspected.diagnosis));
    const best = again.judged.relevant[0];
    // (By its name, or another of its names written as a phrase: "parrot fever" is not held by a passage on parrots that
    // speaks of a fever elsewhere.)
    const bestWords = best ? tokenize(`${best.heading ?? ""}\n${best.text}`) : [];
    const namesIt = best !== undefined && again.terms.some((t) => named.has(t.term) && (passageTerms(best).has(t.term) || (t.alternatives ?? []).some((other) => holdsInOrder(bestWords, other))));
    // (And only when they cover the case's species: "…our pigs are sneezing… could it be mycoplasma" is not answered
    // by the passages on mycoplasma in poultry.)
    if (!again.judged.abstain && namesIt && (main.abstain || again.judged.best > main.best) && coversSpecies(again)) answerFrom(again);
  }
  // A case told by its signs in everyday words ("…brings his food back up a few minutes after eating … and he's getting
  // skinny"): the signs are searched for by their clinical names, with the species and what is asked, and answer when
  // the passages hold them better than the case's own words.
  const bySigns = suspected ? null : signsSearchText(request.question, frame);
  if (bySigns) {
    const again = await searchAgain(bySigns, request, k, deps);
    // (Only when the best of them holds half the signs at least, and two of three or more, one sign of many saying little
    // of which disease it is; and when the case's own words found none that does.)
    // (A sign said in several words is held as they are written together: "increased urination", not "increased" in one
    // sentence and "urine" in another.)
    const signsHeld = (p: ScoredPassage<Passage> | undefined) => {
      if (!p) return 0;
      const words = tokenize(`${p.heading ?? ""}\n${p.text}`);
      return frame.signs.filter((sign) => signForms(sign).some((form) => (form.length > 1 ? holdsInOrder(words, form) : passageTerms(p).has(form[0]!)))).length;
    };
    const better = main.abstain || (signsHeld(main.relevant[0]) < MIN_CASE_SIGNS && again.judged.best > main.best);
    // (And only when they cover the case's species: the same signs in another species are another disease.)
    if (!again.judged.abstain && signsHeld(again.judged.relevant[0]) >= Math.min(MIN_CASE_SIGNS, Math.ceil(frame.signs.length / 2)) && better && coversSpecies(again)) answerFrom(again);
  }
  // A case told before its questions that names what it is about ("PPR is going round the villages near us. Does it kill
  // sheep as badly as goats?"): when the case's other words keep every passage below the bar, the named things the
  // knowledge base knows are searched for with the questions and the species alone, and the passages naming them answer.
  const bySubject = main.abstain ? subjectSearchText(request.question, frame) : null;
  if (bySubject) {
    // (Or by another of its names: "parvo" is written "parvovirus".)
    const known = new Set(terms.filter((t) => t.df > 0 || t.alternatives?.length).map((t) => t.term));
    const subjectTerms = new Set(caseSubjects(frame).flatMap((n) => tokenize(n)).filter((t) => known.has(t)));
    if (subjectTerms.size) {
      // (Among the passages that name it.)
      const namingIt = (p: Passage, found: QueryTerm[]) => found.some((t) => subjectTerms.has(t.term) && holdsTerm(passageTerms(p), t));
      const again = await searchAgain(bySubject, request, k, deps, namingIt);
      // (Not when the questions say something no passage found holds: "Can meerkats get bovine TB?" asks of an animal
      // the knowledge base never names, however well it speaks of bovine TB.)
      const heldSomewhere = (t: QueryTerm) => again.found.passages.some((p) => holdsTerm(passageTerms(p), t));
      if (!again.judged.abstain && gateTerms(bySubject, again.terms).every(heldSomewhere)) answerFrom(again);
    }
  }
  // A follow-up asking a thing of its own of the subject it carries ("Could we stockpile a vaccine for it?" after "How does
  // African swine fever move between warthogs, ticks and domestic pigs?"): where no passage found with the whole
  // conversation's words holds what it asks, the question is searched for with the carried subject alone (not the carried
  // topic and animals, which pull in the passages answered before), and answers where those passages hold it.
  if (!main.abstain && frame.inherited.length && caseSubjects(frame).length) {
    const ownWords = new Set(tokenize(request.question));
    const asked = gate.filter((t) => t.df > 0 && t.weight >= 1 && ownWords.has(t.term) && !speciesIn(t.term).species.size);
    // (Said of the subject in one sentence, by its name or its usual abbreviation: "…an ASFV vaccine has proved so elusive";
    // not "vaccines in swine" in a passage on other pig viruses.)
    const subjects = caseSubjects(frame).flatMap((n) => [n, ...usualShortFormsHolding(tokenize(n)).map((f) => f.short)]);
    const saysAskedOfSubject = (p: PassageLike) =>
      splitSentences(p.text).some((s) => asked.some((t) => holdsTerm(new Set(tokenize(s.text)), t)) && subjects.some((n) => namesThing(n, s.text)));
    if (asked.length && !main.relevant.some(saysAskedOfSubject)) {
      // (Its own words that say what it asks, not "why on earth is there still…".)
      const askedStems = new Set(asked.map((t) => t.term));
      const askedWords = (request.question.match(/[\p{L}\p{N}-]+/gu) ?? []).filter((w) => tokenize(w).some((s) => askedStems.has(s)));
      const again = await searchAgain(`${askedWords.join(" ")} ${caseSubjects(frame).join(" ")}`, request, k * FOLLOW_UP_DEPTH, deps);
      // (Those passages first, as what the follow-up asks.)
      const saying = again.judged.relevant.filter(saysAskedOfSubject);
      if (!again.judged.abstain && saying.length && coversSpecies(again)) {
        answerFrom({ ...again, judged: { ...again.judged, relevant: [...saying, ...again.judged.relevant.filter((p) => !saying.includes(p))] } });
      }
    }
  }
  if (main.abstain) return nothingRelevant(terms);
  // A drug or scheme no passage names ("metformin dose", "FAMACHA scores") must be covered like a known one.
  // (An abbreviation the frame holds is not otherwise required: a passage may spell it out. One no passage writes
  // and none spells out is.)
  const writtenOtherwise = (t: QueryTerm) => Boolean(t.alternatives?.length) && found.passages.some((p) => holdsTerm(passageTerms(p), t));
  // (Nor a sign said in everyday words, "scabby": the passages write it as the sign.)
  const written = (words: string, near?: number) => holdsPhrase(deps.db.$client, words, near);
  const searchedUnseen = unseenNames(request.question, terms, writtenOtherwise, written);
  // (And a code or abbreviation among the words only told, not searched: "…she's read online about GS-441524. Does that
  // antiviral work?" searches what is asked, which points back to the name.)
  const told = gate.filter((g) => !terms.some((t) => t.term === g.term));
  const toldUnseen = told.length ? unseenNames(request.question, [...terms, ...told], writtenOtherwise, written).filter((n) => !searchedUnseen.includes(n) && /\d|\p{Lu}.*\p{Lu}/u.test(n)) : [];
  const unseen = [...searchedUnseen, ...toldUnseen].filter(
    (n) => !frame.names.includes(n) && !frame.drugs.includes(n.toLowerCase()) && !signsIn(n).length && !personNames(request.question).includes(n),
  );
  const coverageFrame = unseen.length ? { ...frame, names: [...frame.names, ...unseen] } : frame;
  let { tailed, continuations } = withTails(main.relevant, deps);
  let covered = checkCoverage(request.question, coverageTerms(request.question, terms, frame), coverageFrame, main.relevant.map(tailed), main.passing.map(tailed));
  // A case told before the question ("Onc handover: 9yo FE bitch, 3cm caudal mammary mass. What fraction of canine
  // mammary tumours are malignant?"): when the passages its words choose do not say what is asked, those chosen by
  // what is asked alone may. (Not when they miss the species or a name: the case's words do not hide those.)
  const askedPart = !covered.covered && covered.missing === "detail" ? askedPartTerms(request.question, gate, frame) : null;
  if (askedPart) {
    const byAsked = judgeRelevance(askedPart, found.passages);
    const own = new Set(askedPart.map((t) => t.term));
    const askedTails = byAsked.abstain ? null : withTails(byAsked.relevant, deps);
    const again = askedTails
      ? checkCoverage(request.question, coverageTerms(request.question, terms.filter((t) => own.has(t.term)), frame), coverageFrame, byAsked.relevant.map(askedTails.tailed), byAsked.passing.map(askedTails.tailed))
      : null;
    if (askedTails && again?.covered) {
      Object.assign(main, byAsked);
      ({ tailed, continuations } = askedTails);
      covered = again;
    }
  }
  // Likewise when they miss the asked species ("Zoo vet. One of our Amur tigers has tongue ulcers, sneezing and a snotty
  // nose. Do tigers actually get calicivirus?"): the case's signs find passages on the signs in cats, and the question
  // alone, searched again, finds the one that names tigers.
  // (Only a question that names its subject and every asked species itself: "…how big is it in a cat?" asks of what the
  // case told.)
  const clause = askingClause(request.question);
  const clauseFrame = frameOf(clause);
  // (Or one that names its topic in words of its own and points back at nothing: "I groom lots of dogs with itchy skin
  // and smelly ears. Which bacterium is usually behind dog skin and ear infections?")
  const pointsBack = /\b(?:it|its|this|that|these|those|they|them|their|she|he|her|his|him|ones?)\b/i.test(clause);
  const asksAlone = (namesOwnThing(clauseFrame) || (!pointsBack && clauseFrame.topic.length >= 2)) && clauseFrame.species.length > 0 && frame.species.every((id) => clauseFrame.species.includes(id));
  if (!covered.covered && covered.missing === "species" && !frame.inherited.length && clause !== request.question && asksAlone) {
    const again = await searchAgain(clause, request, k, deps);
    const againTails = again.judged.abstain ? null : withTails(again.judged.relevant, deps);
    const check = againTails
      ? checkCoverage(request.question, coverageTerms(request.question, again.terms, frame), coverageFrame, again.judged.relevant.map(againTails.tailed), again.judged.passing.map(againTails.tailed))
      : null;
    if (againTails && check?.covered) {
      answerFrom(again);
      ({ tailed, continuations } = againTails);
      covered = check;
    }
  }
  // A follow-up naming no animal of its own goes on as the answer before it did for the animals it carries that the
  // answer said the knowledge base does not cover ("We farm tilapia… why can't we just vaccinate against everything?",
  // answered for fish, then "Why is it so hard to get a vaccine to work in the feed?"): said again, not refused. (From
  // passages holding a sentence that answer quoted: "and does that actually pay off for him?" is not answered from others.)
  const saidUncovered = frame.inherited.includes("species") && !speciesIn(request.question).species.size ? uncoveredBefore(request.history, frame.species) : [];
  if (!covered.covered && covered.missing === "species" && saidUncovered.length && covered.what.every((label) => saidUncovered.some((id) => speciesLabel(id) === label))) {
    // (By its opening words, letters and digits only: the passage's text keeps the reference markers and soft hyphens
    // the answer's quote dropped.)
    const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
    const openings = [...sentencesSaid(request.history.findLast((t) => t.role === "assistant")?.content ?? "")].map((x) => letters(x).slice(0, SAID_OPENING)).filter((x) => x.length === SAID_OPENING);
    const relaxedFrame = { ...coverageFrame, species: coverageFrame.species.filter((id) => !saidUncovered.includes(id)) };
    const relaxed = checkCoverage(request.question, coverageTerms(request.question, terms, frame), relaxedFrame, main.relevant.map(tailed), main.passing.map(tailed));
    if (relaxed.covered && relaxed.supporting.some((p) => openings.some((x) => letters(p.text).includes(x)))) covered = { ...relaxed, notCovered: [...new Set([...relaxed.notCovered, ...saidUncovered.map(speciesLabel)])] };
  }
  if (!covered.covered) return { terms, uncovered: covered, notCovered: [], namesNoSpecies: false, supporting: new Set(), passages: [], overview: 0, sections: [] };
  // The passages that carry the topic come first, each with its continuation: the answer leads from them.
  const ordered = followedByContinuations(covered.supporting, main.relevant, continuations, deps);
  const supportingIds = new Set([...covered.supporting.map((p) => p.chunkId), ...ordered.continuing]);
  main.relevant = ordered.passages;

  const limit = request.useThinkHarder ? PASSAGES.thinkHarder : PASSAGES.normal;
  const seen = new Set<number>();
  const keep = <P extends { chunkId: number }>(list: P[], max: number) => {
    const out: P[] = [];
    for (const p of list) {
      if (out.length >= max || seen.has(p.chunkId)) continue;
      seen.add(p.chunkId);
      out.push(p);
    }
    return out;
  };
  const passages = keep(main.relevant, request.useThinkHarder ? Math.ceil(limit / 2) : limit);
  const overview = passages.length;
  const sections: Retrieved["sections"] = [];
  for (const sub of subQuestions) {
    request.signal?.throwIfAborted();
    const subFound = withLeads(await retrieveFor(sub, { k: SEARCH_K.perSubQuestion, viewerId: request.viewerId }, deps), deps);
    const subTerms = subFound.analysis.terms;
    const judged = judgeRelevance(subTerms, subFound.passages);
    const onTopic = judged.relevant.filter((p) => coverage(terms, passageTerms(p)) >= SUB_TOPIC_COVERAGE);
    const fresh = keep(onTopic, Math.min(PASSAGES.perSubQuestion, limit - passages.length));
    // Passages already kept for the overview or another aspect still belong to this aspect's section.
    const mine = onTopic.filter((p) => fresh.includes(p) || passages.some((q) => q.chunkId === p.chunkId)).slice(0, PASSAGES.perSubQuestion);
    sections.push({ heading: sub, terms: subTerms, passages: mine });
    passages.push(...fresh);
  }
  return { terms, uncovered: null, notCovered: covered.notCovered, namesNoSpecies: covered.namesNoSpecies ?? false, supporting: supportingIds, passages, overview, sections };
}

function refusal(searchQuery: string, subQuestions: string[], fallbackReason: string | null, note: string | null = null): AnswerResult {
  // The refusal is the spec's exact sentence; an unreachable PubMed is said on its own line before it.
  const content = note ? `${note}\n\n${REFUSAL}` : REFUSAL;
  return { content, citations: [], answerer: "none", searchQuery, subQuestions, passages: [], fallbackReason, reading: null, answeredBy: EXTRACTIVE, modelSentences: null };
}

/** Emits finished text in lines, so a streaming client shows the extractive answer as it shows a model's. */
function emitInPieces(text: string, onToken?: (t: string) => void) {
  if (!onToken) return;
  for (const piece of text.split(/(?<=\n)/)) onToken(piece);
}

/** The reason can quote an error page: one short line of plain text, nothing markdown could act on. */
const NOTE_REASON_CHARS = 120;

export function pubmedUnreachableNote(reason: string): string {
  let plain = reason.replace(/[_*`[\]()<>#|\\]/g, " ").replace(/\s+/g, " ").trim();
  if (plain.length > NOTE_REASON_CHARS) plain = `${plain.slice(0, NOTE_REASON_CHARS).trimEnd()}…`;
  return `_PubMed could not be searched (${plain}); this answer draws on the knowledge base only._`;
}

/** Letters and digits of a quoted sentence's opening that find it again in its passage. */
const SAID_OPENING = 40;

/** The sentences an answer quoted, by their keys (without its markers, escapes and bullets). */
function sentencesSaid(answer: string): Set<string> {
  return new Set(splitSentences(answer.replace(/\\([\\`*_[\]<>|])/g, "$1").replace(/\s*\[\d+\]/g, "").replace(/^-\s+/gm, "")).map((s) => sentenceKey(s.text)));
}

/** What the extractive answerer leads with: the frame, the question's own words, and what the last answer already said. */
function guideFor(request: AnswerRequest, frame: Frame, supporting: Set<number>): AnswerGuide {
  const lastAnswer = [...request.history].reverse().find((t) => t.role === "assistant")?.content ?? "";
  const alreadySaid = sentencesSaid(lastAnswer);
  // A follow-up that names nothing of its own ("is that the same in other birds?") is about what it carried.
  const own = frameOf(request.question);
  const namesOwnTopic = own.topic.length + own.drugs.length + own.pathogens.length + own.conditions.length + own.names.length + own.acronyms.length > 0;
  const ownTerms = new Set(frame.inherited.length && !namesOwnTopic ? tokenize(searchText(request.question, frame)) : tokenize(request.question));
  // (With the thing "it" stands for where the sentence before opens on it: "Viperin keeps turning up near the top of the
  // interferon-stimulated genes in our flu-challenged birds. What is actually known about how it works…?")
  const clause = askingClause(request.question);
  const told = request.question.slice(0, request.question.lastIndexOf(clause)).replace(/[\s.!?:;—–-]+$/, "");
  const itStandsFor = IT_POINTS_BACK.test(clause) && !caseSubjects(frame).length ? (openingSubjectOf(lastSentenceOf(told).trim()) ?? "") : "";
  return { frame, supporting, ownTerms, askingTerms: new Set(tokenize(`${clause} ${quotedTermAsked(request.question)} ${itStandsFor}`)), alreadySaid };
}

/**
 * The refusal when the knowledge base has the topic but not what is asked; for a species it names the
 * species the knowledge base does cover, cited ("The knowledge base gives this for dogs [1], not for cats.").
 */
function uncoveredRefusal(
  uncovered: NonNullable<Retrieved["uncovered"]>,
  terms: QueryTerm[],
  searchQuery: string,
  subQuestions: string[],
  note: string | null,
  reading: string | null,
): AnswerResult {
  const base = { ...refusal(searchQuery, subQuestions, null, note), reading };
  const alternative = uncovered.alternative;
  if (uncovered.missing !== "species" || !alternative) return base;
  // Cited at the page of the passage's sentence most about the question, for the species its paragraph names.
  const sentences = quotableSentences({ ...alternative.passage, layout: alternative.passage.layout ?? null });
  const best = sentences.reduce<{ s: QuotableSentence | null; c: number }>((top, s) => {
    const c = coverage(terms, new Set(tokenize(s.text)));
    return c > top.c ? { s, c } : top;
  }, { s: null, c: 0 }).s;
  const paragraph = best ? paragraphAt(alternative.passage.text, best.start) : "";
  const named = [...speciesIn(`${alternative.passage.heading ?? ""}\n${paragraph}`).species].filter((id) => id !== "human").map(speciesLabel);
  // A paragraph that names the asked species is about something else for it ("ferret coronaviral enteritis" for
  // "FIP in ferrets"): "gives this for mink and ferrets, not for ferrets" would contradict itself.
  if (named.some((label) => uncovered.what.includes(label))) return base;
  const species = named.length ? named : alternative.species;
  if (!species.length) return base;
  const passage: NumberedPassage<PassageLike> = { ...(best ? narrowToSentence(alternative.passage, best) : alternative.passage), number: 1 };
  const line = `The knowledge base gives this for ${listOf(species)} [1], not for ${listOf(uncovered.what)}.`;
  const { content, cited } = finalizeCitations(`${REFUSAL}\n\n${line}`, [passage]);
  return { ...base, content: note ? `${note}\n\n${content}` : content, citations: cited.map(toCitation), passages: [passage] };
}

/**
 * A question about several species, answered for some: the answer says which it does not cover. Answered from
 * passages that name no species, it says so: they may or may not be about the asked one. Answered of a drug by its
 * class only, it says that too.
 */
function withCoverageNotes(text: string, frame: Frame, retrieved: Pick<Retrieved, "notCovered" | "namesNoSpecies">): string {
  const { notCovered } = retrieved;
  const lines: string[] = [];
  if (notCovered.length) {
    const covered = [...frame.species.map(speciesLabel), ...frame.groups].filter((label) => !notCovered.includes(label) && label !== "humans");
    lines.push(
      retrieved.namesNoSpecies
        ? `_The cited passages name no species: check that what they say applies to ${listOf(notCovered)}._`
        : covered.length
          ? `_The knowledge base gives this for ${listOf(covered)}, not for ${listOf(notCovered)}._`
          : `_The knowledge base does not give this for ${listOf(notCovered)}._`,
    );
  }
  // A drug the answer speaks of only by its class ("NSAIDs" for flunixin): said, so the reader weighs it as such.
  const byClass = frame.drugs.filter((d) => !namesThing(d, text)).map((d) => ({ drug: d, drugClass: classNamedIn(d, text) }));
  for (const { drug, drugClass } of byClass) if (drugClass) lines.push(`_These sentences speak of ${drugClass}, the class ${drug} belongs to, not of ${drug} by name._`);
  if (!lines.length) return text;
  // Before the closing note about how the answer was made, if there is one.
  const note = /\n\n(_[^\n]*_)$/.exec(text);
  const added = lines.join("\n\n");
  return note ? `${text.slice(0, note.index)}\n\n${added}${note[0]}` : `${text}\n\n${added}`;
}

/** The animals among these that the last answer said the knowledge base does not give it for, as withCoverageNotes writes it. */
function uncoveredBefore(history: HistoryTurn[], ids: string[]): string[] {
  const answer = history.findLast((t) => t.role === "assistant")?.content ?? "";
  const note = /_The knowledge base (?:does not give this for|gives this for .*?, not for) ([^_]+)\._/.exec(answer)?.[1];
  return note ? ids.filter((id) => id !== "human" && note.includes(speciesLabel(id))) : [];
}

/** The paragraph (line) of a passage's text that holds this offset. */
function paragraphAt(text: string, offset: number): string {
  const from = text.lastIndexOf("\n", offset - 1) + 1;
  const to = text.indexOf("\n", offset);
  return text.slice(from, to < 0 ? undefined : to);
}

const listOf = (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);

export async function answerQuestion(asked: AnswerRequest, deps: AnswerDeps = defaultAnswerDeps()): Promise<AnswerResult> {
  const model = await deps.chatModel();
  // Extractive work is all computation: off the request thread when it can be.
  if (!model && !asked.usePubmed && deps.answerOffThread) {
    const pooled = await deps.answerOffThread(asked, await deps.embedder());
    if (pooled) return pooled;
  }
  // Typos are corrected to the knowledge base's own words first: everything below reads the corrected question.
  // (A hashtag run together, "#backyardchickens", is read as its words.)
  const corrected = correctQuery(deps.db.$client, withHashtagsSplit(asked.question), correctableEdits, speciesWordNear);
  // A turn correcting the one before asks that question again of what it names.
  const turn = withCorrections(corrected.text, asked.history);
  const request: AnswerRequest = { ...asked, ...turn };
  const frame = frameFor(request.question, request.history, (name) => holdsName(deps.db.$client, name));
  const reading = [frameLabel(frame), correctionsLabel(corrected.corrections)].filter(Boolean).join(" · ") || null;
  if (reading) request.onReading?.(reading);
  const searchQuery = await standaloneSearchQuery(request, frame, model);
  const subQuestions = request.useThinkHarder ? await subQuestionsFor(searchQuery, model, request.signal) : [];
  request.signal?.throwIfAborted();

  // PubMed (when on) is asked while the knowledge base is searched.
  const pubmedSearch = request.usePubmed
    ? pubmedPassages(
        { question: searchQuery, priorityJournals: request.pubmedPriorityJournals, userId: request.viewerId, signal: request.signal },
        deps.pubmed,
      )
    : null;
  const retrieved = await retrieve(request, frame, searchQuery, subQuestions, deps);
  const pubmed = pubmedSearch ? await pubmedSearch : null;
  request.signal?.throwIfAborted();
  // Articles pass the same relevance check as the knowledge base's passages.
  const articles = pubmed ? judgeRelevance(retrieved.terms, pubmed.passages).relevant.slice(0, PUBMED_ARTICLES) : [];
  if (pubmed) {
    request.onPubmed?.(
      pubmed.status === "failed"
        ? { status: "failed", articles: 0, message: pubmed.reason }
        : { status: articles.length ? "ok" : "empty", articles: articles.length, message: null },
    );
  }
  const note = pubmed?.status === "failed" ? pubmedUnreachableNote(pubmed.reason) : null;
  const prefix = note ? `${note}\n\n` : "";
  if (prefix) request.onToken?.(prefix);

  if (retrieved.uncovered && !articles.length) {
    const result = uncoveredRefusal(retrieved.uncovered, retrieved.terms, searchQuery, subQuestions, note, reading);
    emitInPieces(result.content.slice(prefix.length), request.onToken);
    return result;
  }
  const all: PassageLike[] = [...retrieved.passages, ...articles];
  if (!all.length) {
    emitInPieces(REFUSAL, request.onToken);
    return { ...refusal(searchQuery, subQuestions, null, note), reading };
  }
  const numbered: Array<NumberedPassage<PassageLike>> = all.map((p, i) => ({ ...p, number: i + 1 }));
  const numberOf = new Map(numbered.map((p) => [p.chunkId, p.number]));

  let fallbackReason: string | null = null;
  /** The model's words reached the screen before its answer was set aside: the extractive text is not streamed after them. */
  let modelSpoke = false;
  let modelSentences: ModelSentences | null = null;
  if (model) {
    let emitted = false;
    const by = model.answeredBy;
    try {
      // A small context takes fewer (or shorter) passages; the model is checked against what it was given.
      const { messages, passages: given } = fitAnswerMessages(
        {
          question: request.question,
          passages: numbered,
          history: request.history,
          prompts: getSystemPrompts(deps.db),
          customPrompt: request.customSystemPrompt,
          mode: request,
          sectionHints: request.useThinkHarder ? subQuestions : undefined,
        },
        model.promptBudget?.(),
      );
      request.onAnsweredBy?.(by);
      const text = await model.chat(messages, {
        signal: request.signal,
        onQueue: request.onQueue,
        citedPassages: given.map((p) => p.number),
        onToken: (t) => {
          emitted = true;
          request.onToken?.(t);
        },
      });
      if (text.includes(REFUSAL) || !text.trim()) {
        return { ...refusal(searchQuery, subQuestions, null, note), answerer: by.provider, reading, answeredBy: by };
      }
      // Checked like a quote: sentences without a citation, with a number or species their passage lacks, about
      // another species than the asked one or about none of the question's words, are left out.
      // Think Harder's sections answer its sub-questions: their words are the question's too.
      const askedTerms = [...retrieved.terms, ...retrieved.sections.flatMap((section) => section.terms)];
      const instructions = messages.find((m) => m.role === "system")?.content;
      const verified = verifyModelAnswer(text, given, { frame, terms: askedTerms, question: request.question, instructions });
      modelSentences = { kept: verified.kept, dropped: verified.dropped };
      for (const d of verified.dropped) console.warn(`answer: model sentence left out (${d.reason}): ${d.sentence.slice(0, 200)}`);
      // A follow-up never gets the previous answer again: the extractive answerer leads with what it asks.
      const previous = request.history.findLast((t) => t.role === "assistant")?.content;
      const repeated = Boolean(verified.text) && repeatsAnswer(verified.text, previous);
      if (verified.text && !repeated) {
        const paged = citeSentencePages(verified.text, numbered);
        const { content, cited } = finalizeCitations(withCoverageNotes(paged.text, frame, retrieved), paged.passages);
        return {
          content: prefix + content,
          citations: cited.map(toCitation),
          answerer: by.provider,
          searchQuery,
          subQuestions,
          passages: numbered,
          fallbackReason,
          reading,
          answeredBy: by,
          modelSentences,
        };
      }
      // Nothing the model wrote could be verified, or it was the previous answer again: the passages' own
      // sentences answer instead (the stored message replaces what was streamed on the screen).
      fallbackReason = repeated ? "The model repeated the previous answer" : "The model's answer could not be verified against the cited passages";
      modelSpoke = emitted;
    } catch (error) {
      // Once words have reached the user, switching answerers would rewrite what they read: fail instead.
      if (emitted || !(error instanceof AnswerError) || error.code === "aborted") throw error;
      fallbackReason = error.message;
      console.warn(`answer: ${error.message}; answering with the extractive answerer`);
    }
  }

  const toSection = (list: PassageLike[]) => list.map((p) => ({ ...p, number: numberOf.get(p.chunkId)! }));
  const extractive = request.useThinkHarder
    ? extractiveSections(
        request.question,
        { heading: "", terms: retrieved.terms, passages: toSection(retrieved.passages.slice(0, retrieved.overview)) },
        [
          ...retrieved.sections.map((s) => ({ heading: s.heading, terms: s.terms, passages: toSection(s.passages) })),
          ...(articles.length ? [{ heading: "Research literature (PubMed)", terms: retrieved.terms, passages: toSection(articles) }] : []),
        ],
      )
    : extractiveAnswer(request.question, retrieved.terms, numbered, {}, guideFor(request, frame, retrieved.supporting));
  if (!extractive.text) {
    emitInPieces(REFUSAL, request.onToken);
    return { ...refusal(searchQuery, subQuestions, fallbackReason, note), reading, modelSentences };
  }
  // The extractive answer cites each quoted sentence's own page: its markers number those.
  const { content, cited } = finalizeCitations(withCoverageNotes(extractive.text, frame, retrieved), extractive.cited);
  if (!modelSpoke) emitInPieces(content, request.onToken);
  return {
    content: prefix + content,
    citations: cited.map(toCitation),
    answerer: "extractive",
    searchQuery,
    subQuestions,
    passages: numbered,
    fallbackReason,
    reading,
    answeredBy: EXTRACTIVE,
    modelSentences,
  };
}

export { ABSTAIN_BELOW };
