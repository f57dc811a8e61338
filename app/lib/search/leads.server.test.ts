import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createKnowledgeBase, page, para } from "../../../tests/support/knowledge-base";
import { removeDocumentIndex } from "./indexer.server";
import { leadOf, paragraphContinuations, paragraphLeads, tailOf } from "./leads.server";

/** Sentences about one topic, enough of them that the chunker splits the paragraph they make. */
const filler = (topic: string, n: number) =>
  Array.from({ length: n }, (_, i) => `Observation ${i + 1} on ${topic} was recorded in the field notes of the survey team during the season.`).join(" ");

let kb: ReturnType<typeof createKnowledgeBase>;
beforeEach(() => {
  kb = createKnowledgeBase();
});
afterEach(() => kb.cleanup());

const chunksOf = (documentId: string) =>
  kb.db.$client.prepare("SELECT id, text FROM chunks WHERE document_id = ? ORDER BY chunk_index").all(documentId) as Array<{ id: number; text: string }>;

describe("the start of the paragraph a passage begins in the middle of", () => {
  it("is the earlier part of the paragraph, from the chunk before, when the chunk continues it", () => {
    const paragraph = `Bluetongue is an orbivirus disease of ruminants transmitted by Culicoides midges. ${filler("midges", 30)} Monovalent vaccines are used for each serotype. Cattle require two doses separated by 2 weeks.`;
    kb.add({ id: "bt", title: "Ruminant Viruses", fileType: "txt", pages: [page(28, [para(paragraph)])] });
    const chunks = chunksOf("bt");
    expect(chunks.length).toBeGreaterThan(1);
    const second = chunks.find((c) => c.text.includes("Cattle require two doses"))!;
    expect(second.text).not.toContain("Bluetongue");
    const lead = paragraphLeads(kb.db.$client, [second.id]).get(second.id);
    expect(lead).toMatch(/^Bluetongue is an orbivirus disease of ruminants/);
    // The lead stops where the repeated overlap begins: it is not the chunk's own text again.
    expect(second.text.startsWith(lead!.slice(-40))).toBe(false);
    // The first chunk begins its paragraph: it has no lead.
    expect(paragraphLeads(kb.db.$client, [chunks[0]!.id]).has(chunks[0]!.id)).toBe(false);
  });

  it("is remembered only until the index changes: a removed document's chunks have none, one indexed again its own", () => {
    const paragraph = (disease: string) => `${disease} is an orbivirus disease of ruminants transmitted by Culicoides midges. ${filler("midges", 30)} Cattle require two doses separated by 2 weeks.`;
    kb.add({ id: "bt", title: "Ruminant Viruses", fileType: "txt", pages: [page(28, [para(paragraph("Bluetongue"))])] });
    const second = chunksOf("bt").find((c) => c.text.includes("Cattle require two doses"))!;
    expect(paragraphLeads(kb.db.$client, [second.id]).get(second.id)).toMatch(/^Bluetongue is/);
    removeDocumentIndex(kb.db, "bt");
    kb.db.$client.prepare("DELETE FROM documents WHERE id = 'bt'").run();
    expect(paragraphLeads(kb.db.$client, [second.id]).has(second.id)).toBe(false);
    kb.add({ id: "bt", title: "Ruminant Viruses", fileType: "txt", pages: [page(28, [para(paragraph("Epizootic haemorrhagic disease"))])] });
    const again = chunksOf("bt").find((c) => c.text.includes("Cattle require two doses"))!;
    expect(paragraphLeads(kb.db.$client, [again.id]).get(again.id)).toMatch(/^Epizootic haemorrhagic disease is/);
  });

  it("is none when the chunk begins a new paragraph or a new page", () => {
    expect(leadOf("Goat pox is a viral disease.\nIt spreads by contact and by insects.", "Sheep pox is related to goat pox and is more severe in lambs.")).toBeNull();
    kb.add({
      id: "pages",
      title: "Two Topics",
      fileType: "txt",
      pages: [page(1, [para(`Scrapie is a prion disease of sheep. ${filler("scrapie", 25)}`)]), page(2, [para(`Goat pox is a capripoxvirus disease. ${filler("goat pox", 25)}`)])],
    });
    // A chunk that begins inside page 2's paragraph leads with that paragraph's start, however far back it is,
    // and never with page 1's paragraph.
    const chunks = chunksOf("pages");
    const leads = paragraphLeads(kb.db.$client, chunks.map((c) => c.id));
    const insideGoatPox = chunks.filter((c) => c.text.startsWith("Observation") && c.text.includes("on goat pox") && !c.text.includes("Goat pox is"));
    expect(insideGoatPox.length).toBeGreaterThan(1);
    for (const c of insideGoatPox) {
      expect(leads.get(c.id)).toMatch(/^Goat pox is a capripoxvirus disease/);
      expect(leads.get(c.id)).not.toContain("Scrapie");
    }
  });

  it("is only what the paragraph defines and the chunk uses, when the sentence at the cut was too long to repeat", () => {
    // Sentences longer than the overlap the chunker repeats: the chunk after starts where this one stops.
    const long = (topic: string, n: number) =>
      Array.from(
        { length: n },
        (_, i) =>
          `Observation ${i + 1} on ${topic} was recorded by the survey team in the field notes of the season, together with the weather, the grazing, the stocking rate, the water sources, the housing and the treatments that the flock had been given during the previous month.`,
      ).join(" ");
    const paragraph = `Mycoplasma gallisepticum $(\\mathrm{Mg})$ causes chronic respiratory disease in chickens. Infectious bronchitis virus (IBV) is another cause of it. ${long("the flock", 16)} $\\mathrm{Mg}$ recruits inflammatory cells to the chicken trachea, which results in lesions of various severities.`;
    kb.add({ id: "mg", title: "Poultry Mycoplasmas", fileType: "txt", pages: [page(119, [para(paragraph)])] });
    const chunks = chunksOf("mg");
    const cut = chunks.find((c) => c.text.includes("results in lesions"))!;
    expect(cut.text.startsWith("Observation")).toBe(true);
    // Nothing repeated: the paragraph goes on at the very start of the chunk.
    const before = chunks[chunks.indexOf(cut) - 1]!;
    expect(before.text).not.toContain(cut.text.slice(0, 60));
    expect(paragraphLeads(kb.db.$client, [cut.id]).get(cut.id)).toBe("Mycoplasma gallisepticum $(\\mathrm{Mg})$ causes chronic respiratory disease in chickens.");
    // A chunk of it that uses no abbreviation the paragraph defines has none.
    const plain = chunks.filter((c) => c !== chunks[0] && !c.text.includes("Mg"));
    expect(plain.length).toBeGreaterThan(0);
    for (const c of plain) expect(paragraphLeads(kb.db.$client, [c.id]).has(c.id)).toBe(false);
  });
});

describe("the rest of the paragraph a passage ends in the middle of", () => {
  it("is the next chunk's part of that paragraph, after the overlap it repeats", () => {
    const paragraph = `Bluetongue is an orbivirus disease of ruminants transmitted by Culicoides midges. ${filler("midges", 30)} The diagnosis is confirmed by polymerase chain reaction for viral RNA.`;
    kb.add({ id: "bt", title: "Ruminant Viruses", fileType: "txt", pages: [page(28, [para(paragraph), para("Sheep pox is a capripoxvirus disease of sheep.")])] });
    const chunks = chunksOf("bt");
    const first = chunks[0]!;
    expect(first.text).not.toContain("The diagnosis is confirmed");
    const continuation = paragraphContinuations(kb.db.$client, [first.id]).get(first.id);
    expect(continuation?.chunkId).toBe(chunks[1]!.id);
    expect(continuation?.tail).toMatch(/The diagnosis is confirmed by polymerase chain reaction for viral RNA\.$/);
    // Not the overlap again, and not the next paragraph.
    expect(first.text).not.toContain(continuation!.tail.slice(0, 40));
    expect(continuation?.tail).not.toContain("Sheep pox");
    // The last chunk goes on with nothing.
    expect(paragraphContinuations(kb.db.$client, [chunks[chunks.length - 1]!.id]).size).toBe(0);
  });

  it("is none when the next chunk begins a paragraph of its own", () => {
    expect(tailOf("Goat pox is a viral disease.\nIt spreads by contact and by insects.", "Sheep pox is related to goat pox and is more severe in lambs.")).toBeNull();
  });
});
