import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import {
  applyToPoint,
  boxContains,
  IDENTITY,
  intersectBoxes,
  multiply,
  pathBounds,
  pathContains,
  invert,
  transformBox,
  type Box,
  type Matrix,
  type PathData,
} from "./geometry.server";
import { colourHidesText, parseColour, type Rgb } from "./hidden-text.server";
import type { HiddenReason } from "./hidden-text.server";
import type { Pdfjs } from "./pdfjs.server";

/**
 * Reads a page's text from its operator list (what a renderer would draw), glyph by glyph,
 * with the graphics state that decides whether a person could see it: position, size,
 * fill/stroke colour and opacity, text render mode, clipping, optional-content layers and
 * what was painted underneath. One pass gives both the text and its visibility.
 */

export type Glyph = {
  text: string;
  /** A space character: a word break, not text. */
  space: boolean;
  /** Start and end along the baseline, and the baseline, in points in the text's upright frame (y grows downwards). */
  x0: number;
  x1: number;
  baseline: number;
  /** Font size as drawn, in points. */
  size: number;
  bold: boolean;
  /** Quarter turns of the text direction (0 = normal, 1 = reading downwards, 2 = upside down, 3 = reading upwards). */
  orientation: number;
  hidden: HiddenReason | null;
};

export type PageContent = {
  glyphs: Glyph[];
  /** Anything visible was drawn (text, shapes or images): an empty page is blank, not a scan. */
  painted: boolean;
  /** Share of the page covered by images (0..1), to tell scanned pages. */
  imageCoverage: number;
};

type FontInfo = {
  /** Glyph widths to text space (the font matrix's x scale). */
  advanceScale: number;
  /** Size of the em relative to the font size: 1, except for Type 3 fonts with their own glyph space. */
  emScale: number;
  vertical: boolean;
  bold: boolean;
  /** Codes whose ToUnicode text is the other case of the letter the font draws (see letterCaseFixes); null: none. */
  caseFix: Map<number, string> | null;
};

/** Per-document state shared by its pages. */
export type ContentContext = {
  pdfjs: Pdfjs;
  fonts: Map<string, FontInfo>;
  /** pdf.js OptionalContentConfig; `isVisible(properties)` says whether a layer is shown. */
  optionalContent: { isVisible(group: unknown): boolean } | null;
};

/** A glyph at or below this size (points) is unreadable: hiding text at size 0.1 is a known trick. */
const MIN_VISIBLE_FONT_SIZE = 1;
/** Fill or stroke opacity at or below this is invisible. */
const MIN_VISIBLE_ALPHA = 0.05;

type Colour = Rgb | "unknown" | "none";

type GraphicsState = {
  ctm: Matrix;
  clip: Box;
  fill: Colour;
  stroke: Colour;
  fillAlpha: number;
  strokeAlpha: number;
  font: FontInfo | null;
  fontSize: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
  renderMode: number;
  textMatrix: Matrix;
  x: number;
  y: number;
  lineX: number;
  lineY: number;
};

/** Something painted on the page, kept to know what lies under light-coloured text. */
type Paint =
  | { kind: "fill"; colour: Rgb; alpha: number; ctm: Matrix; path: PathData | null; box: Box }
  | { kind: "opaque"; box: Box };

/** A glyph as pdf.js puts it in showText arguments (fields we read). */
type RawGlyph = { unicode?: unknown; width?: unknown; isSpace?: unknown; originalCharCode?: unknown };

export async function readPageContent(page: PDFPageProxy, ctx: ContentContext): Promise<PageContent> {
  const { OPS, AnnotationMode } = ctx.pdfjs;
  // The page's own content: annotations are left out, as in the OCR render.
  const opList = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
  await loadFonts(page, opList.fnArray, opList.argsArray, OPS, ctx.fonts);
  const viewport = page.getViewport({ scale: 1 });
  // The viewport transform (PDF space -> y-down page, with /Rotate applied) is the base CTM.
  const interpreter = new ContentInterpreter(ctx, matrixArg(viewport.transform), [0, 0, viewport.width, viewport.height]);
  for (let i = 0; i < opList.fnArray.length; i++) {
    interpreter.run(opList.fnArray[i]!, (opList.argsArray[i] ?? []) as readonly unknown[]);
  }
  return interpreter.result();
}

/** Fonts arrive asynchronously in page.commonObjs; wait for those this page uses. */
async function loadFonts(
  page: PDFPageProxy,
  fnArray: number[],
  argsArray: unknown[],
  OPS: Pdfjs["OPS"],
  fonts: Map<string, FontInfo>,
) {
  const names = new Set<string>();
  for (let i = 0; i < fnArray.length; i++) {
    const args = argsArray[i] as unknown[] | null;
    if (fnArray[i] === OPS.setFont && typeof args?.[0] === "string") names.add(args[0]);
    if (fnArray[i] === OPS.setGState && Array.isArray(args?.[0])) {
      for (const entry of args[0] as unknown[][]) {
        const value = entry[1] as unknown[] | undefined;
        if (entry[0] === "Font" && typeof value?.[0] === "string") names.add(value[0]);
      }
    }
  }
  for (const name of names) {
    if (fonts.has(name)) continue;
    const font = await commonObject(page, name);
    fonts.set(name, describeFont(font));
  }
}

/** A font that never arrives (a pdf.js failure) is read with default metrics rather than hanging the page. */
const FONT_WAIT_MS = 10_000;

function commonObject(page: PDFPageProxy, id: string): Promise<unknown> {
  if (page.commonObjs.has(id)) return Promise.resolve(page.commonObjs.get(id));
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), FONT_WAIT_MS);
    page.commonObjs.get(id, (font: unknown) => {
      clearTimeout(timer);
      resolve(font);
    });
  });
}

/** Bold weights by font name ("Arial-BoldMT", "HelveticaNeueLTStd-Bd", TeX "CMBX10", URW "NimbusRomNo9L-Medi"). */
const BOLD_FONT_NAME = /bold|black|heavy|semibold|demi|[-_,+]bd|[-_,]blk|[-_,]hv|-medi\b|cmbx|sfbx/i;

function describeFont(font: unknown): FontInfo {
  // A pdf.js FontFaceObject: read defensively, a broken font must not stop the page.
  const f = (font ?? {}) as {
    fontMatrix?: unknown;
    bbox?: unknown;
    vertical?: unknown;
    bold?: unknown;
    black?: unknown;
    name?: unknown;
    isType3Font?: unknown;
  } & FontEncodingFacts;
  const matrix = isArrayLike(f.fontMatrix) ? matrixArg(f.fontMatrix) : null;
  const scale = matrix && matrix[0] !== 0 ? Math.abs(matrix[0]) : 0.001;
  const name = typeof f.name === "string" ? f.name : "";
  return {
    advanceScale: scale,
    emScale: f.isType3Font === true && matrix ? type3EmScale(matrix, f.bbox) : 1,
    vertical: f.vertical === true,
    bold: f.bold === true || f.black === true || BOLD_FONT_NAME.test(name),
    caseFix: letterCaseFixes(f),
  };
}

/** What pdf.js tells of a simple font's encoding (with `fontExtraProperties`). */
type FontEncodingFacts = { type?: unknown; composite?: unknown; differences?: unknown; defaultEncoding?: unknown; toUnicode?: unknown };

/**
 * Some fonts' ToUnicode maps give capitals as small letters (a publisher's tool writing one map for a
 * font's capitals and its small capitals): text reads "italy", "tABLE 1", "InForMATIon" where the page
 * shows "Italy", "TABLE 1", "INFORMATION". Where the glyph drawn is named by a letter and the map gives
 * the same letter in the other case, the glyph's name wins, as poppler reads it. Only where the name
 * decides the glyph: a Type 1 font (glyphs are looked up by name) or a code the PDF's /Differences names;
 * a symbolic TrueType font draws by code, and its encoding's names are nominal.
 */
export function letterCaseFixes(font: FontEncodingFacts): Map<number, string> | null {
  if (font.composite === true) return null;
  const toUnicode = (font.toUnicode as { _map?: unknown } | null | undefined)?._map;
  if (!Array.isArray(toUnicode)) return null;
  const differences = Array.isArray(font.differences) ? (font.differences as unknown[]) : [];
  const builtIn = font.type === "Type1" && Array.isArray(font.defaultEncoding) ? (font.defaultEncoding as unknown[]) : [];
  let fixes: Map<number, string> | null = null;
  for (let code = 0; code < Math.min(toUnicode.length, 256); code++) {
    const text = toUnicode[code];
    const name = differences[code] || builtIn[code];
    if (typeof text !== "string" || typeof name !== "string" || name.length !== 1 || name === text) continue;
    if (/^[A-Za-z]$/.test(name) && name.toLowerCase() === text.toLowerCase()) (fixes ??= new Map()).set(code, name);
  }
  return fixes;
}

/**
 * Type 3 fonts draw glyphs in their own units, so the font size alone does not say how tall
 * the text is; the font's bounding box through its matrix does (1 when it looks implausible).
 */
function type3EmScale(matrix: Matrix, bbox: unknown): number {
  const box = boxArg(bbox);
  const height = box ? (box[3] - box[1]) * Math.abs(matrix[3]) : 0;
  return height > 0.2 && height < 5 ? height : 1;
}

type Handler = (interpreter: ContentInterpreter, args: readonly unknown[]) => void;

/** Operator code -> what the interpreter does with it; built once per pdf.js OPS table. */
const handlerTables = new WeakMap<object, Handler[]>();

function handlersFor(OPS: Pdfjs["OPS"]): Handler[] {
  const cached = handlerTables.get(OPS);
  if (cached) return cached;
  const table: Handler[] = [];
  const on = (codes: number[], handler: Handler) => codes.forEach((code) => (table[code] = handler));
  on([OPS.save, OPS.beginGroup], (it) => it.save());
  on([OPS.restore, OPS.endGroup, OPS.paintFormXObjectEnd], (it) => it.restore());
  on([OPS.transform], (it, a) => {
    it.state.ctm = multiply(it.state.ctm, matrixArg(a));
    it.lastTransform = it.opIndex;
  });
  on([OPS.paintFormXObjectBegin], (it, a) => it.beginForm(a));
  on([OPS.setGState], (it, a) => it.setGState(a[0]));
  on([OPS.setFillRGBColor], (it, a) => (it.state.fill = colourArg(a[0])));
  on([OPS.setStrokeRGBColor], (it, a) => (it.state.stroke = colourArg(a[0])));
  // A pattern or shading: its colour cannot be judged.
  on([OPS.setFillColorN], (it) => (it.state.fill = "unknown"));
  on([OPS.setStrokeColorN], (it) => (it.state.stroke = "unknown"));
  on([OPS.setFillTransparent], (it) => (it.state.fill = "none"));
  on([OPS.setStrokeTransparent], (it) => (it.state.stroke = "none"));
  on([OPS.clip, OPS.eoClip], (it) => (it.pendingClip = true));
  on([OPS.constructPath], (it, a) => it.constructPath(a));
  on([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintSolidColorImageMask], (it) =>
    it.paintOpaque(transformBox(it.state.ctm, [0, 0, 1, 1]), true),
  );
  on(
    [OPS.paintImageXObjectRepeat, OPS.paintImageMaskXObjectRepeat, OPS.paintImageMaskXObjectGroup, OPS.paintInlineImageXObjectGroup],
    (it) => it.paintOpaque(it.state.clip, true),
  );
  on([OPS.shadingFill], (it) => it.paintOpaque(it.state.clip, false));
  on([OPS.beginMarkedContent], (it) => it.hiddenLayers.push(false));
  on([OPS.beginMarkedContentProps], (it, a) =>
    it.hiddenLayers.push(a[0] === "OC" && it.ctx.optionalContent?.isVisible(a[1]) === false),
  );
  on([OPS.endMarkedContent], (it) => it.hiddenLayers.pop());
  on([OPS.beginText], (it) => it.setTextMatrix(IDENTITY));
  on([OPS.setTextMatrix], (it, a) => it.setTextMatrix(matrixArg(isArrayLike(a[0]) ? a[0] : a)));
  on([OPS.moveText], (it, a) => it.moveText(num(a[0]), num(a[1])));
  on([OPS.setLeadingMoveText], (it, a) => {
    it.state.leading = num(a[1]);
    it.moveText(num(a[0]), num(a[1]));
  });
  on([OPS.nextLine], (it) => it.moveText(0, it.state.leading));
  on([OPS.setLeading], (it, a) => (it.state.leading = -num(a[0])));
  on([OPS.setCharSpacing], (it, a) => (it.state.charSpacing = num(a[0])));
  on([OPS.setWordSpacing], (it, a) => (it.state.wordSpacing = num(a[0])));
  on([OPS.setHScale], (it, a) => (it.state.hScale = num(a[0], 100) / 100));
  on([OPS.setTextRise], (it, a) => (it.state.rise = num(a[0])));
  on([OPS.setTextRenderingMode], (it, a) => (it.state.renderMode = num(a[0])));
  on([OPS.setFont], (it, a) => it.setFont(a[0], a[1]));
  on([OPS.showText], (it, a) => Array.isArray(a[0]) && it.showText(a[0] as unknown[]));
  handlerTables.set(OPS, table);
  return table;
}

/** Interprets one page's operators; fields are package-visible to the handler table. */
class ContentInterpreter {
  state: GraphicsState;
  pendingClip = false;
  readonly hiddenLayers: boolean[] = [];
  private readonly stack: GraphicsState[] = [];
  private readonly glyphs: Glyph[] = [];
  private readonly paints: Paint[] = [];
  private readonly handlers: Handler[];
  private painted = false;
  private imageArea = 0;
  opIndex = 0;
  lastTransform = -2;

  constructor(
    readonly ctx: ContentContext,
    baseTransform: Matrix,
    private readonly pageBox: Box,
  ) {
    this.handlers = handlersFor(ctx.pdfjs.OPS);
    this.state = {
      ctm: baseTransform,
      clip: pageBox,
      fill: [0, 0, 0],
      stroke: [0, 0, 0],
      fillAlpha: 1,
      strokeAlpha: 1,
      font: null,
      fontSize: 0,
      charSpacing: 0,
      wordSpacing: 0,
      hScale: 1,
      leading: 0,
      rise: 0,
      renderMode: 0,
      textMatrix: IDENTITY,
      x: 0,
      y: 0,
      lineX: 0,
      lineY: 0,
    };
  }

  run(fn: number, args: readonly unknown[]) {
    this.opIndex++;
    this.handlers[fn]?.(this, args);
  }

  result(): PageContent {
    const pageArea = (this.pageBox[2] - this.pageBox[0]) * (this.pageBox[3] - this.pageBox[1]);
    return {
      glyphs: this.glyphs,
      painted: this.painted || this.glyphs.some((g) => !g.hidden && !g.space),
      imageCoverage: pageArea > 0 ? Math.min(1, this.imageArea / pageArea) : 0,
    };
  }

  save() {
    this.stack.push({ ...this.state });
  }

  restore() {
    // "cm" then nothing drawn before Q: the trace pdf.js leaves where it dropped an image
    // too large to decode (MAX_DECODED_IMAGE_PIXELS); count the page as painted, not blank.
    if (this.lastTransform === this.opIndex - 1) this.painted = true;
    this.state = this.stack.pop() ?? this.state;
  }

  setTextMatrix(matrix: Matrix) {
    const s = this.state;
    s.textMatrix = matrix;
    s.x = s.y = s.lineX = s.lineY = 0;
  }

  moveText(x: number, y: number) {
    const s = this.state;
    s.x = s.lineX += x;
    s.y = s.lineY += y;
  }

  setFont(name: unknown, size: unknown) {
    this.state.font = typeof name === "string" ? (this.ctx.fonts.get(name) ?? null) : null;
    this.state.fontSize = num(size);
  }

  setGState(entries: unknown) {
    if (!Array.isArray(entries)) return;
    for (const entry of entries as unknown[][]) {
      const [key, value] = entry;
      if (key === "Font" && Array.isArray(value)) this.setFont(value[0], value[1]);
      else if (key === "ca") this.state.fillAlpha = num(value, 1);
      else if (key === "CA") this.state.strokeAlpha = num(value, 1);
    }
  }

  beginForm(args: readonly unknown[]) {
    this.save();
    const s = this.state;
    if (isArrayLike(args[0]) && args[0].length === 6) s.ctm = multiply(s.ctm, matrixArg(args[0]));
    const bbox = boxArg(args[1]);
    if (bbox) s.clip = intersectBoxes(s.clip, transformBox(s.ctm, bbox));
  }

  constructPath(args: readonly unknown[]) {
    const s = this.state;
    const paintOp = num(args[0], -1);
    const OPS = this.ctx.pdfjs.OPS;
    if (paintOp !== OPS.endPath) this.painted = true;
    const fills =
      paintOp === OPS.fill ||
      paintOp === OPS.eoFill ||
      paintOp === OPS.fillStroke ||
      paintOp === OPS.eoFillStroke ||
      paintOp === OPS.closeFillStroke ||
      paintOp === OPS.closeEOFillStroke;
    if (!fills && !this.pendingClip) return; // strokes matter neither as clips nor as backgrounds
    const path = firstPath(args[1]);
    const ownBox = boxArg(args[2]) ?? (path ? pathBounds(path) : null);
    const box = ownBox ? transformBox(s.ctm, ownBox) : null;
    if (this.pendingClip) {
      this.pendingClip = false;
      if (box) s.clip = intersectBoxes(s.clip, box);
    }
    if (!fills || !box) return;
    if (s.fill === "unknown") this.paints.push({ kind: "opaque", box });
    else if (s.fill !== "none" && s.fillAlpha > 0.5) {
      this.paints.push({ kind: "fill", colour: s.fill, alpha: s.fillAlpha, ctm: s.ctm, path, box });
    }
  }

  paintOpaque(box: Box, isImage: boolean) {
    this.painted = true;
    this.paints.push({ kind: "opaque", box });
    if (isImage) {
      const visible = intersectBoxes(box, this.pageBox);
      this.imageArea += Math.max(0, visible[2] - visible[0]) * Math.max(0, visible[3] - visible[1]);
    }
  }

  showText(items: unknown[]) {
    const s = this.state;
    const font = s.font;
    if (!font) return;
    const fontSize = Math.abs(s.fontSize);
    const size = fontSize * font.emScale;
    const direction = s.fontSize < 0 ? -1 : 1;
    const hScale = s.hScale * direction;
    const m = multiply(s.ctm, s.textMatrix);
    const run: TextRun = {
      m,
      hidden: this.textVisibility(m, size, hScale),
      drawnSize: Math.hypot(m[2], m[3]) * size,
      upX: m[2] * size,
      upY: m[3] * size,
      // Reading direction: along the text matrix's x axis, or down it for vertical fonts.
      orientation: font.vertical ? quarterTurns(-m[2], -m[3]) : quarterTurns(m[0] * hScale, m[1] * hScale),
      bold: font.bold,
    };
    const advanceScale = fontSize * font.advanceScale;
    const baseY = s.y + s.rise;
    let x = 0;
    for (const item of items) {
      if (typeof item === "number") {
        x += ((font.vertical ? 1 : -1) * item * fontSize) / 1000;
        continue;
      }
      const glyph = item as RawGlyph;
      const width = num(glyph.width) * advanceScale;
      const isSpace = glyph.isSpace === true;
      const text = (font.caseFix && typeof glyph.originalCharCode === "number" && font.caseFix.get(glyph.originalCharCode)) || glyph.unicode;
      if (typeof text === "string" && text !== "") {
        const space = isSpace || isWhitespace(text);
        if (font.vertical) this.addGlyph(run, text, space, s.x, baseY - x, s.x, baseY - x - width);
        else this.addGlyph(run, text, space, s.x + x * hScale, baseY, s.x + (x + width) * hScale, baseY);
      }
      x += width + ((isSpace ? s.wordSpacing : 0) + s.charSpacing) * direction;
    }
    if (font.vertical) s.y -= x;
    else s.x += x * hScale;
  }

  /** What hides every glyph of this text run, whatever its position: render mode, layer, size, opacity. */
  private textVisibility(toPage: Matrix, size: number, hScale: number): HiddenReason | null {
    const s = this.state;
    const paintMode = s.renderMode & 3;
    if (paintMode === 3) return "invisible";
    if (this.hiddenLayers.includes(true)) return "hidden-layer";
    const height = Math.hypot(toPage[2], toPage[3]) * size;
    const width = Math.hypot(toPage[0], toPage[1]) * size * Math.abs(hScale);
    if (height < MIN_VISIBLE_FONT_SIZE || width < MIN_VISIBLE_FONT_SIZE / 2) return "tiny";
    const fills = paintMode === 0 || paintMode === 2;
    const strokes = paintMode === 1 || paintMode === 2;
    const fillShows = fills && s.fill !== "none" && s.fillAlpha > MIN_VISIBLE_ALPHA;
    const strokeShows = strokes && s.stroke !== "none" && s.strokeAlpha > MIN_VISIBLE_ALPHA;
    if (!fillShows && !strokeShows) return "transparent";
    return null;
  }

  /** A glyph from (sx, sy) to (ex, ey) in text space. */
  private addGlyph(run: TextRun, text: string, space: boolean, sx: number, sy: number, ex: number, ey: number) {
    const m = run.m;
    const ox = m[0] * sx + m[2] * sy + m[4];
    const oy = m[1] * sx + m[3] * sy + m[5];
    const px = m[0] * ex + m[2] * ey + m[4];
    const py = m[1] * ex + m[3] * ey + m[5];
    let hidden = run.hidden;
    if (!hidden && !space) {
      // Middle of the glyph body (a little above the baseline): where it is drawn.
      const cx = (ox + px) / 2 + run.upX * 0.3;
      const cy = (oy + py) / 2 + run.upY * 0.3;
      hidden = this.positionHides(cx, cy) ?? this.colourHides(cx, cy);
    }
    const fx0 = uprightX(run.orientation, ox, oy);
    const fx1 = uprightX(run.orientation, px, py);
    this.glyphs.push({
      text,
      space,
      x0: Math.min(fx0, fx1),
      x1: Math.max(fx0, fx1),
      baseline: uprightY(run.orientation, ox, oy),
      size: run.drawnSize,
      bold: run.bold,
      orientation: run.orientation,
      hidden,
    });
  }

  private positionHides(x: number, y: number): HiddenReason | null {
    if (!boxContains(this.pageBox, x, y, 1)) return "off-page";
    if (!boxContains(this.state.clip, x, y, 1)) return "clipped";
    return null;
  }

  /** Light text is hidden when it matches what was painted under it (the white page by default). */
  private colourHides(x: number, y: number): HiddenReason | null {
    const s = this.state;
    const paintMode = s.renderMode & 3;
    const colours: Colour[] = [];
    if ((paintMode === 0 || paintMode === 2) && s.fillAlpha > MIN_VISIBLE_ALPHA) colours.push(s.fill);
    if ((paintMode === 1 || paintMode === 2) && s.strokeAlpha > MIN_VISIBLE_ALPHA) colours.push(s.stroke);
    const rgbs: Rgb[] = [];
    for (const c of colours) {
      if (c === "unknown") return null;
      if (c !== "none") rgbs.push(c);
    }
    if (!rgbs.every(isLight)) return null; // only light text can vanish on the usual light page
    const background = this.backgroundAt(x, y);
    if (background === "unknown") return null;
    if (!rgbs.every((c) => colourHidesText(c, background))) return null;
    return rgbs.every((c) => colourHidesText(c, WHITE)) ? "white" : "background";
  }

  private backgroundAt(x: number, y: number): Rgb | "unknown" {
    for (let i = this.paints.length - 1; i >= 0; i--) {
      const paint = this.paints[i]!;
      if (!boxContains(paint.box, x, y)) continue;
      if (paint.kind === "opaque") return "unknown";
      if (paint.path) {
        const inverse = invert(paint.ctm);
        if (!inverse) continue;
        const [px, py] = applyToPoint(inverse, x, y);
        if (!pathContains(paint.path, px, py)) continue;
      }
      return paint.colour;
    }
    return WHITE;
  }
}

/** What every glyph of one showText shares. */
type TextRun = {
  m: Matrix;
  hidden: HiddenReason | null;
  drawnSize: number;
  upX: number;
  upY: number;
  orientation: number;
  bold: boolean;
};

function isWhitespace(text: string): boolean {
  if (text.length === 1) {
    const code = text.charCodeAt(0);
    return code <= 32 || code === 0xa0 || (code >= 0x2000 && code <= 0x200b) || code === 0x3000;
  }
  return /^\s+$/.test(text);
}

const colourCache = new Map<unknown, Colour>();

function colourArg(value: unknown): Colour {
  let colour = colourCache.get(value);
  if (colour === undefined) {
    colour = parseColour(value) ?? "unknown";
    if (typeof value === "string" && colourCache.size < 10_000) colourCache.set(value, colour);
  }
  return colour;
}

const WHITE: Rgb = [255, 255, 255];

function isLight(c: Rgb): boolean {
  return Math.min(c[0], c[1], c[2]) >= 160;
}

function quarterTurns(dx: number, dy: number): number {
  const turns = Math.round(Math.atan2(dy, dx) / (Math.PI / 2));
  return ((turns % 4) + 4) % 4;
}

/** Page coordinates (y down) turned so text of the given orientation reads left to right: x. */
function uprightX(orientation: number, x: number, y: number): number {
  return orientation === 0 ? x : orientation === 1 ? y : orientation === 2 ? -x : -y;
}

/** ... and y. */
function uprightY(orientation: number, x: number, y: number): number {
  return orientation === 0 ? y : orientation === 1 ? -x : orientation === 2 ? -y : x;
}

function num(value: unknown, fallback = 0): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

function isArrayLike(value: unknown): value is ArrayLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { length?: unknown }).length === "number";
}

/** pdf.js passes matrices as arrays or typed arrays; a malformed entry counts as identity's. */
function matrixArg(v: ArrayLike<unknown>): Matrix {
  return [num(v[0], 1), num(v[1]), num(v[2]), num(v[3], 1), num(v[4]), num(v[5])];
}

function boxArg(value: unknown): Box | null {
  if (!isArrayLike(value) || value.length !== 4) return null;
  const box: Box = [num(value[0], NaN), num(value[1], NaN), num(value[2], NaN), num(value[3], NaN)];
  // NaN fails every comparison, so a malformed box is rejected here too.
  return box[0] <= box[2] && box[1] <= box[3] ? box : null;
}

function firstPath(value: unknown): PathData | null {
  const first = Array.isArray(value) ? (value[0] as unknown) : null;
  return isArrayLike(first) ? (first as PathData) : null;
}
