/**
 * Hidden text: text a reader of the PDF cannot see but a text extractor would index.
 * Instructions hidden this way in uploaded documents are a known attack on AI assistants,
 * so such text is dropped before indexing and each page says what was dropped.
 * page-content.server.ts decides per glyph; this module holds the rules' vocabulary.
 */

export type HiddenReason =
  | "invisible" // text render mode 3 (invisible) or 7 (clip only)
  | "hidden-layer" // in an optional-content layer that is switched off
  | "tiny" // drawn smaller than a point
  | "transparent" // fill/stroke fully transparent
  | "off-page" // outside the page's visible box
  | "clipped" // outside the clipping area
  | "white" // white (or near-white) text on a white page or box
  | "background"; // text the same colour as the box it sits on

const REASON_TEXT: Record<HiddenReason, string> = {
  invisible: "invisible text",
  "hidden-layer": "text in a hidden layer",
  tiny: "microscopic text",
  transparent: "transparent text",
  "off-page": "text outside the page",
  clipped: "clipped-away text",
  white: "white text",
  background: "text coloured like its background",
};

export type Rgb = [number, number, number];

/** pdf.js gives colours as "#rrggbb" (some versions as [r, g, b]). */
export function parseColour(value: unknown): Rgb | null {
  if (typeof value === "string" && /^#[0-9a-f]{6}$/i.test(value)) {
    return [parseInt(value.slice(1, 3), 16), parseInt(value.slice(3, 5), 16), parseInt(value.slice(5, 7), 16)];
  }
  if (Array.isArray(value) && value.length >= 3 && value.slice(0, 3).every((n) => typeof n === "number")) {
    return [value[0], value[1], value[2]] as Rgb;
  }
  return null;
}

/** Colours this close (per channel, 0-255) are indistinguishable on screen or paper. */
const INDISTINGUISHABLE = 24;

export function colourHidesText(text: Rgb, background: Rgb): boolean {
  return (
    Math.abs(text[0] - background[0]) <= INDISTINGUISHABLE &&
    Math.abs(text[1] - background[1]) <= INDISTINGUISHABLE &&
    Math.abs(text[2] - background[2]) <= INDISTINGUISHABLE
  );
}

/** "Dropped 12 hidden text fragments on page 3 (white text)" */
export function hiddenTextNote(page: number, counts: Map<HiddenReason, number>): string | null {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const reasons =
    counts.size === 1
      ? REASON_TEXT[[...counts.keys()][0]!]
      : [...counts.entries()].map(([reason, n]) => `${REASON_TEXT[reason]}: ${n}`).join(", ");
  return `Dropped ${total} hidden text fragment${total === 1 ? "" : "s"} on page ${page} (${reasons})`;
}
