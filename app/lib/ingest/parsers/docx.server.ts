/**
 * Word (.docx), read from word/document.xml ourselves (JSZip through the zip guard, fast-xml-parser
 * with preserveOrder) because mammoth does not expose page breaks.
 *
 * Pages. Page 1 starts at the top; every page break Word recorded starts the next page:
 * - `<w:lastRenderedPageBreak/>`: where Word's own layout broke pages when the file was last saved;
 * - `<w:br w:type="page"/>`, `w:pageBreakBefore` (direct or from the style), and section breaks
 *   whose next section starts on a new page (`w:type` nextPage/oddPage/evenPage, or absent).
 * Word also writes a rendered break at the top of a page that an explicit break started, so a
 * rendered break with no text or drawing since an explicit one is the same boundary, not a new page.
 * In a table row each cell records its own rendered breaks: a row advances the page by the most
 * breaks of any one cell. A paragraph split by a break becomes one block per page, the later ones marked
 * `continues` (unless a footnote or text box sits between the parts), so the chunker joins a sentence
 * across the break.
 *
 * pageCount is the last page number reached. When the file has no rendered breaks (written by a
 * tool that does not paginate, e.g. Google Docs, LibreOffice without layout, python-docx), page
 * numbers count explicit breaks only and undercount Word's pagination; we then say so in `notes`,
 * with Word's own count from docProps/app.xml <Pages> when present. We do not report that larger
 * count as pageCount: citations can only name pages we can place text on, and a pageCount larger
 * than any citable page would invite "pg. N" for text we cannot locate.
 *
 * Content: paragraphs in order; headings from paragraph styles (Title, Heading 1-9, any style with
 * an outline level, resolved through styles.xml names and basedOn chains); list items with their
 * numbers; tables as `row` blocks carrying the header row (merged cells spread over their columns,
 * vertically merged values repeated down); footnotes right after the paragraph that cites them;
 * text boxes after their paragraph; endnotes at the end. Tables of contents are left out (their
 * entries would match every query and cite the contents page).
 *
 * Dropped and counted in `notes`: hidden runs (`w:vanish`, directly or through the run's character
 * style or paragraph style), text under 1.5 pt, deleted revisions (`w:del`, `w:moveFrom`), hidden or
 * deleted table rows. Symbol-font characters are mapped to Unicode (Symbol "m" is "µ": "µg", not "mg").
 */
import { type Block, DocumentError, type ParsedDocument, type ParsedPage, type ParseOptions } from "../types";
import { defaultHeaderRowCount, type GridCell, gridColumnLabels, gridRowValues, headerText, rowBlock } from "./csv.server";
import {
  collapseWhitespace,
  type GuardedZip,
  openOoxmlFile,
  parseXml,
  readCoreProperties,
  readRelationships,
  type XmlNode,
  xmlAttr,
  xmlChildren,
  xmlFind,
  xmlName,
  xmlPath,
  xmlText,
} from "./zip-guard.server";

// ---------------------------------------------------------------------------------------------
// Symbol font
// ---------------------------------------------------------------------------------------------

/** Adobe Symbol encoding for the codes whose glyph differs from ASCII. */
const SYMBOL_FONT: Record<number, string> = (() => {
  const map: Record<number, string> = {
    0x22: "∀", 0x24: "∃", 0x27: "∋", 0x2a: "∗", 0x2d: "−", 0x40: "≅", 0x5c: "∴", 0x5e: "⊥", 0x60: "‾", 0x7e: "∼",
    0xa1: "ϒ", 0xa2: "′", 0xa3: "≤", 0xa4: "⁄", 0xa5: "∞", 0xa6: "ƒ", 0xa7: "♣", 0xa8: "♦", 0xa9: "♥", 0xaa: "♠",
    0xab: "↔", 0xac: "←", 0xad: "↑", 0xae: "→", 0xaf: "↓", 0xb0: "°", 0xb1: "±", 0xb2: "″", 0xb3: "≥", 0xb4: "×",
    0xb5: "∝", 0xb6: "∂", 0xb7: "•", 0xb8: "÷", 0xb9: "≠", 0xba: "≡", 0xbb: "≈", 0xbc: "…", 0xc0: "ℵ", 0xc5: "⊕",
    0xc6: "∅", 0xc7: "∩", 0xc8: "∪", 0xd0: "∠", 0xd1: "∇", 0xd2: "®", 0xd3: "©", 0xd4: "™", 0xd5: "∏", 0xd6: "√",
    0xd7: "⋅", 0xd8: "¬", 0xd9: "∧", 0xda: "∨", 0xdb: "⇔", 0xdc: "⇐", 0xdd: "⇑", 0xde: "⇒", 0xdf: "⇓", 0xe0: "◊",
    0xe5: "∑", 0xf2: "∫",
  };
  const upper = "ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ";
  const lower = "αβχδεφγηιϕκλμνοπθρστυϖωξψζ";
  for (let i = 0; i < 26; i++) {
    map[0x41 + i] = upper[i]!;
    map[0x61 + i] = lower[i]!;
  }
  return map;
})();

/** Text typed in the Symbol font, as the reader sees it ("m" -> "μ"); private-use F0xx codes too. */
export function symbolFontToUnicode(text: string): string {
  let out = "";
  for (const ch of text) {
    let code = ch.codePointAt(0)!;
    if (code >= 0xf020 && code <= 0xf0ff) code -= 0xf000;
    out += SYMBOL_FONT[code] ?? (code < 0x100 ? String.fromCharCode(code) : ch);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Properties and styles
// ---------------------------------------------------------------------------------------------

/** A toggle property: present means on unless w:val says 0/false/off. */
function onOff(node: XmlNode | undefined): boolean | undefined {
  if (!node) return undefined;
  const value = xmlAttr(node, "w:val");
  return value === undefined || !/^(0|false|off)$/i.test(value);
}

type RunProps = { vanish?: boolean; halfPoints?: number; symbol?: boolean };

function runPropsOf(rPr: XmlNode | undefined): RunProps {
  const props: RunProps = {};
  if (!rPr) return props;
  for (const child of xmlChildren(rPr)) {
    switch (xmlName(child)) {
      case "w:vanish":
        props.vanish = onOff(child);
        break;
      case "w:sz": {
        const size = Number.parseInt(xmlAttr(child, "w:val") ?? "", 10);
        if (Number.isFinite(size)) props.halfPoints = size;
        break;
      }
      case "w:rFonts": {
        const font = xmlAttr(child, "w:ascii") ?? xmlAttr(child, "w:hAnsi");
        if (font !== undefined) props.symbol = /^symbol$/i.test(font);
        break;
      }
    }
  }
  return props;
}

/** First-defined-wins merge, nearest first. */
function mergeRunProps(...layers: RunProps[]): RunProps {
  const merged: RunProps = {};
  for (const layer of layers) {
    merged.vanish ??= layer.vanish;
    merged.halfPoints ??= layer.halfPoints;
    merged.symbol ??= layer.symbol;
  }
  return merged;
}

/** Runs smaller than 1.5 pt cannot be read on paper: a way to hide text from people but not from us. */
const UNREADABLE_HALF_POINTS = 3;

function isHiddenRun(props: RunProps): boolean {
  return props.vanish === true || (props.halfPoints !== undefined && props.halfPoints < UNREADABLE_HALF_POINTS);
}

type NumberingRef = { numId: string; ilvl: number };

type StyleDef = { id: string; type: string; name: string; basedOn?: string; pPr?: XmlNode; rPr?: XmlNode; isDefault: boolean };

type ParagraphStyle = {
  headingLevel: number | null;
  isToc: boolean;
  pageBreakBefore: boolean;
  numbering: NumberingRef | null;
  run: RunProps;
};

function numberingRefOf(pPr: XmlNode | undefined): NumberingRef | null | undefined {
  const numPr = pPr ? xmlFind(xmlChildren(pPr), "w:numPr") : undefined;
  if (!numPr) return undefined;
  const children = xmlChildren(numPr);
  const numId = xmlAttr(xmlFind(children, "w:numId") ?? {}, "w:val");
  const ilvl = Number.parseInt(xmlAttr(xmlFind(children, "w:ilvl") ?? {}, "w:val") ?? "0", 10);
  if (numId === undefined) return undefined;
  return numId === "0" ? null : { numId, ilvl: Number.isFinite(ilvl) ? Math.min(Math.max(ilvl, 0), 8) : 0 };
}

function outlineLevelOf(pPr: XmlNode | undefined): number | undefined {
  const node = pPr ? xmlFind(xmlChildren(pPr), "w:outlineLvl") : undefined;
  const level = Number.parseInt(xmlAttr(node ?? {}, "w:val") ?? "", 10);
  // 0-8 are heading levels 1-9; 9 means body text.
  return Number.isFinite(level) && level >= 0 && level <= 8 ? level + 1 : undefined;
}

function headingLevelFromName(name: string): number | null {
  const match = /^heading\s*([1-9])$/i.exec(name.trim());
  if (match) return Number(match[1]);
  return /^title$/i.test(name.trim()) ? 1 : null;
}

class Styles {
  private readonly defs = new Map<string, StyleDef>();
  private readonly paragraphCache = new Map<string, ParagraphStyle>();
  private readonly characterCache = new Map<string, RunProps>();
  readonly defaultParagraphId: string | undefined;
  readonly documentDefaults: RunProps;

  constructor(xml: string | null) {
    const root = xml ? xmlFind(parseXml(xml), "w:styles") : undefined;
    let defaults: RunProps = {};
    let defaultParagraph: string | undefined;
    for (const node of root ? xmlChildren(root) : []) {
      const name = xmlName(node);
      if (name === "w:docDefaults") {
        const rPr = xmlPath(xmlChildren(node), "w:rPrDefault", "w:rPr");
        defaults = runPropsOf(rPr);
      } else if (name === "w:style") {
        const children = xmlChildren(node);
        const id = xmlAttr(node, "w:styleId") ?? "";
        const def: StyleDef = {
          id,
          type: xmlAttr(node, "w:type") ?? "paragraph",
          name: xmlAttr(xmlFind(children, "w:name") ?? {}, "w:val") ?? id,
          basedOn: xmlAttr(xmlFind(children, "w:basedOn") ?? {}, "w:val"),
          pPr: xmlFind(children, "w:pPr"),
          rPr: xmlFind(children, "w:rPr"),
          isDefault: /^(1|true|on)$/i.test(xmlAttr(node, "w:default") ?? ""),
        };
        // The first definition of an id wins, as in Word.
        if (!this.defs.has(id)) this.defs.set(id, def);
        if (def.isDefault && def.type === "paragraph" && defaultParagraph === undefined) defaultParagraph = id;
      }
    }
    this.documentDefaults = defaults;
    this.defaultParagraphId = defaultParagraph;
  }

  /** The style and its basedOn ancestors, nearest first (bounded: a loop in basedOn ends the chain). */
  private chain(id: string | undefined): StyleDef[] {
    const chain: StyleDef[] = [];
    const seen = new Set<string>();
    for (let current = id; current !== undefined && !seen.has(current) && chain.length < 32; ) {
      seen.add(current);
      const def = this.defs.get(current);
      if (!def) break;
      chain.push(def);
      current = def.basedOn;
    }
    return chain;
  }

  paragraph(id: string | undefined): ParagraphStyle {
    const key = id ?? this.defaultParagraphId ?? "";
    const cached = this.paragraphCache.get(key);
    if (cached) return cached;
    const chain = this.chain(key);
    const own = chain[0];
    let headingLevel = own ? headingLevelFromName(own.name) : null;
    let pageBreakBefore: boolean | undefined;
    let numbering: NumberingRef | null | undefined;
    for (const def of chain) {
      headingLevel ??= outlineLevelOf(def.pPr) ?? null;
      const pbb = def.pPr ? xmlFind(xmlChildren(def.pPr), "w:pageBreakBefore") : undefined;
      pageBreakBefore ??= onOff(pbb);
      if (numbering === undefined) numbering = numberingRefOf(def.pPr);
    }
    const style: ParagraphStyle = {
      headingLevel,
      isToc: own ? /^(toc \d|toc heading)$/i.test(own.name.trim()) : false,
      pageBreakBefore: pageBreakBefore ?? false,
      numbering: numbering ?? null,
      run: mergeRunProps(...chain.map((def) => runPropsOf(def.rPr))),
    };
    this.paragraphCache.set(key, style);
    return style;
  }

  character(id: string | undefined): RunProps {
    if (!id) return {};
    const cached = this.characterCache.get(id);
    if (cached) return cached;
    const props = mergeRunProps(...this.chain(id).map((def) => runPropsOf(def.rPr)));
    this.characterCache.set(id, props);
    return props;
  }
}

// ---------------------------------------------------------------------------------------------
// List numbering
// ---------------------------------------------------------------------------------------------

type LevelDef = { start: number; format: string; text: string };

function romanNumeral(n: number): string {
  const table: [number, string][] = [
    [1000, "m"], [900, "cm"], [500, "d"], [400, "cd"], [100, "c"], [90, "xc"], [50, "l"], [40, "xl"], [10, "x"], [9, "ix"], [5, "v"], [4, "iv"], [1, "i"],
  ];
  let out = "";
  let rest = Math.max(1, Math.min(n, 3999));
  for (const [value, letters] of table) while (rest >= value) [out, rest] = [out + letters, rest - value];
  return out;
}

function letterNumeral(n: number): string {
  const letter = String.fromCharCode(97 + ((Math.max(1, n) - 1) % 26));
  return letter.repeat(Math.floor((Math.max(1, n) - 1) / 26) + 1);
}

export function formatNumber(n: number, format: string): string {
  switch (format) {
    case "lowerLetter":
      return letterNumeral(n);
    case "upperLetter":
      return letterNumeral(n).toUpperCase();
    case "lowerRoman":
      return romanNumeral(n);
    case "upperRoman":
      return romanNumeral(n).toUpperCase();
    case "decimalZero":
      return n < 10 ? `0${n}` : String(n);
    case "none":
      return "";
    default:
      return String(n);
  }
}

/** Computes "1.", "a)", "•" labels as Word would, counting per list instance. */
class Numbering {
  private readonly abstractLevels = new Map<string, Map<number, LevelDef>>();
  private readonly nums = new Map<string, { abstractId: string; starts: Map<number, number> }>();
  private readonly counters = new Map<string, number[]>();

  constructor(xml: string | null) {
    const root = xml ? xmlFind(parseXml(xml), "w:numbering") : undefined;
    for (const node of root ? xmlChildren(root) : []) {
      const name = xmlName(node);
      if (name === "w:abstractNum") {
        const levels = new Map<number, LevelDef>();
        for (const lvl of xmlChildren(node)) {
          if (xmlName(lvl) !== "w:lvl") continue;
          const c = xmlChildren(lvl);
          levels.set(Number.parseInt(xmlAttr(lvl, "w:ilvl") ?? "0", 10), {
            start: Number.parseInt(xmlAttr(xmlFind(c, "w:start") ?? {}, "w:val") ?? "1", 10) || 1,
            format: xmlAttr(xmlFind(c, "w:numFmt") ?? {}, "w:val") ?? "decimal",
            text: xmlAttr(xmlFind(c, "w:lvlText") ?? {}, "w:val") ?? "",
          });
        }
        this.abstractLevels.set(xmlAttr(node, "w:abstractNumId") ?? "", levels);
      } else if (name === "w:num") {
        const c = xmlChildren(node);
        const starts = new Map<number, number>();
        for (const override of c) {
          if (xmlName(override) !== "w:lvlOverride") continue;
          const start = xmlAttr(xmlFind(xmlChildren(override), "w:startOverride") ?? {}, "w:val");
          if (start !== undefined) starts.set(Number.parseInt(xmlAttr(override, "w:ilvl") ?? "0", 10), Number.parseInt(start, 10));
        }
        this.nums.set(xmlAttr(node, "w:numId") ?? "", { abstractId: xmlAttr(xmlFind(c, "w:abstractNumId") ?? {}, "w:val") ?? "", starts });
      }
    }
  }

  /** The label of the next item of this list at this level ("" when the list is unknown). */
  next(ref: NumberingRef): string {
    const num = this.nums.get(ref.numId);
    const levels = num ? this.abstractLevels.get(num.abstractId) : undefined;
    const level = levels?.get(ref.ilvl);
    if (!num || !levels || !level) return "";
    const counters = this.counters.get(ref.numId) ?? [];
    const startOf = (ilvl: number) => num.starts.get(ilvl) ?? levels.get(ilvl)?.start ?? 1;
    counters[ref.ilvl] = counters[ref.ilvl] === undefined ? startOf(ref.ilvl) : counters[ref.ilvl]! + 1;
    counters.length = ref.ilvl + 1; // deeper levels restart
    this.counters.set(ref.numId, counters);
    if (level.format === "bullet") return "•";
    return level.text.replace(/%([1-9])/g, (_, digit: string) => {
      const ilvl = Number(digit) - 1;
      return formatNumber(counters[ilvl] ?? startOf(ilvl), levels.get(ilvl)?.format ?? "decimal");
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------

/** The page cursor: explicit breaks always start a page; a rendered one right after them does not. */
class PageTracker {
  page = 1;
  renderedBreaks = 0;
  explicitBreaks = 0;
  private contentSinceBreak = false;
  private lastBreakExplicit = false;

  content(): void {
    this.contentSinceBreak = true;
  }

  get hasContentOnPage(): boolean {
    return this.contentSinceBreak;
  }

  explicitBreak(): void {
    this.page++;
    this.explicitBreaks++;
    this.contentSinceBreak = false;
    this.lastBreakExplicit = true;
  }

  renderedBreak(): void {
    this.renderedBreaks++;
    if (this.lastBreakExplicit && !this.contentSinceBreak) return; // the same boundary, recorded twice
    this.page++;
    this.contentSinceBreak = false;
    this.lastBreakExplicit = false;
  }
}

// ---------------------------------------------------------------------------------------------
// Runs to events
// ---------------------------------------------------------------------------------------------

type ParagraphEvent =
  | { type: "text"; text: string }
  | { type: "break"; explicit: boolean }
  | { type: "drawing" }
  | { type: "note"; text: string }
  | { type: "textbox"; paragraphs: string[] };

type Notes = { byId: Map<string, XmlNode>; counter: number; label: string };

type Counters = { hiddenCharacters: number; deletedCharacters: number; tocParagraphs: number; hiddenRows: number };

/** What reading runs needs: styles, notes, counts, and the state of fields spanning runs. */
type RunContext = {
  styles: Styles;
  footnotes: Notes;
  endnotes: Notes;
  endnoteBlocks: string[];
  counters: Counters;
  /** Open fields: true while in the field code (before w:separate), whose text is not shown. */
  fields: boolean[];
  /** Nesting of notes and text boxes being read (bounded: a text box in a note in a text box...). */
  depth: number;
};

/** Containers whose runs are part of the paragraph. */
const INLINE_CONTAINERS = new Set(["w:hyperlink", "w:ins", "w:moveTo", "w:smartTag", "w:customXml", "w:fldSimple", "w:dir", "w:bdo", "w:sdtContent"]);
/** Revisions that are not in the document any more. */
const DELETED = new Set(["w:del", "w:moveFrom"]);

function deletedLength(node: XmlNode): number {
  let length = 0;
  for (const child of xmlChildren(node)) {
    const name = xmlName(child);
    if (name === "w:delText" || name === "w:t") length += xmlText(child).length;
    else length += deletedLength(child);
  }
  return length;
}

function inFieldCode(ctx: RunContext): boolean {
  return ctx.fields.some((code) => code);
}

function symChar(node: XmlNode): string {
  const font = xmlAttr(node, "w:font") ?? "";
  const code = Number.parseInt(xmlAttr(node, "w:char") ?? "", 16);
  if (!Number.isFinite(code)) return "";
  if (/^symbol$/i.test(font)) return symbolFontToUnicode(String.fromCharCode(code));
  // Wingdings and friends are pictographs whose code points mean nothing as text.
  if (/dings|webdings/i.test(font)) return "";
  return code >= 0xf000 && code <= 0xf0ff ? String.fromCharCode(code - 0xf000) : String.fromCharCode(code);
}

function noteEvent(ctx: RunContext, notes: Notes, id: string | undefined, events: ParagraphEvent[], toEnd: boolean): void {
  const note = id === undefined ? undefined : notes.byId.get(id);
  if (!note) return;
  notes.counter++;
  const marker = `[${notes.counter}]`;
  events.push({ type: "text", text: marker });
  const text = blockParagraphsText(xmlChildren(note), ctx).join(" ");
  if (!text) return;
  if (toEnd) ctx.endnoteBlocks.push(`${notes.label} ${notes.counter}: ${text}`);
  else events.push({ type: "note", text: `${notes.label} ${notes.counter}: ${text}` });
}

/** Text boxes inside a drawing or VML shape; for AlternateContent only the first choice (no duplicates). */
function textBoxParagraphs(node: XmlNode, ctx: RunContext): string[] {
  const found: string[] = [];
  const visit = (nodes: XmlNode[]) => {
    for (const child of nodes) {
      const name = xmlName(child);
      if (name === "w:txbxContent") found.push(...blockParagraphsText(xmlChildren(child), ctx));
      else if (name === "mc:AlternateContent") {
        const choice = xmlFind(xmlChildren(child), "mc:Choice") ?? xmlFind(xmlChildren(child), "mc:Fallback");
        if (choice) visit(xmlChildren(choice));
      } else if (name !== "#text") visit(xmlChildren(child));
    }
  };
  visit([node]);
  return found;
}

function runEvents(run: XmlNode, paragraphRun: RunProps, ctx: RunContext, events: ParagraphEvent[]): void {
  const children = xmlChildren(run);
  const direct = runPropsOf(xmlFind(children, "w:rPr"));
  const rStyle = xmlAttr(xmlFind(xmlChildren(xmlFind(children, "w:rPr") ?? {}), "w:rStyle") ?? {}, "w:val");
  const props = mergeRunProps(direct, ctx.styles.character(rStyle), paragraphRun, ctx.styles.documentDefaults);
  const hidden = isHiddenRun(props);
  for (const child of children) {
    const name = xmlName(child);
    switch (name) {
      case "w:t": {
        if (inFieldCode(ctx)) break;
        const text = xmlText(child);
        if (hidden) ctx.counters.hiddenCharacters += text.replace(/\s/g, "").length;
        else events.push({ type: "text", text: props.symbol ? symbolFontToUnicode(text) : text });
        break;
      }
      case "w:tab":
      case "w:ptab":
        if (!hidden) events.push({ type: "text", text: "\t" });
        break;
      case "w:br":
      case "w:cr": {
        const kind = xmlAttr(child, "w:type");
        if (name === "w:br" && kind === "page") events.push({ type: "break", explicit: true });
        else if (!hidden) events.push({ type: "text", text: kind === "column" ? " " : "\n" });
        break;
      }
      case "w:lastRenderedPageBreak":
        events.push({ type: "break", explicit: false });
        break;
      case "w:noBreakHyphen":
        if (!hidden) events.push({ type: "text", text: "-" });
        break;
      case "w:sym":
        if (!hidden && !inFieldCode(ctx)) events.push({ type: "text", text: symChar(child) });
        break;
      case "w:fldChar": {
        const kind = xmlAttr(child, "w:fldCharType");
        if (kind === "begin") ctx.fields.push(true);
        else if (kind === "separate" && ctx.fields.length > 0) ctx.fields[ctx.fields.length - 1] = false;
        else if (kind === "end") ctx.fields.pop();
        break;
      }
      case "w:footnoteReference":
        if (!hidden) noteEvent(ctx, ctx.footnotes, xmlAttr(child, "w:id"), events, false);
        break;
      case "w:endnoteReference":
        if (!hidden) noteEvent(ctx, ctx.endnotes, xmlAttr(child, "w:id"), events, true);
        break;
      case "w:drawing":
      case "w:pict":
      case "w:object":
      case "mc:AlternateContent": {
        events.push({ type: "drawing" });
        const paragraphs = hidden ? [] : textBoxParagraphs(child, ctx);
        if (paragraphs.length > 0) events.push({ type: "textbox", paragraphs });
        break;
      }
      case "w:delText":
        ctx.counters.deletedCharacters += xmlText(child).length;
        break;
    }
  }
}

/** Math: the text of every m:t, in order. */
function mathText(node: XmlNode): string {
  if (xmlName(node) === "m:t") return xmlText(node);
  return xmlChildren(node).map(mathText).join("");
}

function collectInline(nodes: XmlNode[], paragraphRun: RunProps, ctx: RunContext, events: ParagraphEvent[]): void {
  for (const node of nodes) {
    const name = xmlName(node);
    if (name === "w:r") runEvents(node, paragraphRun, ctx, events);
    else if (DELETED.has(name)) ctx.counters.deletedCharacters += deletedLength(node);
    else if (INLINE_CONTAINERS.has(name)) collectInline(xmlChildren(node), paragraphRun, ctx, events);
    else if (name === "w:sdt") collectInline(xmlChildren(xmlFind(xmlChildren(node), "w:sdtContent") ?? {}), paragraphRun, ctx, events);
    else if (name === "m:oMath" || name === "m:oMathPara") events.push({ type: "text", text: mathText(node) });
    else if (name === "mc:AlternateContent") {
      const choice = xmlFind(xmlChildren(node), "mc:Choice") ?? xmlFind(xmlChildren(node), "mc:Fallback");
      if (choice) collectInline(xmlChildren(choice), paragraphRun, ctx, events);
    }
  }
}

type ParagraphInfo = {
  style: ParagraphStyle;
  headingLevel: number | null;
  label: string;
  pageBreakBefore: boolean;
  sectionBreak: boolean;
  events: ParagraphEvent[];
};

function paragraphInfo(p: XmlNode, ctx: RunContext, numbering: Numbering | null): ParagraphInfo {
  const children = xmlChildren(p);
  const pPr = xmlFind(children, "w:pPr");
  const pPrChildren = pPr ? xmlChildren(pPr) : [];
  const styleId = xmlAttr(xmlFind(pPrChildren, "w:pStyle") ?? {}, "w:val");
  const style = ctx.styles.paragraph(styleId);
  const direct = numberingRefOf(pPr);
  const ref = direct === undefined ? style.numbering : direct;
  const events: ParagraphEvent[] = [];
  collectInline(children, style.run, ctx, events);
  // A field code never runs past its paragraph: an unclosed one must not hide the rest of the document.
  ctx.fields.fill(false);
  const hasText = events.some((event) => event.type === "text" && event.text.trim() !== "");
  return {
    style,
    headingLevel: outlineLevelOf(pPr) ?? style.headingLevel,
    // Only numbered paragraphs with text consume a number, as in Word.
    label: ref && numbering && hasText ? numbering.next(ref) : "",
    pageBreakBefore: onOff(xmlFind(pPrChildren, "w:pageBreakBefore")) ?? style.pageBreakBefore,
    sectionBreak: xmlFind(pPrChildren, "w:sectPr") !== undefined,
    events,
  };
}

function cleanText(text: string): string {
  return collapseWhitespace(text);
}

/** The visible text of paragraphs (and nested tables) without page tracking: notes, text boxes. */
function blockParagraphsText(nodes: XmlNode[], ctx: RunContext): string[] {
  if (ctx.depth > 8) return []; // text boxes inside notes inside text boxes...: enough
  ctx.depth++;
  // Notes and text boxes have fields of their own; the paragraph around them keeps its state.
  const outerFields = ctx.fields;
  ctx.fields = [];
  const out: string[] = [];
  try {
    for (const node of nodes) {
      const name = xmlName(node);
      if (name === "w:p") {
        const info = paragraphInfo(node, ctx, null);
        let text = "";
        const extras: string[] = [];
        for (const event of info.events) {
          if (event.type === "text") text += event.text;
          else if (event.type === "note") extras.push(event.text);
          else if (event.type === "textbox") extras.push(...event.paragraphs);
        }
        const clean = cleanText(text);
        if (clean) out.push(clean);
        out.push(...extras);
      } else if (name === "w:tbl") {
        for (const row of tableRows(node)) {
          const cells = rowCells(row).map((cell) => blockParagraphsText(xmlChildren(cell.node), ctx).join(" "));
          const text = cells.filter(Boolean).join(" | ");
          if (text) out.push(text);
        }
      } else if (name === "w:sdt") {
        out.push(...blockParagraphsText(xmlChildren(xmlFind(xmlChildren(node), "w:sdtContent") ?? {}), ctx));
      } else if (name === "w:customXml" || name === "w:ins" || name === "w:moveTo") {
        out.push(...blockParagraphsText(xmlChildren(node), ctx));
      }
    }
  } finally {
    ctx.depth--;
    ctx.fields = outerFields;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------

type Cell = { node: XmlNode; gridStart: number; span: number; vMerge: "restart" | "continue" | null };

/** Rows of a table, looking through row-level content controls and custom XML wrappers. */
function tableRows(tbl: XmlNode): XmlNode[] {
  const rows: XmlNode[] = [];
  const visit = (nodes: XmlNode[]) => {
    for (const node of nodes) {
      const name = xmlName(node);
      if (name === "w:tr") rows.push(node);
      else if (name === "w:sdt") visit(xmlChildren(xmlFind(xmlChildren(node), "w:sdtContent") ?? {}));
      else if (name === "w:customXml") visit(xmlChildren(node));
    }
  };
  visit(xmlChildren(tbl));
  return rows;
}

function rowCells(tr: XmlNode): Cell[] {
  const cells: Cell[] = [];
  const trPr = xmlFind(xmlChildren(tr), "w:trPr");
  let grid = Number.parseInt(xmlAttr(xmlFind(trPr ? xmlChildren(trPr) : [], "w:gridBefore") ?? {}, "w:val") ?? "0", 10) || 0;
  const visit = (nodes: XmlNode[]) => {
    for (const node of nodes) {
      const name = xmlName(node);
      if (name === "w:tc") {
        const tcPr = xmlFind(xmlChildren(node), "w:tcPr");
        const props = tcPr ? xmlChildren(tcPr) : [];
        const span = Math.max(1, Math.min(64, Number.parseInt(xmlAttr(xmlFind(props, "w:gridSpan") ?? {}, "w:val") ?? "1", 10) || 1));
        const vMergeNode = xmlFind(props, "w:vMerge");
        const vMerge = vMergeNode ? (xmlAttr(vMergeNode, "w:val") === "restart" ? "restart" : "continue") : null;
        cells.push({ node, gridStart: grid, span, vMerge });
        grid += span;
      } else if (name === "w:sdt") visit(xmlChildren(xmlFind(xmlChildren(node), "w:sdtContent") ?? {}));
      else if (name === "w:customXml") visit(xmlChildren(node));
    }
  };
  visit(xmlChildren(tr));
  return cells;
}

function rowProperty(tr: XmlNode, name: string): boolean {
  const trPr = xmlFind(xmlChildren(tr), "w:trPr");
  return trPr ? onOff(xmlFind(xmlChildren(trPr), name)) === true : false;
}

/** A cell's text, with the page breaks inside it and whether one comes before any text. */
type CellContent = { text: string; breaks: number; breakBeforeText: boolean };

function cellContent(cell: Cell, ctx: RunContext, numbering: Numbering): CellContent {
  const parts: string[] = [];
  let breaks = 0;
  let breakBeforeText = false;
  let seenText = false;
  const visit = (nodes: XmlNode[]) => {
    for (const node of nodes) {
      const name = xmlName(node);
      if (name === "w:p") {
        const info = paragraphInfo(node, ctx, numbering);
        let text = info.label ? `${info.label} ` : "";
        const extras: string[] = [];
        for (const event of info.events) {
          if (event.type === "text") {
            text += event.text;
            if (event.text.trim()) seenText = true;
          } else if (event.type === "break") {
            breaks++;
            if (!seenText) breakBeforeText = true;
          } else if (event.type === "note") extras.push(event.text);
          else if (event.type === "textbox") extras.push(...event.paragraphs);
        }
        const clean = cleanText(text);
        if (clean) parts.push(clean);
        parts.push(...extras);
      } else if (name === "w:tbl") {
        for (const row of tableRows(node)) {
          const texts = rowCells(row).map((inner) => cellContent(inner, ctx, numbering));
          breaks += Math.max(0, ...texts.map((t) => t.breaks));
          const text = texts.map((t) => t.text).filter(Boolean).join(" | ");
          if (text) {
            parts.push(text);
            seenText = true;
          }
        }
      } else if (name === "w:sdt") visit(xmlChildren(xmlFind(xmlChildren(node), "w:sdtContent") ?? {}));
      else if (name === "w:customXml") visit(xmlChildren(node));
    }
  };
  visit(xmlChildren(cell.node));
  return { text: parts.join(" "), breaks, breakBeforeText };
}

// ---------------------------------------------------------------------------------------------
// The document walk
// ---------------------------------------------------------------------------------------------

class DocxWalker {
  readonly pages = new Map<number, Block[]>();
  readonly tracker = new PageTracker();
  private sectionIndex = 0;
  private sinceAbortCheck = 0;

  constructor(
    private readonly ctx: RunContext,
    private readonly numbering: Numbering,
    /** For each paragraph-level sectPr in order: does the section after it start on a new page? */
    private readonly sectionStartsPage: boolean[],
    private readonly options: ParseOptions,
  ) {}

  emitAtEnd(block: Block): void {
    this.emit(block);
  }

  private emit(block: Block): void {
    const list = this.pages.get(this.tracker.page);
    if (list) list.push(block);
    else this.pages.set(this.tracker.page, [block]);
  }

  walk(nodes: XmlNode[]): void {
    for (const node of nodes) {
      if (++this.sinceAbortCheck >= 200) {
        this.sinceAbortCheck = 0;
        this.options.signal?.throwIfAborted();
      }
      const name = xmlName(node);
      if (name === "w:p") this.paragraph(node);
      else if (name === "w:tbl") this.table(node);
      else if (name === "w:sdt") this.walk(xmlChildren(xmlFind(xmlChildren(node), "w:sdtContent") ?? {}));
      else if (name === "w:customXml" || name === "w:ins" || name === "w:moveTo") this.walk(xmlChildren(node));
      else if (DELETED.has(name)) this.ctx.counters.deletedCharacters += deletedLength(node);
      else if (name === "mc:AlternateContent") {
        const choice = xmlFind(xmlChildren(node), "mc:Choice") ?? xmlFind(xmlChildren(node), "mc:Fallback");
        if (choice) this.walk(xmlChildren(choice));
      }
    }
  }

  private paragraph(p: XmlNode): void {
    const info = paragraphInfo(p, this.ctx, this.numbering);
    if (info.pageBreakBefore && this.tracker.hasContentOnPage) this.tracker.explicitBreak();
    if (info.style.isToc) {
      // Breaks inside a table of contents still move the page; its text is left out.
      for (const event of info.events) if (event.type === "break") this.applyBreak(event.explicit);
      if (info.events.some((event) => event.type === "text" && event.text.trim())) this.ctx.counters.tocParagraphs++;
    } else {
      this.paragraphBlocks(info);
    }
    if (info.sectionBreak) {
      const startsPage = this.sectionStartsPage[this.sectionIndex++] ?? true;
      if (startsPage) this.tracker.explicitBreak();
    }
  }

  private applyBreak(explicit: boolean): void {
    if (explicit) this.tracker.explicitBreak();
    else this.tracker.renderedBreak();
  }

  /** Emits the paragraph, one block per page it spans, with its notes and text boxes after the part that cites them. */
  private paragraphBlocks(info: ParagraphInfo): void {
    let text = info.label ? `${info.label} ` : "";
    let pending: string[] = [];
    // The part before a page break was the last block emitted: the part after it continues that block.
    let partBefore = false;
    const flush = () => {
      const clean = cleanText(text);
      const emits = Boolean(clean && clean !== info.label);
      const heading = info.headingLevel !== null && clean.length <= 300;
      if (emits) {
        this.emit(heading ? { kind: "heading", level: info.headingLevel!, text: clean } : { kind: "paragraph", text: clean, ...(partBefore ? { continues: true } : {}) });
      }
      for (const extra of pending) this.emit({ kind: "paragraph", text: extra });
      partBefore = emits && !heading && pending.length === 0;
      text = "";
      pending = [];
    };
    for (const event of info.events) {
      switch (event.type) {
        case "text":
          text += event.text;
          if (event.text.trim()) this.tracker.content();
          break;
        case "break":
          flush();
          this.applyBreak(event.explicit);
          break;
        case "drawing":
          this.tracker.content();
          break;
        case "note":
          pending.push(event.text);
          break;
        case "textbox":
          pending.push(...event.paragraphs);
          break;
      }
    }
    flush();
  }

  private table(tbl: XmlNode): void {
    const rows = tableRows(tbl).filter((row) => {
      const hidden = rowProperty(row, "w:hidden") || xmlFind(xmlChildren(xmlFind(xmlChildren(row), "w:trPr") ?? {}), "w:del") !== undefined;
      if (hidden) this.ctx.counters.hiddenRows++;
      return !hidden;
    });
    const grid = rows.map((row) => rowCells(row));
    const columns = Math.max(0, ...grid.map((cells) => cells.reduce((end, cell) => Math.max(end, cell.gridStart + cell.span), 0)));
    // A one-column table is a box around ordinary content (a warning, a callout): read it as such.
    if (columns <= 1) {
      for (const cells of grid) for (const cell of cells) this.walk(xmlChildren(cell.node));
      return;
    }
    const contents = grid.map((cells) => cells.map((cell) => cellContent(cell, this.ctx, this.numbering)));
    const gridCells: GridCell[][] = grid.map((cells, r) =>
      cells.map((cell, c) => ({ text: contents[r]![c]!.text, gridStart: cell.gridStart, span: cell.span, continuesAbove: cell.vMerge === "continue" })),
    );
    let headerCount = 0;
    while (headerCount < rows.length - 1 && rowProperty(rows[headerCount]!, "w:tblHeader")) headerCount++;
    if (headerCount === 0) headerCount = defaultHeaderRowCount(gridCells);
    const labels = gridColumnLabels(gridCells.slice(0, headerCount), columns);
    const above = new Array<string>(columns).fill("");
    gridCells.forEach((cells, r) => {
      const values = gridRowValues(cells, columns, above);
      this.advanceForRow(contents[r]!, () => {
        if (r < headerCount) return;
        const block = rowBlock(headerCount > 0 ? labels : null, values);
        if (block) {
          this.emit(block);
          this.tracker.content();
        }
      });
    });
    // A table that is all header still has text worth finding.
    if (headerCount === grid.length && headerText(labels)) {
      this.emit({ kind: "row", text: headerText(labels) });
      this.tracker.content();
    }
  }

  /** Places a row on the page where its text starts, then moves past the pages its tallest cell spans. */
  private advanceForRow(contents: CellContent[], emit: () => void): void {
    const breaks = Math.max(0, ...contents.map((content) => content.breaks));
    const first = contents.find((content) => content.text !== "");
    let remaining = breaks;
    if (breaks > 0 && first?.breakBeforeText) {
      this.tracker.renderedBreak();
      remaining--;
    }
    emit();
    for (let i = 0; i < remaining; i++) this.tracker.renderedBreak();
  }
}

/** For each sectPr inside a paragraph, in order: whether the next section starts on a new page. */
function sectionStartsPage(body: XmlNode): boolean[] {
  const types: (string | undefined)[] = [];
  const visit = (nodes: XmlNode[]) => {
    for (const node of nodes) {
      const name = xmlName(node);
      if (name === "w:sectPr") types.push(xmlAttr(xmlFind(xmlChildren(node), "w:type") ?? {}, "w:val"));
      else if (name === "w:p") {
        const pPr = xmlFind(xmlChildren(node), "w:pPr");
        const sectPr = pPr ? xmlFind(xmlChildren(pPr), "w:sectPr") : undefined;
        if (sectPr) types.push(xmlAttr(xmlFind(xmlChildren(sectPr), "w:type") ?? {}, "w:val"));
      } else if (name === "w:sdt" || name === "w:sdtContent" || name === "w:customXml") visit(xmlChildren(node));
    }
  };
  visit(xmlChildren(body));
  // The break after section i is decided by the type of section i + 1 (absent means nextPage).
  return types.slice(1).map((type) => type !== "continuous" && type !== "nextColumn");
}

function readNotes(xml: string | null, element: string, label: string): Notes {
  const byId = new Map<string, XmlNode>();
  const root = xml ? parseXml(xml).find((node) => xmlName(node).endsWith("notes")) : undefined;
  for (const node of root ? xmlChildren(root) : []) {
    if (xmlName(node) !== element) continue;
    const type = xmlAttr(node, "w:type");
    if (type === "separator" || type === "continuationSeparator" || type === "continuationNotice") continue;
    const id = xmlAttr(node, "w:id");
    if (id !== undefined) byId.set(id, node);
  }
  return { byId, counter: 0, label };
}

/** Main document part from the package relationships (usually word/document.xml). */
async function mainDocumentPart(pkg: GuardedZip): Promise<string> {
  const rels = await readRelationships(pkg, "");
  for (const rel of rels.values()) if (rel.type === "officeDocument" && !rel.external && pkg.has(rel.target)) return rel.target;
  if (pkg.has("word/document.xml")) return "word/document.xml";
  throw new DocumentError("The file is not a Word document (word/document.xml is missing)");
}

async function relatedPartText(pkg: GuardedZip, rels: Awaited<ReturnType<typeof readRelationships>>, type: string, fallback: string): Promise<string | null> {
  for (const rel of rels.values()) if (rel.type === type && !rel.external && pkg.has(rel.target)) return pkg.readText(rel.target);
  return pkg.readOptionalText(fallback);
}

function buildNotes(counters: Counters, tracker: PageTracker, appPages: number | null, pageCount: number): string[] {
  const notes: string[] = [];
  if (counters.hiddenCharacters > 0) notes.push(`Dropped ${counters.hiddenCharacters} characters of hidden or unreadably small text`);
  if (counters.deletedCharacters > 0) notes.push(`Left out ${counters.deletedCharacters} characters of deleted tracked changes`);
  if (counters.hiddenRows > 0) notes.push(`Dropped ${counters.hiddenRows} hidden or deleted table rows`);
  if (counters.tocParagraphs > 0) notes.push(`Left out the table of contents (${counters.tocParagraphs} entries)`);
  if (tracker.renderedBreaks === 0 && pageCount > 1) {
    notes.push(
      `The file records no page layout, only ${tracker.explicitBreaks} explicit page/section breaks: page numbers count those breaks${appPages && appPages > pageCount ? ` (Word's own count is ${appPages} pages)` : ""} and may be lower than in Word`,
    );
  } else if (tracker.renderedBreaks === 0 && appPages && appPages > pageCount) {
    notes.push(`The file records no page layout; Word counted ${appPages} pages, all text is cited as page ${pageCount}`);
  }
  return notes;
}

export async function parseDocx(filePath: string, options: ParseOptions = {}): Promise<ParsedDocument> {
  const pkg = await openOoxmlFile(filePath);
  const mainPart = await mainDocumentPart(pkg);
  const rels = await readRelationships(pkg, mainPart);
  const styles = new Styles(await relatedPartText(pkg, rels, "styles", "word/styles.xml"));
  const numbering = new Numbering(await relatedPartText(pkg, rels, "numbering", "word/numbering.xml"));
  const ctx: RunContext = {
    styles,
    footnotes: readNotes(await relatedPartText(pkg, rels, "footnotes", "word/footnotes.xml"), "w:footnote", "Footnote"),
    endnotes: readNotes(await relatedPartText(pkg, rels, "endnotes", "word/endnotes.xml"), "w:endnote", "Endnote"),
    endnoteBlocks: [],
    counters: { hiddenCharacters: 0, deletedCharacters: 0, tocParagraphs: 0, hiddenRows: 0 },
    fields: [],
    depth: 0,
  };
  const core = await readCoreProperties(pkg);
  options.signal?.throwIfAborted();
  const xml = await pkg.readText(mainPart);
  options.log?.(`Reading the Word document (${Math.round(xml.length / 1024)} KB of XML)`);
  const body = xmlPath(parseXml(xml), "w:document", "w:body");
  if (!body) throw new DocumentError("The file is damaged: the Word document has no body");

  const walker = new DocxWalker(ctx, numbering, sectionStartsPage(body), options);
  walker.walk(xmlChildren(body));
  // Endnotes print after the last paragraph: on the last page.
  for (const text of ctx.endnoteBlocks) walker.emitAtEnd({ kind: "paragraph", text });

  const pageCount = walker.tracker.page;
  const pages: ParsedPage[] = [...walker.pages.entries()].sort(([a], [b]) => a - b).map(([number, blocks]) => ({ number, blocks }));
  if (pages.length === 0) throw new DocumentError("The document contains no text");
  const firstHeading = pages.flatMap((page) => page.blocks).find((block) => block.kind === "heading")?.text ?? null;
  options.log?.(`Read ${pageCount} page(s) from the Word document`);
  return {
    fileType: "docx",
    title: core.title ?? firstHeading,
    authors: core.authors,
    pageCount,
    pages,
    notes: buildNotes(ctx.counters, walker.tracker, core.pages, pageCount),
    ocrPages: [],
    skippedPages: [],
  };
}
