import { XMLParser, XMLValidator } from "fast-xml-parser";
import { PubMedError } from "./errors";
import { pubmedArticleUrl, type PubMedArticle } from "./types";

/**
 * Parsers for what E-utilities answers: esearch JSON (the PMIDs) and efetch PubMed XML (the articles).
 *
 * XML safety: NCBI's documents name an external DTD (<!DOCTYPE PubmedArticleSet PUBLIC …>) and never
 * declare entities of their own, so a document with an internal DTD subset or an <!ENTITY> declaration
 * is refused before parsing (a "billion laughs" bomb never reaches a parser). fast-xml-parser is run with
 * processEntities off and htmlEntities off, so it expands nothing; text is decoded here, by
 * decodeXmlText: the five predefined XML entities and numeric character references only. Any other
 * "&name;" stays as written.
 */

// ---------------------------------------------------------------------------------------------------
// A small element tree over fast-xml-parser's ordered output (mixed content keeps its order, which
// inline markup such as "the <i>TERT</i> gene" needs).

type XmlElement = { name: string; attrs: Record<string, string>; children: XmlNode[] };
type XmlNode = XmlElement | string;

const xmlParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  // Spaces around inline elements are meaningful ("the <i>TERT</i> gene"): whitespace is normalised later.
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // <mml:math> and <math> alike.
  removeNSPrefix: true,
});

const XML_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** The five predefined XML entities and numeric character references; nothing else is expanded. */
export function decodeXmlText(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(lt|gt|amp|quot|apos));/g, (whole, hex, dec, name) => {
    if (name) return XML_ENTITIES[name as string] ?? whole;
    const code = hex ? parseInt(hex as string, 16) : parseInt(dec as string, 10);
    const valid = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff));
    return valid ? String.fromCodePoint(code) : whole;
  });
}

/** Refuses what a real E-utilities document never contains: DTD declarations of its own (entity bombs). */
function assertNoDeclarations(xml: string): void {
  if (/<!ENTITY/i.test(xml) || /<!DOCTYPE[^>]*\[/i.test(xml)) {
    throw new PubMedError("bad-response", "NCBI response refused: it declares its own DTD entities (an XML entity bomb is not expanded)");
  }
}

type OrderedItem = Record<string, unknown>;

function toNodes(items: unknown): XmlNode[] {
  if (!Array.isArray(items)) return [];
  const out: XmlNode[] = [];
  for (const item of items as OrderedItem[]) {
    if (!item || typeof item !== "object") continue;
    if ("#text" in item) {
      out.push(decodeXmlText(String(item["#text"])));
      continue;
    }
    const name = Object.keys(item).find((k) => k !== ":@");
    if (!name) continue;
    const attrs: Record<string, string> = {};
    const rawAttrs = item[":@"];
    if (rawAttrs && typeof rawAttrs === "object") {
      for (const [k, v] of Object.entries(rawAttrs as Record<string, unknown>)) attrs[k] = decodeXmlText(String(v));
    }
    out.push({ name, attrs, children: toNodes(item[name]) });
  }
  return out;
}

/** Parses a whole document after the safety and well-formedness checks; returns the root element. */
function parseXmlDocument(xml: string): XmlElement {
  assertNoDeclarations(xml);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new PubMedError(
      "bad-response",
      `NCBI returned truncated or malformed XML (line ${valid.err.line}: ${valid.err.msg.replace(/\s+/g, " ").slice(0, 160)})`,
    );
  }
  let items: unknown;
  try {
    items = xmlParser.parse(xml);
  } catch (error) {
    throw new PubMedError("bad-response", `NCBI returned XML that could not be parsed: ${(error as Error).message}`, { cause: error });
  }
  const root = toNodes(items).find((n): n is XmlElement => typeof n !== "string" && !n.name.startsWith("!"));
  if (!root) throw new PubMedError("bad-response", "NCBI returned an XML document without a root element");
  return root;
}

const isElement = (n: XmlNode): n is XmlElement => typeof n !== "string";

function childElements(el: XmlElement | undefined, name?: string): XmlElement[] {
  if (!el) return [];
  return el.children.filter((c): c is XmlElement => isElement(c) && (name === undefined || c.name === name));
}

function child(el: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let cur = el;
  for (const name of path) cur = childElements(cur, name)[0];
  return cur;
}

/** Plain text of an element (all descendants), whitespace collapsed. */
function plainText(el: XmlElement | undefined): string {
  if (!el) return "";
  const parts: string[] = [];
  const walk = (n: XmlNode) => (typeof n === "string" ? parts.push(n) : n.children.forEach(walk));
  walk(el);
  return collapse(parts.join(""));
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

// ---------------------------------------------------------------------------------------------------
// Inline markup: <i>, <b>, <u>, <sup>, <sub> and MathML flattened to readable text.

/** Superscripts keep a caret: "10^9/L" must not read as "109/L", "km·h^-1" as "km·h-1". */
function inlineText(nodes: XmlNode[]): string {
  let out = "";
  for (const n of nodes) {
    if (typeof n === "string") out += n;
    else if (n.name === "math") out += mathText(n);
    else if (n.name === "sup") out += `^${collapse(inlineText(n.children))}`;
    else out += inlineText(n.children);
  }
  return out;
}

/** Inline text, whitespace collapsed; a formula set off by spaces ("( VO2max )") closes up to its brackets. */
function flatten(el: XmlElement | undefined): string {
  if (!el) return "";
  return collapse(inlineText(el.children))
    .replace(/([([])\s+/g, "$1")
    .replace(/\s+([)\]])/g, "$1");
}

const MATH_TOKENS = new Set(["mi", "mn", "mo", "mtext", "ms"]);
const DOT_ACCENTS = new Set([".", "˙", "·", "\u0307", "•"]);

/** One MathML element as text. Whitespace between elements is layout, not content, and is dropped. */
function mathText(el: XmlElement): string {
  const kids = childElements(el);
  const part = (i: number) => (kids[i] ? mathText(kids[i]) : "");
  const wrap = (s: string) => (/^[\p{L}\p{N}.]*$/u.test(s) ? s : `(${s})`);
  if (MATH_TOKENS.has(el.name)) {
    const raw = el.children.map((c) => (typeof c === "string" ? c : mathText(c))).join("");
    return el.name === "mtext" ? raw.replace(/\s+/g, " ") : raw.trim();
  }
  switch (el.name) {
    case "mspace":
      return " ";
    case "none":
    case "mprescripts":
    case "annotation":
    case "annotation-xml":
      return "";
    case "semantics":
      return part(0);
    case "msub":
      return part(0) + part(1);
    case "msup":
      return `${part(0)}^${part(1)}`;
    case "msubsup":
      return `${part(0)}${part(1)}^${part(2)}`;
    case "mover":
      return DOT_ACCENTS.has(part(1).trim()) ? part(0) : part(0) + part(1);
    case "munder":
      return part(0) + part(1);
    case "munderover":
      return part(0) + part(1) + part(2);
    case "mfrac":
      return `${wrap(part(0))}/${wrap(part(1))}`;
    case "msqrt":
      return `√${wrap(kids.map(mathText).join(""))}`;
    case "mroot":
      return `${part(1)}√${wrap(part(0))}`;
    case "mfenced": {
      const open = el.attrs.open ?? "(";
      const close = el.attrs.close ?? ")";
      return open + kids.map(mathText).join(el.attrs.separators?.trim()[0] ?? ",") + close;
    }
    case "mmultiscripts": {
      // base, then (sub, sup) pairs, then <mprescripts/> and (presub, presup) pairs: "³He" reads "3He".
      const base = part(0);
      const pre = kids.findIndex((k) => k.name === "mprescripts");
      const post = kids.slice(1, pre === -1 ? undefined : pre);
      const prescripts = pre === -1 ? [] : kids.slice(pre + 1);
      let text = prescripts.map(mathText).join("") + base;
      for (let i = 0; i < post.length; i += 2) {
        const sub = post[i] ? mathText(post[i]!) : "";
        const sup = post[i + 1] ? mathText(post[i + 1]!) : "";
        text += sub + (sup ? `^${sup}` : "");
      }
      return text;
    }
    default:
      // math, mrow, mstyle, mpadded, menclose, mphantom and anything newer: their children in order.
      return kids.map(mathText).join("");
  }
}

// ---------------------------------------------------------------------------------------------------
// PubmedArticle

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function monthName(raw: string): string {
  const n = Number(raw);
  if (Number.isInteger(n) && n >= 1 && n <= 12) return MONTHS[n - 1]!;
  return raw;
}

function dateOf(el: XmlElement | undefined): { publicationDate: string; year: number | null } | null {
  if (!el) return null;
  const medline = plainText(child(el, "MedlineDate"));
  if (medline) {
    const year = /\b(1[5-9]\d\d|2\d\d\d)\b/.exec(medline)?.[1];
    return { publicationDate: medline, year: year ? Number(year) : null };
  }
  const yearText = plainText(child(el, "Year"));
  if (!yearText) return null;
  const month = plainText(child(el, "Month"));
  const season = plainText(child(el, "Season"));
  const day = plainText(child(el, "Day"));
  const parts = [yearText, month ? monthName(month) : season, month && day ? String(Number(day) || day) : ""].filter(Boolean);
  const year = Number(yearText);
  return { publicationDate: parts.join(" "), year: Number.isInteger(year) ? year : null };
}

function authorName(author: XmlElement): string {
  const collective = flatten(child(author, "CollectiveName"));
  if (collective) return collective;
  const last = plainText(child(author, "LastName"));
  const initials = plainText(child(author, "Initials"));
  const fore = plainText(child(author, "ForeName"));
  if (last) {
    const given = initials || fore.split(/[\s-]+/).map((p) => p[0] ?? "").join("").toUpperCase();
    const suffix = plainText(child(author, "Suffix"));
    return [last, given, suffix].filter(Boolean).join(" ");
  }
  return fore;
}

function abstractOf(article: XmlElement): string {
  const sections = childElements(child(article, "Abstract"), "AbstractText");
  return sections
    .map((section) => {
      const text = flatten(section);
      const label = collapse(section.attrs.Label ?? "");
      if (!label) return text;
      return text ? `${label}: ${text}` : "";
    })
    .filter(Boolean)
    .join(" ");
}

function doiOf(pubmedArticle: XmlElement, article: XmlElement | undefined): string | null {
  for (const id of childElements(child(pubmedArticle, "PubmedData", "ArticleIdList"), "ArticleId")) {
    const doi = plainText(id);
    if (id.attrs.IdType === "doi" && doi) return doi;
  }
  for (const loc of childElements(article, "ELocationID")) {
    const doi = plainText(loc);
    if (loc.attrs.EIdType === "doi" && loc.attrs.ValidYN !== "N" && doi) return doi;
  }
  return null;
}

function articleOf(pubmedArticle: XmlElement): PubMedArticle | null {
  const citation = child(pubmedArticle, "MedlineCitation");
  const pmid = plainText(child(citation, "PMID"));
  if (!/^\d+$/.test(pmid)) return null;
  const article = child(citation, "Article");
  const journal = child(article, "Journal");
  const date =
    dateOf(child(journal, "JournalIssue", "PubDate")) ??
    dateOf(child(article, "ArticleDate")) ??
    dateOf(childElements(child(pubmedArticle, "PubmedData", "History"), "PubMedPubDate").find((d) => d.attrs.PubStatus === "pubmed"));
  const authors = childElements(child(article, "AuthorList"), "Author")
    .filter((a) => a.attrs.ValidYN !== "N")
    .map(authorName)
    .filter(Boolean);
  return {
    pmid,
    title: flatten(child(article, "ArticleTitle")) || flatten(child(article, "VernacularTitle")),
    abstract: article ? abstractOf(article) : "",
    authors,
    journal:
      plainText(child(journal, "ISOAbbreviation")) || plainText(child(journal, "Title")) || plainText(child(citation, "MedlineJournalInfo", "MedlineTA")),
    year: date?.year ?? null,
    publicationDate: date?.publicationDate ?? "",
    doi: doiOf(pubmedArticle, article),
    url: pubmedArticleUrl(pmid),
    priority: false,
  };
}

/** An NCBI error document in XML (<eFetchResult><ERROR>…</ERROR></eFetchResult>, or <ERROR> as the root). */
function xmlErrorMessage(root: XmlElement): string | null {
  if (root.name === "ERROR") return plainText(root) || "unknown error";
  const error = child(root, "ERROR");
  return error ? plainText(error) || "unknown error" : null;
}

/**
 * efetch (db=pubmed, retmode=xml) → articles, in document order. Book records (PubmedBookArticle) are
 * skipped. Throws PubMedError('bad-response') for an error document, truncated or unsafe XML, or a root
 * other than PubmedArticleSet.
 */
export function parsePubmedArticleSet(xml: string): PubMedArticle[] {
  const root = parseXmlDocument(xml);
  const error = xmlErrorMessage(root);
  if (error !== null) throw new PubMedError("bad-response", `NCBI efetch error: ${error}`);
  if (root.name !== "PubmedArticleSet") {
    throw new PubMedError("bad-response", `NCBI efetch returned <${root.name}> instead of <PubmedArticleSet>`);
  }
  const out: PubMedArticle[] = [];
  for (const el of childElements(root, "PubmedArticle")) {
    const article = articleOf(el);
    if (article) out.push(article);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// esearch JSON

export type EsearchResult = { count: number; ids: string[] };

/**
 * esearch (retmode=json) → the total count and the PMIDs in relevance order. NCBI's error forms:
 * {"error": "..."} at the top (e.g. "API rate limit exceeded") and {"esearchresult": {"ERROR": "..."}}.
 * A search that finds nothing is not an error (count 0, empty idlist, errorlist.phrasesnotfound).
 */
export function parseEsearchJson(text: string): EsearchResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new PubMedError("bad-response", "NCBI esearch returned malformed JSON (truncated or not JSON)");
  }
  if (!value || typeof value !== "object") throw new PubMedError("bad-response", "NCBI esearch returned JSON of an unexpected shape");
  const topError = (value as { error?: unknown }).error;
  if (topError !== undefined) {
    const message = typeof topError === "string" ? topError : JSON.stringify(topError);
    throw new PubMedError(/rate limit/i.test(message) ? "rate-limited" : "bad-response", `NCBI esearch error: ${message}`);
  }
  const result = (value as { esearchresult?: unknown }).esearchresult;
  if (!result || typeof result !== "object") throw new PubMedError("bad-response", "NCBI esearch returned JSON without an esearchresult");
  const r = result as { ERROR?: unknown; count?: unknown; idlist?: unknown };
  if (r.ERROR !== undefined) throw new PubMedError("bad-response", `NCBI esearch error: ${String(r.ERROR)}`);
  const ids = r.idlist;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string" && /^\d+$/.test(id))) {
    throw new PubMedError("bad-response", "NCBI esearch returned an id list of an unexpected shape");
  }
  const count = Number(r.count ?? ids.length);
  return { count: Number.isFinite(count) ? count : ids.length, ids: ids as string[] };
}
