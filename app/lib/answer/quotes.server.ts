import { CAPTION_START, splitSentences } from "../sentences";
import { memoByText } from "../memo.server";
import type { Passage } from "../search/index.server";

/**
 * What an answer may quote from a passage: its sentences and table rows, in passage order, each with
 * the physical pages it is printed on (from the chunk's layout, so a sentence across a page break is
 * on [12, 13]) and cleaned for quoting (paper reference markers and LaTeX remnants removed). Each says
 * what kind of unit it is, so the answerer quotes only whole sentences and rows: never a caption as a
 * finding, never text written to a model, never a fragment.
 */

export type QuoteKind = "sentence" | "row" | "caption" | "instruction" | "fragment";

export type QuotableSentence = {
  /** Ready to quote: reference markers and LaTeX removed, spacing repaired; a row with its column headers. */
  text: string;
  /** Exactly as in the passage: `passage.text.slice(start, end)`. */
  raw: string;
  start: number;
  end: number;
  /** Physical pages the sentence is printed on, in reading order (first = where it starts). */
  pages: number[];
  /** Printed label of its first page, null when the document has none. */
  pageLabel: string | null;
  kind: QuoteKind;
};

export type QuotablePassage = Pick<Passage, "text" | "pages" | "pageLabel" | "layout">;

/** A unit of the passage: a table row (with its header), a table's header line, or a sentence. */
type Span = { start: number; end: number; header?: string | null; row: boolean; headerLine?: boolean };

/**
 * What a unit's own text says of it: cleaned for quoting, and whether it is an instruction, a caption or a fragment;
 * `lostStop` when a whole sentence may only have lost its full stop (read by where it stands, see endsPage).
 */
type UnitReading = { clean: string; instruction: boolean; caption: boolean; fragment: boolean; lostStop: boolean };

/** Words a unit without its full stop needs to be read as a sentence where a page ends: a short line there is a heading. */
const MIN_LOST_STOP_WORDS = 8;

function readUnitText(raw: string, numberedCitations: boolean): UnitReading {
  const clean = cleanQuote(raw, { numberedCitations });
  const rule = fragmentRule(clean);
  // A reference marker closes a sentence whose full stop the text lost ("…egg production, and feed conversion [13]").
  const closedByMarker = rule === "no-terminal-punctuation" && CLOSING_MARKER.test(raw.trim());
  const lostStop = rule === "no-terminal-punctuation" && !closedByMarker && wordsIn(clean) >= MIN_LOST_STOP_WORDS;
  return { clean, instruction: isInstruction(raw) || isInstruction(clean), caption: isCaption(clean), fragment: rule !== null && !closedByMarker, lostStop };
}

/**
 * Whether a unit ends its paragraph where the chunker said a page or the chunk ends. A paragraph that went on over a page
 * break was joined at ingest, so a unit there that starts like a sentence, ends on no open word and is long is a sentence
 * whose full stop the extraction lost ("…generally transmitted to hosts by ticks in the genus Rhipicephalus"). (A chunk
 * closes on a sentence's or a paragraph's end, or inside a sentence longer than any quoted; text indexed without a layout
 * may have been cut anywhere.)
 */
function endsPage(passage: QuotablePassage, end: number): boolean {
  if (!passage.layout) return false;
  const after = passage.text.slice(end);
  const next = end + (after.length - after.trimStart().length);
  return next === passage.text.length || passage.layout.pages.some((p) => p.offset === next);
}

/** A numbered reference marker at the end of a text: "[13]", "\[2, 5\]", "<sup>5,6</sup>", "$^{2}$". */
const CLOSING_MARKER = /(?:\\?\[\s*\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\s*\\?\]|<sup>\s*[\d,–\s-]+<\/sup>|\$\s*\^\{?\s*[\d,–\s-]+\}?\s*\$)$/;

/** Units this thread remembers (by their raw text): the same passages' sentences come back question after question. */
const REMEMBERED_UNITS = 2000;
const readUnit = memoByText(REMEMBERED_UNITS, (raw) => readUnitText(raw, false));
const readUnitNumbered = memoByText(REMEMBERED_UNITS / 4, (raw) => readUnitText(raw, true));

export function quotableSentences(passage: QuotablePassage): QuotableSentence[] {
  const { text } = passage;
  const vancouver = usesNumberedCitations(text);
  const out: QuotableSentence[] = [];
  let captionLine = -1;
  const read = vancouver ? readUnitNumbered : readUnit;
  for (const span of spansOf(passage)) {
    const raw = text.slice(span.start, span.end);
    const lineStart = text.lastIndexOf("\n", span.start - 1) + 1;
    const unit = read(raw);
    const clean = unit.clean;
    const { pages, pageLabel } = pagesOf(passage, span.start, span.end);
    let kind: QuoteKind;
    let quoted = clean;
    if (unit.instruction) kind = "instruction";
    else if (span.headerLine) kind = "fragment"; // column names alone say nothing
    else if (span.row) {
      kind = "row";
      quoted = rowText(clean, span.header ? read(span.header).clean : null);
    } else if (unit.caption && span.start === lineStart) {
      kind = "caption";
      captionLine = lineStart;
    } else if (captionLine === lineStart) kind = "caption"; // the rest of a caption's paragraph
    else kind = unit.fragment && !(unit.lostStop && endsPage(passage, span.end)) ? "fragment" : "sentence";
    out.push({ text: quoted, raw, start: span.start, end: span.end, pages, pageLabel, kind });
  }
  return out;
}

// ---------------------------------------------------------------- units and pages

/**
 * The passage's units in order: table rows and sentences from the chunk's layout; any other stretch of
 * a line (a table's header line) as a unit of its own. Chunks indexed before layouts are split here,
 * a line with " | " cells read as a row without header.
 */
function spansOf(passage: QuotablePassage): Span[] {
  const { text, layout } = passage;
  const spans: Span[] = [];
  const rows = layout?.rows ?? [];
  const sentences = layout?.sentences;
  let lineStart = 0;
  for (const line of text.split("\n")) {
    const lineEnd = lineStart + line.length;
    const row = rows.find((r) => r.start >= lineStart && r.end <= lineEnd);
    const nextRow = rows.find((r) => r.start === lineEnd + 1);
    if (row) spans.push({ start: row.start, end: row.end, header: row.header, row: true });
    else if (nextRow?.header && line.trim() === nextRow.header) spans.push({ ...trim(text, lineStart, lineEnd), row: false, headerLine: true });
    else if (!layout && line.includes(" | ")) spans.push({ ...trim(text, lineStart, lineEnd), header: null, row: true });
    else {
      const inLine = sentences
        ? sentences.filter(([s, e]) => s >= lineStart && e <= lineEnd).map(([s, e]) => ({ start: s, end: e }))
        : splitSentences(line).map((s) => ({ start: lineStart + s.start, end: lineStart + s.end }));
      let at = lineStart;
      for (const s of inLine) {
        if (text.slice(at, s.start).trim()) spans.push({ ...trim(text, at, s.start), row: false });
        spans.push({ ...s, row: false });
        at = s.end;
      }
      if (text.slice(at, lineEnd).trim()) spans.push({ ...trim(text, at, lineEnd), row: false });
    }
    lineStart = lineEnd + 1;
  }
  return spans.filter((s) => s.end > s.start);
}

function trim(text: string, start: number, end: number): { start: number; end: number } {
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return { start, end };
}

/** The pages [start, end) overlaps, from the layout; a chunk without layout gives its own pages. */
function pagesOf(passage: QuotablePassage, start: number, end: number): { pages: number[]; pageLabel: string | null } {
  const entries = passage.layout?.pages;
  if (!entries?.length) return { pages: [...passage.pages], pageLabel: passage.pageLabel };
  let first = 0;
  for (let i = 0; i < entries.length; i++) if (entries[i]!.offset <= start) first = i;
  const pages: number[] = [];
  for (let i = first; i < entries.length && (i === first || entries[i]!.offset < end); i++) {
    if (!pages.includes(entries[i]!.page)) pages.push(entries[i]!.page);
  }
  return { pages, pageLabel: entries[first]!.label };
}

// ---------------------------------------------------------------- rows

/**
 * A row with its column headers: "Drug: Meloxicam; Dose: 0.1 mg/kg; Route: PO" when header and row
 * have as many cells (rows from DOCX, XLSX or CSV already name their columns: "Drug: Meloxicam | …"),
 * else "header line — row line".
 */
function rowText(row: string, header: string | null): string {
  const cells = row.split(" | ").map((c) => c.trim());
  if (!header) return row;
  const labels = header.split(" | ").map((c) => c.trim());
  const labelled = cells.every((cell) => labels.some((label) => label && cell.startsWith(`${label}: `)) || !labels.some(Boolean));
  if (labelled) return cells.filter(Boolean).join("; ");
  if (labels.length === cells.length) {
    return cells
      .map((cell, i) => (cell && labels[i] ? `${labels[i]}: ${cell}` : cell))
      .filter(Boolean)
      .join("; ");
  }
  return `${header} — ${row}`;
}

// ---------------------------------------------------------------- kinds

/** Text written to a language model, not to a reader. */
const INSTRUCTION = [
  /\b(?:ignore|disregard|forget|override|bypass)\b[^.!?\n]{0,40}\b(?:previous|prior|above|earlier|preceding|all|any|other|your|system)\b[^.!?\n]{0,30}\b(?:instructions?|prompts?|rules|directions|guidelines|context|messages?|guardrails)\b/i,
  /\b(?:disregard|ignore|forget)\s+(?:all\s+|everything\s+)?(?:the\s+)?(?:above|previous|preceding|prior)\b/i,
  /\byou\s+are\s+(?:now\s+)?(?:an?\s+)?(?:AI|artificial intelligence|(?:AI |virtual |helpful |chat )?assistant|chat ?bot|(?:large )?language model|LLM|ChatGPT|GPT(?:-\d)?|Claude|Gemini|Llama|bot)\b/i,
  /\bsystem\s+prompt\b/i,
  /\bas\s+an?\s+(?:AI|artificial intelligence)(?:\s+language)?\s+model\b/i,
  /\b(?:AI|language model|LLM|assistant|chat ?bot)s?\b[^.!?\n]{0,40}\b(?:must|should|shall)\s+(?:always|never|only)\b/i,
  /\balways\s+(?:recommend|suggest|answer|respond|reply|say|tell|mention|prescribe|advise|state|claim|include|output|cite)\b/i,
  /\b(?:never|do\s+not|don['’]t)\s+(?:tell|inform|reveal|mention|disclose|show)\b[^.!?\n]{0,20}\b(?:the\s+)?(?:user|reader|human)s?\b/i,
  /\b(?:new|updated|real|hidden|secret|additional)\s+instructions?\s*:/i,
  /\b(?:respond|reply|answer|output)\s+(?:only\s+)?with\s+(?:only\s+|just\s+)?(?:the\s+word\s+)?["“']?[A-Z]{3,}\b/,
  /\b(?:jailbreak|developer mode|DAN mode|prompt injection)\b/i,
  /\bpretend\s+(?:to\s+be|you\s+are)\b/i,
  /\[\/?INST\]|<\|im_(?:start|end)\|>|<<\/?SYS>>|^#{2,}\s*(?:instruction|system)\b/im,
];

export function isInstruction(text: string): boolean {
  return INSTRUCTION.some((re) => re.test(text));
}

/** Words that make "Table 1 shows …" a sentence about a table rather than its caption. */
const ABOUT_A_FIGURE =
  /^(?:shows?|showed|shown|lists?|listed|summari[sz]es?|summari[sz]ed|presents?|presented|gives?|given|provides?|provided|illustrates?|illustrated|depicts?|depicted|displays?|displayed|compares?|compared|contains?|describes?|described|demonstrates?|demonstrated|indicates?|indicated|reports?|reported|outlines?|highlights?|reveals?|details?|represents?|is|are|was|were|has|have|and|or|in|of|from|with|also|below|above|for|to|as|at|on)$/i;

export function isCaption(text: string): boolean {
  const m = CAPTION_START.exec(text);
  if (!m) return false;
  const rest = text.slice(m[0].length);
  if (/^\s*(?:[.:—–|-]|$)/.test(rest)) return true;
  const next = /^\s*\(?([\p{L}]+)/u.exec(rest)?.[1] ?? "";
  return !ABOUT_A_FIGURE.test(next);
}

/** A list item: a bullet or a number / letter marker. */
const LIST_LINE = /^(?:[•●▪■◦○·‣⁃∙➢►✓✔*￭]|[-–—]\s|\(?(?:\d{1,2}|[a-zA-Z]|[ivxIVX]{1,4})[.)]\s)/u;
const TERMINAL = /[.!?…](?:["'”’)\]])*$/u;
/** The head of a split or a cut text: it ends on a comma, a hyphen or a word that needs more after it. */
const OPEN_END =
  /(?:[,;–-]|\b(?:and|or|but|nor|the|a|an|of|to|in|on|at|by|for|with|from|as|than|that|which|who|whose|whom|is|are|was|were|be|been|its|their|this|these|those|into|via|per|between|among|including|such))$/i;

export type FragmentRule = "starts-mid-sentence" | "dangling" | "too-short" | "no-terminal-punctuation";

/** Why a cleaned unit is not a whole sentence, null when it is one (rules checked in this order). */
export function fragmentRule(text: string): FragmentRule | null {
  const list = LIST_LINE.test(text);
  const words = wordsIn(text);
  if (!list && startsMidSentence(text)) return "starts-mid-sentence";
  if (!list && !TERMINAL.test(text) && OPEN_END.test(text)) return "dangling";
  if (words < 4) return "too-short";
  if (!list && !TERMINAL.test(text) && !headingLike(text)) return "no-terminal-punctuation";
  return null;
}

/** Words with a letter or digit in them. */
const wordsIn = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** Starts with a lower-case word ("pH", "mRNA", "p53", "hBD-3" may start a sentence), a closing bracket or punctuation. */
function startsMidSentence(text: string): boolean {
  if (/^[)\]},;:.!?]/.test(text)) return true;
  const first = /^["“'‘(]*(\S+)/u.exec(text)?.[1] ?? "";
  return /^\p{Ll}+(?:-\p{Ll}+)*[,;:.]?$/u.test(first) && !/^(?:e\.g\.|i\.e\.|cf\.|ca\.|approx\.|vs\.)$/.test(first);
}

/** A short title-like line: capitals throughout, or every longer word capitalised ("Chronic Kidney Disease in Cats"). */
function headingLike(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length === 0 || words.length > 12) return false;
  if (text === text.toUpperCase()) return true;
  return words.filter((w) => w.length > 3).every((w) => /^["“'‘(]*\p{Lu}/u.test(w));
}

// ---------------------------------------------------------------- cleaning

/**
 * Numbered citations in parentheses ("(2, 3)", "(1-4)") are read as such only in a passage that uses
 * them: at least two of them, or one list or range.
 */
const PAREN_MARKER_GLOBAL = /\((?<=[\p{L}\p{N})\]%]\s*\()(\d{1,3}(?:\s*[,–-]\s*\d{1,3})*)\)(?=[.,;:)]|\s+\p{Ll}|\s*$)/gu;

function usesNumberedCitations(text: string): boolean {
  if (!text.includes("(")) return false;
  const found = [...text.matchAll(PAREN_MARKER_GLOBAL)].filter((m) => parenMarkerAt(text, m.index, m[1]!));
  return found.length >= 2 || found.some((m) => /[,–-]/.test(m[1]!));
}

/** Words that a number in parentheses belongs to: "Eq. (1)", "grade (2)", "day (3)". */
const NUMBERED_NOUN =
  /(?:^|\s)(?:fig|figs|figure|figures|table|tables|eq|eqs|equation|grade|stage|type|group|class|phase|step|lane|day|days|week|weeks|month|months|score|level|dose|doses|n|no|number|chapter|section|appendix|lead|cycle|visit|sample|case|item|question|model|panel|zone|site|form|category|line|row|column|year|years)\.?\s?$/i;

function parenMarkerAt(text: string, index: number, numbers: string): boolean {
  const before = text.slice(Math.max(0, index - 24), index);
  if (NUMBERED_NOUN.test(before)) return false;
  // After a number only a year takes a citation: "in 2004 (3)."
  if (/\d\s?$/.test(before) && !/\b(?:19|20)\d{2}\s?$/.test(before)) return false;
  const after = text.slice(index + numbers.length + 2);
  // A single number before a lower-case word numbers a list item: "(1) fever, (2) cough".
  if (/^\s+\p{Ll}/u.test(after) && !/[,–-]/.test(numbers)) return false;
  return true;
}

/** Units a bracketed number range may carry: "[2-5] mg/kg" is data, not a citation. */
const UNIT_AFTER = /^\s*(?:%|‰|°|[µμm]?g\b|kg\b|[µμm]?[lL]\b|d[lL]\b|IU\b|U\b|mmol|µmol|μmol|mEq|[cmµμn]?m\b|h\b|hr|hours?\b|min\b|minutes?\b|s\b|sec|days?\b|weeks?\b|months?\b|years?\b|times?\b|×|x\b|mg\/|cells)/u;

const SUPERSCRIPT: Record<string, string> = { "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹", "+": "⁺", "-": "⁻", "−": "⁻", "=": "⁼", "(": "⁽", ")": "⁾" };
const toSuperscript = (s: string) => [...s].map((c) => SUPERSCRIPT[c] ?? c).join("");
const SUPERSCRIPT_DIGITS = "[⁰¹²³⁴⁵⁶⁷⁸⁹]";

const SYMBOLS: Record<string, string> = {
  alpha: "α", beta: "β", gamma: "γ", delta: "δ", epsilon: "ε", varepsilon: "ε", zeta: "ζ", eta: "η", theta: "θ", vartheta: "ϑ",
  iota: "ι", kappa: "κ", lambda: "λ", mu: "μ", nu: "ν", xi: "ξ", pi: "π", rho: "ρ", sigma: "σ", tau: "τ", upsilon: "υ",
  phi: "φ", varphi: "φ", chi: "χ", psi: "ψ", omega: "ω", Gamma: "Γ", Delta: "Δ", Theta: "Θ", Lambda: "Λ", Xi: "Ξ", Pi: "Π",
  Sigma: "Σ", Phi: "Φ", Psi: "Ψ", Omega: "Ω", times: "×", pm: "±", mp: "∓", leq: "≤", le: "≤", geq: "≥", ge: "≥", neq: "≠",
  ne: "≠", approx: "≈", sim: "~", simeq: "≃", cdot: "·", bullet: "•", circ: "°", degree: "°", prime: "′", infty: "∞",
  rightarrow: "→", to: "→", leftarrow: "←", Rightarrow: "⇒", leftrightarrow: "↔", uparrow: "↑", downarrow: "↓", partial: "∂",
  ldots: "…", cdots: "…", dots: "…", percent: "%", textperthousand: "‰", div: "÷", propto: "∝", micro: "µ", ell: "ℓ",
  left: "", right: "", displaystyle: "", textstyle: "", quad: " ", qquad: " ", enspace: " ", thinspace: " ",
};
/** Commands whose argument is their text: \mathrm{kDa}, \textit{in vitro}. */
const WRAPPERS = "mathrm|mathbf|mathit|mathsf|mathtt|mathcal|mathbb|mathfrak|mathscr|text|textrm|textit|textbf|textsf|texttt|textup|textnormal|emph|operatorname|boldsymbol|bm|mbox|hbox|underline|overline|rm|it|bf";
const WRAPPED = new RegExp(`\\\\(?:${WRAPPERS})\\s*\\{([^{}]*)\\}`, "g");
/** Units a number's exponent belongs to ("m²", "mm³"). */
const UNIT_BASE = /(?:^|[^\p{L}])(?:[cmkdµμn]?m|ft|in|[µμmdc]?[lL]|s)$/u;

/** Math mode text as plain text: commands rendered, super- and subscripts read, spacing as printed. */
function renderMath(math: string): string {
  let t = math
    // A number and its unit: "55\mathrm{kDa}" -> "55 kDa", "8\mu g" -> "8 μg".
    .replace(/(\d)\s*(?=\\(?:mathrm|text|rm|mu|operatorname)\b)/g, "$1\u00A0")
    .replace(/~/g, "\u00A0")
    .replace(/\\[,;:>]|\\ /g, "\u00A0")
    .replace(/\\!/g, "")
    .replace(/\\([%&#_$])/g, "$1");
  for (let i = 0; i < 8; i++) {
    const before = t;
    t = t
      .replace(WRAPPED, "$1")
      .replace(/\\frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, "$1/$2")
      .replace(/\\sqrt\s*\{([^{}]*)\}/g, "√$1")
      .replace(/\\(prime|circ)\b/g, (_m, name: string) => SYMBOLS[name]!)
      .replace(/\^(?:\{([^{}]*)\}|([^\s{\\]))/g, (_m, braced: string | undefined, single: string | undefined, at: number, all: string) =>
        superscript(braced ?? single ?? "", all.slice(0, at)),
      )
      .replace(/_(?:\{([^{}]*)\}|([^\s{\\]))/g, (_m, braced: string | undefined, single: string | undefined) => braced ?? single ?? "");
    if (t === before) break;
  }
  t = t.replace(/\\([A-Za-z]+)/g, (_m, name: string) => SYMBOLS[name] ?? "").replace(/[{}]/g, "");
  // Spaces in math mode are not printed, except around relations.
  t = t.replace(/[ \t\r\n]+/g, "").replace(/(?<=[\p{L}\p{N})\]′°%])([<>=≤≥≈≠×±→])(?=[\p{L}\p{N}([−-])/gu, " $1 ");
  return t.replace(/\u00A0+/g, " ").trim();
}

/** What "^{x}" prints after `base`: an exponent or charge, a suffix ("PrP^{Sc}", "21^{st}"), or nothing for a citation. */
function superscript(raw: string, base: string): string {
  const x = raw.replace(/\s+/g, "").replace(/\\prime/g, "′").replace(/\\circ/g, "°");
  if (!x || /^[′°]+$/.test(x)) return x;
  if (/^[+\-−]$|^[+\-−]?\d+[+\-−]$|^[+\-−]\d+$/.test(x)) return toSuperscript(x);
  if (/^[\d,–\-)]+$/.test(x)) {
    const b = base.replace(/[{}\s]+$/g, "");
    const citation = /[,–)]/.test(x) || /-\d/.test(x) || b === "" || /[)\]]$/.test(b) || /\b(?:19|20)\d{2}$/.test(b) || (/\p{L}$/u.test(b) && !UNIT_BASE.test(b));
    return citation ? "" : toSuperscript(x);
  }
  return x.replace(/[{}]/g, "");
}

/** $…$ (looks like math: a command, a script, or no run of ordinary words), $$…$$, \(…\), \[…\]. */
const MATH = /\$\$([^$]+)\$\$|\\\(([\s\S]+?)\\\)|\\\[([\s\S]+?)\\\]|\$([^$\n]*\\[^$\n]*)\$|\$(?!\s)([^$\n]{1,200}?)(?<!\s)\$/g;
const MATH_OPEN = "\u0001";
const MATH_CLOSE = "\u0002";

export type CleanOptions = {
  /** Read "(2, 3)"-style numbers as citations (see usesNumberedCitations). */
  numberedCitations?: boolean;
};

/**
 * A sentence ready to quote: paper reference markers ("[24]", "[1, 3–5]", "\[24\]", "$^{2}$", "^{2,3}", "<sup>4</sup>",
 * superscript digits glued to a word, "(24)" where the passage numbers its citations so) and LaTeX
 * remnants removed or rendered as text ("$\alpha$" -> "α", "\textit{x}" -> "x"), spacing repaired.
 * Numbers that are data stay: doses, "[0.2-0.5] mg/kg", percentages, exponents, charges, years.
 */
export function cleanQuote(raw: string, options: CleanOptions = {}): string {
  let t = raw
    // Control characters and soft hyphens (a soft hyphen and the space after it join the word again,
    // but "pre-\u00AD to post-" keeps its space before a small word: a hyphen waiting for its second word).
    .replace(CONTROL, "");
  if (t.includes("\u00AD")) t = t.replace(/-\u00AD\s+(?=(?:to|and|or|vs|versus|nor)\b)/g, "- ").replace(/\u00AD\s*/g, "");
  if (t.includes("$") || t.includes("\\")) t = cleanLatex(t);
  // Markdown emphasis: "*Pestivirus*".
  if (t.includes("*")) t = t.replace(/(?<![\p{L}\p{N}*])\*([^*\n]+?)\*(?![\p{L}\p{N}*])/gu, "$1");
  // HTML scripts: "<sup>4</sup>" after a word is a citation, after a number or unit an exponent; other tags go.
  if (t.includes("<")) {
    t = t
      .replace(/<sup>([^<]{0,20})<\/sup>/gi, (_m, x: string, at: number, all: string) => superscript(x, all.slice(0, at)))
      .replace(/<\/?(?:sub|i|b|em|strong|u|span|small|br)\b[^>]*>/gi, "");
  }
  // Reference markers.
  if (t.includes("[")) t = t.replace(BRACKET_MARKER, (m, _n: string, after: string) => (UNIT_AFTER.test(after) ? m : ""));
  if (t.includes("^")) {
    t = t.replace(/\^\{\s*([\d,\s–-]+)\)?\s*\}|\^(\d{1,3})(?!\d)/g, (m, _b: string | undefined, _s: string | undefined, at: number, all: string) => {
      const base = all.slice(0, at);
      return /[\p{L})\].,;:]$/u.test(base) && !UNIT_BASE.test(base) ? "" : m;
    });
  }
  if (SUPERSCRIPT_ANY.test(t)) {
    t = t.replace(GLUED_SUPERSCRIPT, (m, before: string, _d: string, at: number, all: string) =>
      UNIT_BASE.test(all.slice(0, at + before.length)) || /\d$/.test(before) ? m : before,
    );
  }
  if (/\d/.test(t)) {
    // Digits glued after a sentence's full stop ("dog.10", "States.11,12"), a clause's colon or semicolon, or after a word
    // before punctuation ("cancer1, and").
    t = t
      .replace(DIGITS_AFTER_STOP, "$1")
      .replace(DIGITS_AFTER_CLAUSE, (m, word: string, mark: string) => (NUMBERED_NOUN.test(` ${word}`) ? m : word + mark))
      .replace(DIGITS_AFTER_WORD, (m, word: string) => (NUMBERED_NOUN.test(` ${word}`) ? m : word));
    if (options.numberedCitations && t.includes("(")) {
      t = t.replace(PAREN_MARKER_GLOBAL, (m, numbers: string, at: number, all: string) => (parenMarkerAt(all, at, numbers) ? "" : m));
    }
  }
  // Author-year citations, the other kind of reference marker: "(Kennan and others 2014)", "[Graf et al., 2014; Sanchez, 2019a]".
  if (/[([][^)\]]*\b(?:1[89]|20)\d\d/.test(t)) t = t.replace(AUTHOR_YEAR_CITATIONS, "");
  // What removing markers leaves: "(reviewed in )", "( )", "word ." and double spaces.
  if (t.includes("(") || t.includes("[")) t = t.replace(EMPTY_PARENTHESES, "").replace(REF_PARENTHESES, "");
  return t
    .replace(/\s+/g, " ")
    .replace(/([([])\s+/g, "$1")
    .replace(/\s+([)\]])/g, "$1")
    .replace(/\s+([.,;:!?])(?=\s|$|["”’)\]])/g, "$1")
    .replace(/(?<!\.)\.\.(?!\.)/g, ".")
    .replace(/,([.;,])/g, "$1")
    .trim();
}

/** Math rendered as text (between sentinels, so the spacing around it can be repaired), then LaTeX outside math. */
function cleanLatex(text: string): string {
  let t = text
    // Escaped reference markers (Markdown): "\[24\]".
    .replace(/\s*\\\[\s*\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*\s*\\\]/g, "")
    .replace(MATH, (m, a?: string, b?: string, c?: string, d?: string, e?: string) => {
      const body = a ?? b ?? c ?? d ?? e;
      if (body === undefined) return m;
      if (e !== undefined && /\b\p{L}{3,}\s+\p{L}{3,}\b/u.test(e)) return m; // "$5 and $6": prose between dollars
      return `${MATH_OPEN}${renderMath(body)}${MATH_CLOSE}`;
    });
  if (t.includes(MATH_OPEN)) {
    t = t
      .replace(SPACE_INTO_MATH, `$1${MATH_OPEN}`)
      .replace(SUPERSCRIPT_MATH, MATH_OPEN)
      .replace(GREEK_BEFORE, MATH_OPEN)
      .replace(GREEK_AFTER, "")
      .replace(SPACE_OUT_OF_MATH, MATH_CLOSE)
      .replace(SENTINELS, "");
  }
  // LaTeX outside math: text commands and escapes; a "$" left alone is not currency unless a number follows.
  for (let i = 0; i < 4 && t.includes("\\"); i++) t = t.replace(WRAPPED, "$1");
  return t
    .replace(/\\([%&#_$])/g, "$1")
    .replace(/\\(alpha|beta|gamma|delta|kappa|lambda|mu|sigma|omega|times|pm|leq|geq|approx|sim|degree|circ)\b\s?/g, (_m, name: string) => SYMBOLS[name]!)
    .replace(/\$(?!\s?\d)/g, "");
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const SPACE_INTO_MATH = new RegExp(`([-(/])\\s+${MATH_OPEN}`, "g");
/** A rendered superscript belongs to the word before it ("GNNK $^{-}$" -> "GNNK⁻"). */
const SUPERSCRIPT_MATH = new RegExp(`(?<=\\S)\\s+${MATH_OPEN}(?=[⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻′°])`, "g");
/** A Greek letter joins a number or capital before it and a capital after it ("IL-1 $\\beta$" -> "IL-1β", "I $\\kappa$ B" -> "IκB"). */
const GREEK_BEFORE = new RegExp(`(?<=(?:\\d|\\b\\p{Lu}))\\s+${MATH_OPEN}(?=[α-ωΑ-Ω]${MATH_CLOSE})`, "gu");
const GREEK_AFTER = new RegExp(`(?<=${MATH_OPEN}[α-ωΑ-Ω]${MATH_CLOSE})\\s+(?=\\p{Lu}\\b|s\\b)`, "gu");
const SPACE_OUT_OF_MATH = new RegExp(`${MATH_CLOSE}\\s+(?=[.,;:!?)\\]%]|-[\\p{L}\\p{N}])`, "gu");
const SENTINELS = new RegExp(`[${MATH_OPEN}${MATH_CLOSE}]`, "g");
const BRACKET_MARKER = /\s*\[\s*(\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*)\s*\](?=(.{0,12}))/gsu;
const SUPERSCRIPT_ANY = new RegExp(SUPERSCRIPT_DIGITS);
const GLUED_SUPERSCRIPT = new RegExp(`([\\p{L}\\p{N})\\].,;:])(${SUPERSCRIPT_DIGITS}+(?:[,–-]${SUPERSCRIPT_DIGITS}+)*)(?![⁺⁻])`, "gu");
const DIGITS_AFTER_STOP = /(\p{Ll}{2}[.!?])\d{1,3}(?:[,–-]\d{1,3})*$/u;
/** Digits glued after a colon or semicolon, before the next words: "…are of major importance:1 AA amyloid is…;2 AL…". */
// (Not a numbered thing's number: "grade:2".)
const DIGITS_AFTER_CLAUSE = /(?<![\p{L}\p{N}])(\p{L}{3,})([:;])\d{1,3}(?:[,–-]\d{1,3})*(?=\s+\p{L})/gu;
const DIGITS_AFTER_WORD = /(?<![\p{L}\p{N}])(\p{Ll}{4,})\d{1,2}(?:[,–-]\d{1,2})*(?=[,;:.](?:\s|$))/gu;
const EMPTY_PARENTHESES = /\s*[([]\s*(?:(?:reviewed|see|see also|e\.g\.|cf\.|for review|ref\.|refs\.|references?)(?:\s+in)?\s*[,;]?\s*)?[)\]]/gi;
/**
 * A parenthesis (or bracket) holding only author-year citations: one to four names of one or two
 * capitalised words ("De Vleeschauwer", "Novack-Gottshall and Lanier", "Little et al.", "Kennan and others"), a year or years
 * ("2014a, 2015", "2010a,b"), several such separated by ";" or ",", optionally after "e.g.", "see", "reviewed in". A
 * parenthesis with anything else in it ("(n = 12, 2019 cohort)", "(i.e., a passive trend)") is text and stays.
 */
// "(March 2020)" is a date, not a citation.
const NOT_AUTHOR = String.raw`(?!(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|Spring|Summer|Autumn|Fall|Winter|Since|Until|Before|After|In|From|To|By)\b)`;
const AUTHOR = String.raw`${NOT_AUTHOR}(?:(?:van|von|de|der|den|du|da|del|di|le|la|dos)\s+)*\p{Lu}[\p{L}'’.-]*\p{L}(?:\s+\p{Lu}[\p{L}'’-]*\p{L})?`;
/** An organisation as author: "World Health Organization", "Centers for Disease Control and Prevention". */
const ORGANISATION = String.raw`${NOT_AUTHOR}\p{Lu}[\p{L}'’-]*(?:\s+(?:(?:for|of|on|and|the)\s+)*\p{Lu}[\p{L}'’-]*){2,6}`;
const AUTHORS = String.raw`(?:${ORGANISATION}|${AUTHOR}(?:(?:\s*,\s*(?:(?:and|&)\s+)?|\s+(?:and|&)\s+)${AUTHOR}){0,3}(?:\s+(?:et\s+al\.?|and\s+others|and\s+colleagues))?)`;
const YEAR = String.raw`(?:1[89]|20)\d\d(?:[a-z](?:,[a-z])*)?`;
const YEARS = String.raw`${YEAR}(?:\s*,\s*${YEAR})*`;
const ONE_CITATION = String.raw`${AUTHORS},?\s+${YEARS}`;
const CITATION_LEAD = String.raw`(?:(?:e\.g\.|see(?:\s+also)?|reviewed\s+(?:in|by)|cf\.|for\s+review\s+see)[,:]?\s+)?`;
const AUTHOR_YEAR_CITATIONS = new RegExp(
  String.raw`\s*(?:\(\s*${CITATION_LEAD}${ONE_CITATION}(?:\s*[;,]\s*${ONE_CITATION})*\s*\)|\[\s*${CITATION_LEAD}${ONE_CITATION}(?:\s*[;,]\s*${ONE_CITATION})*\s*\])`,
  "gu",
);
const REF_PARENTHESES = /\s*\(refs?\.\s*\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\)/gi;
