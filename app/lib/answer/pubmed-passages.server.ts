import { isPubMedError, searchPubMed, type PubMedArticle, type SearchPubMedInput, type PubMedSearchResult } from "../pubmed/index.server";
import { PUBMED_FILE_TYPE, PUBMED_PREFIX } from "./citations";
import type { PassageLike } from "./types";

/**
 * PubMed mode: the question's articles from NCBI become passages beside the knowledge base's, so one
 * answerer, one relevance check and one citation check serve both. An unreachable NCBI is reported,
 * never an error: the answer still comes from the knowledge base.
 */

/** Articles asked for per question (abstracts are long; a few good ones beat many). */
export const PUBMED_ARTICLES = 5;
const SHORT_TITLE_WORDS = 8;

export type PubMedOutcome =
  | { status: "ok"; passages: PassageLike[]; query: string }
  | { status: "empty"; passages: []; query: string }
  | { status: "failed"; passages: []; reason: string };

export type PubMedSearch = (input: SearchPubMedInput) => Promise<PubMedSearchResult>;

export function shortTitle(title: string): string {
  const words = title.replace(/[.\s]+$/, "").split(/\s+/);
  return words.length > SHORT_TITLE_WORDS ? `${words.slice(0, SHORT_TITLE_WORDS).join(" ")}…` : words.join(" ");
}

export function articlePassage(article: PubMedArticle, index: number): PassageLike {
  const source = [article.journal, article.year].filter(Boolean).join(" ");
  return {
    // Negative ids never collide with the knowledge base's chunk ids.
    chunkId: -(index + 1),
    documentId: `${PUBMED_PREFIX}${article.pmid}`,
    title: `${source || "PubMed"} — ${shortTitle(article.title || `PMID ${article.pmid}`)}`,
    pages: [],
    pageLabel: `PMID ${article.pmid}`,
    heading: article.title || null,
    text: article.abstract || article.title,
    fileType: PUBMED_FILE_TYPE,
  };
}

export async function pubmedPassages(
  asked: { question: string; priorityJournals: string | null | undefined; userId: string | null; signal: AbortSignal | undefined },
  search: PubMedSearch = searchPubMed,
): Promise<PubMedOutcome> {
  const { question, priorityJournals, userId, signal } = asked;
  try {
    const { articles, query } = await search({
      question,
      count: PUBMED_ARTICLES,
      priorityJournals: priorityJournals ?? undefined,
      userId: userId ?? undefined,
      signal,
    });
    const passages = articles.filter((a) => a.abstract || a.title).map(articlePassage);
    return passages.length ? { status: "ok", passages, query } : { status: "empty", passages: [], query };
  } catch (error) {
    signal?.throwIfAborted();
    const reason = isPubMedError(error) ? error.message : error instanceof Error ? error.message : String(error);
    console.warn(`answer: PubMed search failed, answering from the knowledge base: ${reason}`);
    return { status: "failed", passages: [], reason };
  }
}
