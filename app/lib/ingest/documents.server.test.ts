import { describe, expect, it } from "vitest";
import { chunkPages } from "./chunker";
import { type PageChunk, printedPageLabel } from "./documents.server";

const asPageChunks = (pages: Parameters<typeof chunkPages>[0]): PageChunk[] =>
  chunkPages(pages).map((c, i) => ({ id: i + 1, heading: c.heading, text: c.text, pages: c.pages, pageLabel: c.pageLabel, layout: c.layout }));

describe("printedPageLabel", () => {
  it("reads a page's printed label from the layout of a chunk printed on it, even one that starts earlier", () => {
    const chunks = asPageChunks([
      { number: 7, label: "xii", blocks: [{ kind: "paragraph", text: "Meloxicam is an NSAID." }] },
      { number: 8, label: "1", blocks: [{ kind: "paragraph", text: "Robenacoxib is another." }] },
    ]);
    expect(chunks).toHaveLength(1);
    expect(printedPageLabel(chunks, 8)).toBe("1");
    expect(printedPageLabel(chunks, 7)).toBe("xii");
  });

  it("falls back to the label of a chunk starting on the page when chunks have no layout", () => {
    const chunks: PageChunk[] = [{ id: 1, heading: null, text: "x", pages: [3, 4], pageLabel: "iii", layout: null }];
    expect(printedPageLabel(chunks, 3)).toBe("iii");
    expect(printedPageLabel(chunks, 4)).toBeNull();
  });
});
