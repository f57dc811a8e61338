/** One PubMed record as the app uses it (parsed from efetch's PubmedArticle XML). */
export type PubMedArticle = {
  pmid: string;
  title: string;
  /** Every labelled section kept ("BACKGROUND: … METHODS: …"); "" when the record has no abstract. */
  abstract: string;
  /** "Lastname Initials" per person, or the group's name for a CollectiveName author. */
  authors: string[];
  /** ISOAbbreviation (e.g. "J Vet Intern Med"), else the full journal title. */
  journal: string;
  year: number | null;
  /** As PubMed shows it: "2018 Feb 3", "1990 Spring", or MedlineDate's free text ("1998 Dec-1999 Jan"). */
  publicationDate: string;
  doi: string | null;
  /** https://pubmed.ncbi.nlm.nih.gov/<pmid>/ */
  url: string;
  /** Found by the search limited to the user's priority journals. */
  priority: boolean;
};

/**
 * The spec's PubMed result item (§3): Title, Authors, Journal, 'Publication Date', PMID, Abstract.
 * URL, DOI and Priority are additions, so a list can link the article and mark priority journals.
 */
export type PubMedResultItem = {
  Title: string;
  /** Comma-separated. */
  Authors: string;
  Journal: string;
  "Publication Date": string;
  PMID: string;
  Abstract: string;
  URL: string;
  DOI: string | null;
  Priority: boolean;
};

export function pubmedArticleUrl(pmid: string): string {
  return `https://pubmed.ncbi.nlm.nih.gov/${encodeURIComponent(pmid)}/`;
}

export function toResultItem(article: PubMedArticle): PubMedResultItem {
  return {
    Title: article.title,
    Authors: article.authors.join(", "),
    Journal: article.journal,
    "Publication Date": article.publicationDate,
    PMID: article.pmid,
    Abstract: article.abstract,
    URL: article.url,
    DOI: article.doi,
    Priority: article.priority,
  };
}

/** Spec §9: abstracts are shown cut to 300 characters. */
export const ABSTRACT_PREVIEW_CHARS = 300;

/** The abstract cut at a word boundary near `max` characters, with an ellipsis when cut. */
export function abstractPreview(abstract: string, max = ABSTRACT_PREVIEW_CHARS): string {
  if (abstract.length <= max) return abstract;
  const cut = abstract.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
