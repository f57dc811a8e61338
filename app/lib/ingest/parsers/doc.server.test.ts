import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Block, DocumentError, type ParsedDocument } from "../types";
import { blankHiddenText, classifyOle, parseDoc, readOleFile, readSummaryInformation } from "./doc.server";
import { FIXTURE_DOCUMENTS } from "../../../../tests/support/fixtures";

const CORPUS = `${FIXTURE_DOCUMENTS}/`;
const WA = `${CORPUS}wa-disability-access-guide.doc`;
const NORWEGIAN = `${CORPUS}norwegian-care-procedure.doc`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "doc-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function blocks(doc: ParsedDocument): Block[] {
  return doc.pages.flatMap((page) => page.blocks);
}

/** The WA guide with its bytes changed: its WordDocument stream starts at file offset 512, its text is 8-bit. */
async function patchedWa(name: string, patch: (bytes: Buffer) => void): Promise<string> {
  const bytes = Buffer.from(await readFile(WA));
  expect(bytes.readUInt16LE(512)).toBe(0xa5ec); // the FIB, at the start of the WordDocument stream
  patch(bytes);
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

describe(".doc real files", () => {
  it("wa-disability-access-guide.doc: title and author from the summary information, one page (no recorded breaks)", async () => {
    const doc = await parseDoc(WA);
    expect(doc.fileType).toBe("doc");
    expect(doc.title).toBe("A guide to Disability Access and Inclusion Plans (DAIPs)");
    expect(doc.authors).toEqual(["Sonya Horsman"]);
    expect(doc.pageCount).toBe(1);
    expect(doc.notes).toEqual(["Word counted 4 pages when the file was saved, but a .doc records only hard page breaks: cited as 1 page"]);
    expect(blocks(doc)[0]).toEqual({ kind: "heading", level: 1, text: "A Guide to Disability Access and Inclusion Plans (DAIPs) for Western Australian Public Authorities" });
    expect(blocks(doc)).toContainEqual({ kind: "heading", level: 2, text: "Background to Disability Access and Inclusion Plans" });
    // A manual line break inside a sentence does not split it.
    expect(blocks(doc).map((block) => block.text)).toContain(
      "People with disabilities have the same opportunities as other people to access the services of, and any events organised by, a public authority.",
    );
    const words = blocks(doc).reduce((sum, block) => sum + block.text.split(/\s+/).length, 0);
    expect(words).toBeGreaterThan(1000);
  });

  it("norwegian-care-procedure.doc: æ ø å survive; the header's details are kept on page 1", async () => {
    const doc = await parseDoc(NORWEGIAN);
    expect(doc.pageCount).toBe(1);
    expect(doc.title).toBe("Ansvar- og oppgavefordeling – Ansvarsvakt");
    expect(doc.authors).toEqual(["ju441"]);
    const text = blocks(doc).map((block) => block.text).join("\n");
    for (const word of ["Formål", "gjennomføring", "Sørge for at medisiner blir gitt til riktig tid", "Legemiddelhåndtering", "Håndtering av beboermidler"]) {
      expect(text).toContain(word);
    }
    expect(blocks(doc)[0]!.text).toContain("Ansvarlig : Ole Daniel Virkesdal");
    expect(blocks(doc)).toContainEqual({ kind: "heading", level: 2, text: "Formål:" });
  });

  it("reads the OLE directory and the summary information", async () => {
    const ole = readOleFile(await readFile(NORWEGIAN));
    expect(classifyOle(ole)).toBe("doc");
    expect(ole.entries.map((entry) => entry.path)).toEqual(expect.arrayContaining(["WordDocument", "1Table", "\u0005SummaryInformation"]));
    expect(readSummaryInformation(ole)).toEqual({ title: null, author: "ju441", pageCount: 1 });
  });
});

describe(".doc page breaks, hidden text and refusals", () => {
  it("a page-break character in the body starts a new page", async () => {
    const file = await patchedWa("break.doc", (bytes) => {
      const at = bytes.indexOf(Buffer.from("Background to Disability Access", "latin1"));
      expect(bytes[at - 1]).toBe(0x0d);
      bytes[at - 1] = 0x0c; // the paragraph mark before the heading becomes a hard page break
    });
    const doc = await parseDoc(file);
    expect(doc.pageCount).toBe(2);
    expect(doc.pages.map((page) => page.number)).toEqual([1, 2]);
    expect(doc.pages[1]!.blocks[0]).toEqual({ kind: "heading", level: 2, text: "Background to Disability Access and Inclusion Plans" });
    expect(doc.pages[0]!.blocks.at(-1)!.text).toMatch(/participate in all aspects of community life\.$/);
  });

  it("hidden runs are blanked in the piece table, keeping paragraph marks", () => {
    const pieces = [{ text: "Visible. SECRET\rNext", startFilePos: 1000, size: 20, bpc: 1, length: 20 }];
    expect(blankHiddenText(pieces, [[1009, 1016]])).toBe(6);
    expect(pieces[0]!.text).toBe("Visible. \0\0\0\0\0\0\rNext");
    const unicode = [{ text: "abcd", startFilePos: 0, size: 8, bpc: 2, length: 4 }];
    expect(blankHiddenText(unicode, [[2, 6]])).toBe(2);
    expect(unicode[0]!.text).toBe("a\0\0d");
  });

  it("an encrypted .doc says it is password-protected", async () => {
    const file = await patchedWa("encrypted.doc", (bytes) => {
      bytes.writeUInt8(bytes.readUInt8(512 + 0x0b) | 0x01, 512 + 0x0b); // FIB flags: fEncrypted
    });
    await expect(parseDoc(file)).rejects.toThrow(new DocumentError("The document is password-protected"));
  });

  it("a Word 6/95 file is refused with a reason", async () => {
    const file = await patchedWa("word95.doc", (bytes) => bytes.writeUInt16LE(0x65, 512 + 2));
    await expect(parseDoc(file)).rejects.toThrow("This is a Word 6/95 document, which is not supported; save it as .docx");
  });

  it("a damaged OLE file, an empty file and a non-OLE file get plain reasons", async () => {
    const loop = await patchedWa("loop.doc", (bytes) => {
      // Point the directory's chain at itself through the FAT: a loop a naive reader never leaves.
      const directorySector = bytes.readUInt32LE(48);
      const fatSector = bytes.readUInt32LE(76);
      bytes.writeUInt32LE(directorySector, 512 + fatSector * 512 + directorySector * 4);
    });
    await expect(parseDoc(loop)).rejects.toThrow(/The file is damaged \(an OLE sector chain is broken or loops\)/);
    const empty = path.join(dir, "empty.doc");
    await writeFile(empty, "");
    await expect(parseDoc(empty)).rejects.toThrow(new DocumentError("The file is empty"));
    const text = path.join(dir, "text.doc");
    await writeFile(text, "not a word file");
    await expect(parseDoc(text)).rejects.toThrow("The file is damaged (not an OLE compound file)");
  });
});
