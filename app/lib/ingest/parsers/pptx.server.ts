/**
 * PowerPoint (.pptx), read with JSZip (through the zip guard) and fast-xml-parser.
 *
 * - A slide is a page, numbered by its position in ppt/presentation.xml's slide list (sldIdLst,
 *   resolved through the relationships), not by file name: slide7.xml may well be slide 2. Hidden
 *   slides (`show="0"`) are dropped and noted; they keep their number, as in PowerPoint, so the
 *   slides after them are still cited by the number PowerPoint shows.
 * - The title placeholder becomes a level-1 heading and the page name; other text frames, in the
 *   slide's shape order and through grouped shapes, become paragraphs; tables become `row` blocks
 *   with the header row (merged cells spread over their columns, vertical merges repeated down);
 *   SmartArt text is read from its diagram data.
 * - Speaker notes follow the slide content under a "Notes" heading (level 2).
 * - Hidden shapes, and text under 1.5 pt, are dropped and counted (hidden-text attack). Slide
 *   number, date, header and footer placeholders are left out (boilerplate on every slide).
 * - Title: docProps/core.xml dc:title unless it is a tool default ("Slide 1", "PowerPoint
 *   Presentation"), else the first slide title.
 */
import { type Block, DocumentError, type ParsedDocument, type ParsedPage, type ParseOptions } from "../types";
import { defaultHeaderRowCount, type GridCell, gridTableBlocks } from "./csv.server";
import { formatNumber, symbolFontToUnicode } from "./docx.server";
import {
  collapseWhitespace,
  type GuardedZip,
  openOoxmlFile,
  parseXml,
  readCoreProperties,
  readRelationships,
  type Relationship,
  type XmlNode,
  xmlAttr,
  xmlChildren,
  xmlFind,
  xmlName,
  xmlPath,
  xmlText,
} from "./zip-guard.server";

type SlideCounters = { hiddenShapes: number; hiddenCharacters: number };

type SlideContext = {
  pkg: GuardedZip;
  rels: Map<string, Relationship>;
  counters: SlideCounters;
  /** 1 while reading a SmartArt data part: its text is read once, never recursively. */
  depth: number;
};

const BOILERPLATE_PLACEHOLDERS = new Set(["sldNum", "dt", "ftr", "hdr", "sldImg"]);
const TITLE_PLACEHOLDERS = new Set(["title", "ctrTitle"]);
/** Text under 1.5 pt (sz is in hundredths of a point) cannot be read on a slide. */
const UNREADABLE_SIZE = 150;

function placeholderType(shape: XmlNode): string | null {
  const nv = xmlChildren(shape).find((child) => /^p:nv\w+Pr$/.test(xmlName(child)));
  const nvPr = nv ? xmlFind(xmlChildren(nv), "p:nvPr") : undefined;
  const ph = nvPr ? xmlFind(xmlChildren(nvPr), "p:ph") : undefined;
  if (!ph) return null;
  return xmlAttr(ph, "type") ?? "obj";
}

function isHiddenShape(shape: XmlNode): boolean {
  const nv = xmlChildren(shape).find((child) => /^p:nv\w+Pr$/.test(xmlName(child)));
  const cNvPr = nv ? xmlFind(xmlChildren(nv), "p:cNvPr") : undefined;
  return cNvPr ? /^(1|true)$/i.test(xmlAttr(cNvPr, "hidden") ?? "") : false;
}

/** "1." / "a)" for auto-numbered paragraphs, counted through one text body. */
function autoNumberLabel(scheme: string, n: number): string {
  const match = /^(arabic|alphaLc|alphaUc|romanLc|romanUc)(Period|ParenR|ParenBoth|Plain)$/.exec(scheme);
  if (!match) return `${n}.`;
  const formats: Record<string, string> = { arabic: "decimal", alphaLc: "lowerLetter", alphaUc: "upperLetter", romanLc: "lowerRoman", romanUc: "upperRoman" };
  const value = formatNumber(n, formats[match[1]!]!);
  return match[2] === "Period" ? `${value}.` : match[2] === "ParenR" ? `${value})` : match[2] === "ParenBoth" ? `(${value})` : value;
}

/** The visible text of a DrawingML paragraph (a:p); hidden-size runs are counted, not kept. */
function paragraphText(p: XmlNode, counters: SlideCounters): string {
  let text = "";
  for (const child of xmlChildren(p)) {
    const name = xmlName(child);
    if (name === "a:r" || name === "a:fld") {
      const parts = xmlChildren(child);
      const rPr = xmlFind(parts, "a:rPr");
      const runText = xmlText(xmlFind(parts, "a:t") ?? {});
      const size = Number.parseInt(xmlAttr(rPr ?? {}, "sz") ?? "", 10);
      if (Number.isFinite(size) && size < UNREADABLE_SIZE) {
        counters.hiddenCharacters += runText.replace(/\s/g, "").length;
        continue;
      }
      const latin = rPr ? xmlFind(xmlChildren(rPr), "a:latin") ?? xmlFind(xmlChildren(rPr), "a:sym") : undefined;
      text += latin && /^symbol$/i.test(xmlAttr(latin, "typeface") ?? "") ? symbolFontToUnicode(runText) : runText;
    } else if (name === "a:br") {
      text += "\n";
    }
  }
  return collapseWhitespace(text);
}

/** Paragraph texts of a text body (a:txBody / p:txBody), with auto-numbers where the slide shows them. */
function textBodyParagraphs(txBody: XmlNode | undefined, counters: SlideCounters): string[] {
  const out: string[] = [];
  const numbers = new Map<string, number>();
  for (const p of txBody ? xmlChildren(txBody) : []) {
    if (xmlName(p) !== "a:p") continue;
    const text = paragraphText(p, counters);
    const pPr = xmlFind(xmlChildren(p), "a:pPr");
    const autoNum = pPr ? xmlFind(xmlChildren(pPr), "a:buAutoNum") : undefined;
    if (!text) continue;
    if (autoNum) {
      const key = `${xmlAttr(pPr!, "lvl") ?? "0"}:${xmlAttr(autoNum, "type") ?? ""}`;
      const start = Number.parseInt(xmlAttr(autoNum, "startAt") ?? "1", 10) || 1;
      const n = numbers.has(key) ? numbers.get(key)! + 1 : start;
      numbers.set(key, n);
      out.push(`${autoNumberLabel(xmlAttr(autoNum, "type") ?? "arabicPeriod", n)} ${text}`);
    } else {
      out.push(text);
    }
  }
  return out;
}

/** A DrawingML table as grid cells: gridSpan/rowSpan start a merge, hMerge/vMerge continue one. */
function tableGrid(tbl: XmlNode, counters: SlideCounters): GridCell[][] {
  const rows: GridCell[][] = [];
  for (const tr of xmlChildren(tbl)) {
    if (xmlName(tr) !== "a:tr") continue;
    const cells: GridCell[] = [];
    let column = 0;
    for (const tc of xmlChildren(tr)) {
      if (xmlName(tc) !== "a:tc") continue;
      const text = textBodyParagraphs(xmlFind(xmlChildren(tc), "a:txBody"), counters).join(" ");
      cells.push({
        text,
        gridStart: column,
        span: Math.max(1, Number.parseInt(xmlAttr(tc, "gridSpan") ?? "1", 10) || 1),
        continuesAbove: /^(1|true)$/i.test(xmlAttr(tc, "vMerge") ?? ""),
        continuesLeft: /^(1|true)$/i.test(xmlAttr(tc, "hMerge") ?? ""),
      });
      column++;
    }
    rows.push(cells);
  }
  return rows;
}

/** SmartArt: the text of each point of the diagram's data part, in order. */
async function smartArtParagraphs(graphicData: XmlNode, ctx: SlideContext): Promise<string[]> {
  const relIds = xmlFind(xmlChildren(graphicData), "dgm:relIds");
  const rel = relIds ? ctx.rels.get(xmlAttr(relIds, "r:dm") ?? "") : undefined;
  if (!rel || rel.external || !ctx.pkg.has(rel.target)) return [];
  const model = xmlFind(parseXml(await ctx.pkg.readText(rel.target)), "dgm:dataModel");
  const points = model ? xmlFind(xmlChildren(model), "dgm:ptLst") : undefined;
  const out: string[] = [];
  for (const pt of points ? xmlChildren(points) : []) {
    const type = xmlAttr(pt, "type") ?? "node";
    if (type !== "node") continue;
    out.push(...textBodyParagraphs(xmlFind(xmlChildren(pt), "dgm:t"), ctx.counters));
  }
  return out;
}

/** Blocks of the shapes of a shape tree (or group), in order; the title shape is handled by the caller. */
async function shapeBlocks(nodes: XmlNode[], ctx: SlideContext, blocks: Block[]): Promise<void> {
  for (const shape of nodes) {
    const name = xmlName(shape);
    if (name === "mc:AlternateContent") {
      const choice = xmlFind(xmlChildren(shape), "mc:Choice") ?? xmlFind(xmlChildren(shape), "mc:Fallback");
      if (choice) await shapeBlocks(xmlChildren(choice), ctx, blocks);
      continue;
    }
    if (name !== "p:sp" && name !== "p:grpSp" && name !== "p:graphicFrame") continue;
    if (isHiddenShape(shape)) {
      ctx.counters.hiddenShapes++;
      continue;
    }
    const placeholder = placeholderType(shape);
    if (placeholder && (BOILERPLATE_PLACEHOLDERS.has(placeholder) || TITLE_PLACEHOLDERS.has(placeholder))) continue;
    if (name === "p:grpSp") {
      await shapeBlocks(xmlChildren(shape), ctx, blocks);
    } else if (name === "p:sp") {
      for (const text of textBodyParagraphs(xmlFind(xmlChildren(shape), "p:txBody"), ctx.counters)) blocks.push({ kind: "paragraph", text });
    } else {
      const graphicData = xmlPath(xmlChildren(shape), "a:graphic", "a:graphicData");
      const tbl = graphicData ? xmlFind(xmlChildren(graphicData), "a:tbl") : undefined;
      if (tbl) {
        const grid = tableGrid(tbl, ctx.counters);
        blocks.push(...gridTableBlocks(grid, defaultHeaderRowCount(grid)));
      } else if (graphicData && ctx.depth === 0) {
        ctx.depth++;
        for (const text of await smartArtParagraphs(graphicData, ctx)) blocks.push({ kind: "paragraph", text });
        ctx.depth--;
      }
    }
  }
}

/** Title placeholders anywhere in the tree (also inside groups), visible ones only. */
function titleText(nodes: XmlNode[], counters: SlideCounters): string | null {
  for (const shape of nodes) {
    const name = xmlName(shape);
    if (name === "p:grpSp" && !isHiddenShape(shape)) {
      const inner = titleText(xmlChildren(shape), counters);
      if (inner) return inner;
    }
    if (name !== "p:sp" || isHiddenShape(shape)) continue;
    const type = placeholderType(shape);
    if (type && TITLE_PLACEHOLDERS.has(type)) {
      const text = textBodyParagraphs(xmlFind(xmlChildren(shape), "p:txBody"), counters).join(" ");
      if (text) return text;
    }
  }
  return null;
}

/** Speaker notes: the body placeholder(s) of the slide's notes page. */
async function notesParagraphs(pkg: GuardedZip, rels: Map<string, Relationship>, counters: SlideCounters): Promise<string[]> {
  const rel = [...rels.values()].find((r) => r.type === "notesSlide" && !r.external);
  if (!rel || !pkg.has(rel.target)) return [];
  const notes = xmlFind(parseXml(await pkg.readText(rel.target)), "p:notes");
  const tree = notes ? xmlPath(xmlChildren(notes), "p:cSld", "p:spTree") : undefined;
  const out: string[] = [];
  const visit = (nodes: XmlNode[]) => {
    for (const shape of nodes) {
      if (xmlName(shape) === "p:grpSp") visit(xmlChildren(shape));
      if (xmlName(shape) !== "p:sp" || isHiddenShape(shape) || placeholderType(shape) !== "body") continue;
      out.push(...textBodyParagraphs(xmlFind(xmlChildren(shape), "p:txBody"), counters));
    }
  };
  visit(tree ? xmlChildren(tree) : []);
  return out;
}

/** Slide part names in presentation order. */
async function slideParts(pkg: GuardedZip): Promise<string[]> {
  const packageRels = await readRelationships(pkg, "");
  const presentation =
    [...packageRels.values()].find((rel) => rel.type === "officeDocument" && !rel.external && pkg.has(rel.target))?.target ??
    (pkg.has("ppt/presentation.xml") ? "ppt/presentation.xml" : null);
  if (!presentation) throw new DocumentError("The file is not a PowerPoint presentation (ppt/presentation.xml is missing)");
  const rels = await readRelationships(pkg, presentation);
  const root = xmlFind(parseXml(await pkg.readText(presentation)), "p:presentation");
  const list = root ? xmlFind(xmlChildren(root), "p:sldIdLst") : undefined;
  const parts: string[] = [];
  for (const sldId of list ? xmlChildren(list) : []) {
    if (xmlName(sldId) !== "p:sldId") continue;
    const rel = rels.get(xmlAttr(sldId, "r:id") ?? "");
    if (rel && !rel.external) parts.push(rel.target);
  }
  return parts;
}

async function slidePage(pkg: GuardedZip, part: string, number: number, counters: SlideCounters): Promise<ParsedPage | "hidden" | null> {
  if (!pkg.has(part)) return null;
  const slide = xmlFind(parseXml(await pkg.readText(part)), "p:sld");
  if (!slide) return null;
  if (/^(0|false)$/i.test(xmlAttr(slide, "show") ?? "")) return "hidden";
  const tree = xmlPath(xmlChildren(slide), "p:cSld", "p:spTree");
  const shapes = tree ? xmlChildren(tree) : [];
  const rels = await readRelationships(pkg, part);
  const title = titleText(shapes, counters);
  const blocks: Block[] = title ? [{ kind: "heading", level: 1, text: title }] : [];
  await shapeBlocks(shapes, { pkg, rels, counters, depth: 0 }, blocks);
  const notes = await notesParagraphs(pkg, rels, counters);
  if (notes.length > 0) blocks.push({ kind: "heading", level: 2, text: "Notes" }, ...notes.map((text): Block => ({ kind: "paragraph", text })));
  return { number, ...(title ? { name: title } : {}), blocks };
}

export async function parsePptx(filePath: string, options: ParseOptions = {}): Promise<ParsedDocument> {
  const pkg = await openOoxmlFile(filePath);
  const parts = await slideParts(pkg);
  const counters: SlideCounters = { hiddenShapes: 0, hiddenCharacters: 0 };
  const pages: ParsedPage[] = [];
  const hiddenSlides: number[] = [];
  for (let i = 0; i < parts.length; i++) {
    options.signal?.throwIfAborted();
    const page = await slidePage(pkg, parts[i]!, i + 1, counters);
    if (page === "hidden") hiddenSlides.push(i + 1);
    else if (page && page.blocks.length > 0) pages.push(page);
  }
  const notes: string[] = [];
  if (hiddenSlides.length > 0) notes.push(`Dropped ${hiddenSlides.length} hidden slide(s): ${hiddenSlides.join(", ")}`);
  if (counters.hiddenShapes > 0) notes.push(`Dropped ${counters.hiddenShapes} hidden shape(s)`);
  if (counters.hiddenCharacters > 0) notes.push(`Dropped ${counters.hiddenCharacters} characters of unreadably small text`);
  if (pages.length === 0) throw new DocumentError("The presentation contains no text");
  const core = await readCoreProperties(pkg);
  options.log?.(`Read ${parts.length} slide(s)`);
  return {
    fileType: "pptx",
    title: core.title ?? pages.find((page) => page.name)?.name ?? null,
    authors: core.authors,
    pageCount: parts.length,
    pages,
    notes,
    ocrPages: [],
    skippedPages: [],
  };
}
