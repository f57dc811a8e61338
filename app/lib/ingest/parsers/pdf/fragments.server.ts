import type { Glyph } from "./page-content.server";

/**
 * Glyphs -> fragments: runs of text on one baseline with no wide gap, i.e. a line of a
 * column, a table cell's line or a heading. Columns and cells stay separate fragments so
 * the layout step can order them.
 */

export type Fragment = {
  text: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  baseline: number;
  /** Font size, weighted by characters. */
  size: number;
  /** Most characters are in a bold font. */
  bold: boolean;
  orientation: number;
};

/** A gap wider than this share of the font size between two glyphs is a word break. */
const WORD_GAP = 0.12;
/** A gap wider than this many font sizes separates fragments (column gutters, table cells). */
const FRAGMENT_GAP = 1.0;
/** Ascent and descent as shares of the font size, for line boxes. */
const ASCENT = 0.8;
const DESCENT = 0.2;

type Piece = {
  parts: string[];
  x0: number;
  x1: number;
  baseline: number;
  lastSize: number;
  sizeSum: number;
  chars: number;
  boldChars: number;
  orientation: number;
  /** Width of spaces seen since the last character: the next one starts a new word. */
  pendingSpace: number;
};

export function buildFragments(glyphs: readonly Glyph[]): Fragment[] {
  return mergeIntoLines(collectPieces(glyphs)).map(toFragment).filter((f) => f.text.length > 0);
}

/** Consecutive glyphs (in drawing order) that continue the same line. */
function collectPieces(glyphs: readonly Glyph[]): Piece[] {
  const pieces: Piece[] = [];
  let current: Piece | null = null;
  for (const glyph of glyphs) {
    if (glyph.hidden) continue;
    if (glyph.space) {
      if (current) current.pendingSpace += Math.max(glyph.x1 - glyph.x0, glyph.size * 0.25);
      continue;
    }
    if (current && continues(current, glyph)) {
      appendGlyph(current, glyph);
    } else {
      current = startPiece(glyph);
      pieces.push(current);
    }
  }
  return pieces;
}

function continues(piece: Piece, glyph: Glyph): boolean {
  if (glyph.orientation !== piece.orientation) return false;
  const size = Math.max(piece.lastSize, glyph.size);
  if (Math.abs(glyph.baseline - piece.baseline) > 0.3 * Math.min(piece.lastSize, glyph.size)) return false;
  const gap = glyph.x0 - piece.x1;
  return gap >= -0.3 * size && gap <= FRAGMENT_GAP * size + piece.pendingSpace;
}

function startPiece(glyph: Glyph): Piece {
  return {
    parts: [glyph.text],
    x0: glyph.x0,
    x1: glyph.x1,
    baseline: glyph.baseline,
    lastSize: glyph.size,
    sizeSum: glyph.size * glyph.text.length,
    chars: glyph.text.length,
    boldChars: glyph.bold ? glyph.text.length : 0,
    orientation: glyph.orientation,
    pendingSpace: 0,
  };
}

function appendGlyph(piece: Piece, glyph: Glyph) {
  const gap = glyph.x0 - piece.x1;
  if (piece.pendingSpace > 0 || gap > WORD_GAP * Math.min(piece.lastSize, glyph.size)) piece.parts.push(" ");
  piece.parts.push(glyph.text);
  piece.x1 = Math.max(piece.x1, glyph.x1);
  piece.lastSize = glyph.size;
  piece.sizeSum += glyph.size * glyph.text.length;
  piece.chars += glyph.text.length;
  if (glyph.bold) piece.boldChars += glyph.text.length;
  piece.pendingSpace = 0;
}

const sizeOf = (p: Piece) => p.sizeSum / Math.max(1, p.chars);
const topOf = (p: Piece) => p.baseline - ASCENT * sizeOf(p);
const bottomOf = (p: Piece) => p.baseline + DESCENT * sizeOf(p);

/**
 * Pieces drawn out of order or split by superscripts join their neighbours on the same
 * visual line when the gap is small; exact duplicates (fake bold, shadows) are dropped.
 */
function mergeIntoLines(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const line of clusterLines(pieces)) {
    line.sort((a, b) => a.x0 - b.x0);
    let current: Piece | null = null;
    for (const piece of line) {
      if (current && isDuplicate(current, piece)) continue;
      const size = Math.max(sizeOf(current ?? piece), sizeOf(piece));
      const gap = current ? piece.x0 - current.x1 : Infinity;
      if (current && gap >= -0.3 * size && gap <= FRAGMENT_GAP * size) {
        joinPieces(current, piece, gap > WORD_GAP * size);
      } else {
        current = piece;
        out.push(piece);
      }
    }
  }
  return out;
}

/** Groups pieces whose line boxes overlap vertically by half the smaller height. */
function clusterLines(pieces: Piece[]): Piece[][] {
  const sorted = [...pieces].sort((a, b) => a.orientation - b.orientation || a.baseline - b.baseline);
  const lines: { pieces: Piece[]; top: number; bottom: number; orientation: number }[] = [];
  for (const piece of sorted) {
    const top = topOf(piece);
    const bottom = bottomOf(piece);
    let home: (typeof lines)[number] | undefined;
    for (let i = lines.length - 1; i >= Math.max(0, lines.length - 8); i--) {
      const line = lines[i]!;
      if (line.orientation !== piece.orientation) break;
      const overlap = Math.min(bottom, line.bottom) - Math.max(top, line.top);
      const smaller = Math.min(bottom - top, line.bottom - line.top);
      if (overlap >= 0.5 * smaller) {
        home = line;
        break;
      }
    }
    if (home) {
      home.pieces.push(piece);
      home.top = Math.min(home.top, top);
      home.bottom = Math.max(home.bottom, bottom);
    } else {
      lines.push({ pieces: [piece], top, bottom, orientation: piece.orientation });
    }
  }
  return lines.map((l) => l.pieces);
}

function isDuplicate(a: Piece, b: Piece): boolean {
  const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  return overlap > 0.7 * Math.min(a.x1 - a.x0, b.x1 - b.x0) && a.parts.join("") === b.parts.join("");
}

function joinPieces(into: Piece, next: Piece, withSpace: boolean) {
  if (withSpace) into.parts.push(" ");
  into.parts.push(...next.parts);
  // The line's baseline is that of its main text, not of a superscript.
  if (next.chars > into.chars) into.baseline = next.baseline;
  into.x1 = Math.max(into.x1, next.x1);
  into.sizeSum += next.sizeSum;
  into.chars += next.chars;
  into.boldChars += next.boldChars;
}

function toFragment(piece: Piece): Fragment {
  const size = sizeOf(piece);
  return {
    text: normaliseText(piece.parts.join("")),
    x0: piece.x0,
    x1: piece.x1,
    top: piece.baseline - ASCENT * size,
    bottom: piece.baseline + DESCENT * size,
    baseline: piece.baseline,
    size,
    bold: piece.boldChars >= 0.8 * piece.chars,
    orientation: piece.orientation,
  };
}

const LIGATURES: Record<string, string> = {
  "\uFB00": "ff",
  "\uFB01": "fi",
  "\uFB02": "fl",
  "\uFB03": "ffi",
  "\uFB04": "ffl",
  "\uFB05": "st",
  "\uFB06": "st",
};

/** Symbol-font bullets that arrive in the private use area. */
const PRIVATE_BULLETS = new Set(["\uF0B7", "\uF0A7", "\uF0D8", "\uF0FC", "\uF06C", "\uF0A8"]);

export function normaliseText(text: string): string {
  return text
    .replace(/[\uFB00-\uFB06]/g, (c) => LIGATURES[c] ?? c)
    .replace(/[\uE000-\uF8FF]/g, (c) => (PRIVATE_BULLETS.has(c) ? "•" : ""))
    .replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000\t]/g, " ")
    .replace(/[\p{Cc}\u200B-\u200D\u2060\uFEFF]/gu, "")
    .replace(/\u00AD(?=\S)/g, "") // soft hyphens inside a line are invisible
    .replace(/ {2,}/g, " ")
    .trim();
}
