import type Database from "better-sqlite3";
import { LRUCache } from "lru-cache";
import { splitSentences } from "../sentences";
import { findAbbreviations, mayDefineAnyOf } from "./abbreviations";
import { indexVersion } from "./lexical.server";
import { prepared } from "./statements.server";

/**
 * The start of the paragraph a passage begins in the middle of. A chunk boundary falls inside a page's
 * paragraph more often than not, and the chunk after it then lacks what that paragraph is about: the
 * second half of a passage on bluetongue says "Cattle require two doses separated by 2 weeks" without
 * the word "bluetongue". The chunk before holds the start; the two share the overlap sentences the
 * chunker repeats, which is how a continued paragraph is told from a new one. Likewise the end of a paragraph a
 * passage is cut off in (its tail, in the chunk after).
 */

/** How much of the passage's first paragraph must be found in the chunk before it (the repeated overlap). */
const OVERLAP_PROBE = 60;

/** A paragraph longer than a few chunks is followed back this far. */
const MAX_CHUNKS_BACK = 3;

type Neighbour = { previousId: number; previousText: string; previousPageEnd: number; previousEndsOpen: number | null; pageStart: number; text: string };

/**
 * Leads read, by chunk id, until the index changes: one answer reads its passages' leads in each of its searches, and the
 * next questions mostly find the same passages.
 */
const rememberedLeads = new WeakMap<Database.Database, { version: number; leads: LRUCache<number, { lead: string | null }> }>();
const REMEMBERED_LEADS = 5000;

/** Each passage's lead (the earlier part of its first paragraph), by chunk id; passages that begin a paragraph have none. */
export function paragraphLeads(client: Database.Database, chunkIds: number[]): Map<number, string> {
  const version = indexVersion(client);
  let remembered = rememberedLeads.get(client);
  if (!remembered || remembered.version !== version) rememberedLeads.set(client, (remembered = { version, leads: new LRUCache({ max: REMEMBERED_LEADS }) }));
  const leads = new Map<number, string>();
  const unread: number[] = [];
  for (const id of new Set(chunkIds)) {
    const known = remembered.leads.get(id);
    if (known === undefined) unread.push(id);
    else if (known.lead !== null) leads.set(id, known.lead);
  }
  for (const [id, lead] of readLeads(client, unread)) {
    remembered.leads.set(id, { lead });
    if (lead !== null) leads.set(id, lead);
  }
  return leads;
}

function readLeads(client: Database.Database, chunkIds: number[]): Map<number, string | null> {
  const leads = new Map<number, string | null>();
  // (Of the previous chunk's layout, only whether its paragraph goes on: not its offsets, read and parsed per lookup.)
  const statement = prepared(
    client,
    `SELECT previous.id AS previousId, previous.text AS previousText, previous.page_end AS previousPageEnd, json_extract(previous.layout, '$.openEnd') AS previousEndsOpen, chunk.page_start AS pageStart, chunk.text AS text
     FROM chunks chunk JOIN chunks previous ON previous.document_id = chunk.document_id AND previous.chunk_index = chunk.chunk_index - 1
     WHERE chunk.id = ?`,
  );
  for (const id of new Set(chunkIds)) {
    const parts: string[] = [];
    let text: string | null = null;
    // Where a cut repeated nothing (a paragraph the chunker recorded as going on), what joins there is not known.
    let cutBlind = false;
    let current = id;
    for (let step = 0; step < MAX_CHUNKS_BACK; step++) {
      const row = statement.get(current) as Neighbour | undefined;
      if (!row || row.previousPageEnd !== row.pageStart) break;
      text ??= row.text;
      const lead = leadOf(row.previousText, row.text);
      const open = lead === null && row.previousEndsOpen === 1 ? lastParagraphOf(row.previousText) : null;
      if (lead === null && open === null) break;
      parts.unshift(lead ?? open!);
      cutBlind ||= open !== null;
      // The chunk before is all one paragraph, begun earlier still: its own lead starts this one too.
      if (row.previousText.includes("\n")) break;
      current = row.previousId;
    }
    const lead = !parts.length ? null : cutBlind ? definitionsUsed(parts.join(" "), text!) : parts.join(" ");
    leads.set(id, lead || null);
  }
  return leads;
}

/** The part of the previous chunk's last paragraph before the text this chunk repeats from it, when it repeats some. */
export function leadOf(previousText: string, text: string): string | null {
  const joint = jointOf(previousText, text);
  return joint && joint.lastParagraph.slice(0, joint.at).trim() ? joint.lastParagraph.slice(0, joint.at).trim() : null;
}

/**
 * A paragraph cut where its last sentence was too long for the chunker to repeat goes on at the very start of the next
 * chunk, with nothing to tell where the two meet. Its earlier part is then too far from the chunk's own sentences to say
 * what they are about, all but the sentences that define an abbreviation the chunk uses: "Mycoplasma gallisepticum (Mg)
 * is an avian pathogen…" before "Studies reported that Mg adhere to the host mucosal epithelial cells…".
 */
function definitionsUsed(paragraph: string, text: string): string | null {
  const words = new Set(unwrapped(text).match(/[\p{L}\p{N}-]+/gu) ?? []);
  // (Split into sentences only where a definition may be used: most such paragraphs are table rows and long text that
  // define nothing the chunk writes, and splitting them was an eighth of a query thread's time under load.)
  if (!mayDefineAnyOf(unwrapped(paragraph), words)) return null;
  const defining = splitSentences(paragraph).filter((s) => findAbbreviations(unwrapped(s.text)).some((pair) => words.has(pair.short)));
  return defining.length ? defining.map((s) => s.text).join(" ") : null;
}

/** LaTeX that wraps a word, unwrapped so what it defines reads as written: "$(\\mathrm{Mg})$" -> "(Mg)". */
const unwrapped = (text: string) => text.replace(/\\[a-z]+\{([^{}]*)\}/gi, "$1").replace(/\$/g, "");

const lastParagraphOf = (text: string) => text.slice(text.lastIndexOf("\n") + 1);

/**
 * Where a chunk's first paragraph begins inside the previous chunk's last paragraph (the overlap the chunker
 * repeats), or null when the chunk begins a paragraph of its own.
 */
function jointOf(previousText: string, text: string): { lastParagraph: string; firstParagraph: string; at: number } | null {
  const lastParagraph = lastParagraphOf(previousText);
  const firstParagraph = text.slice(0, text.includes("\n") ? text.indexOf("\n") : undefined);
  const probe = firstParagraph.slice(0, OVERLAP_PROBE).trim();
  if (probe.length < 20) return null;
  const at = lastParagraph.indexOf(probe);
  return at > 0 ? { lastParagraph, firstParagraph, at } : null;
}

/**
 * The rest of a chunk's last paragraph, when the next chunk goes on with it: the sentences after the repeated
 * overlap, up to the end of that paragraph. The first half of a passage on bluetongue ends before "The diagnosis
 * is confirmed by PCR", which the chunk after it holds.
 */
export function tailOf(text: string, nextText: string): string | null {
  const joint = jointOf(text, nextText);
  if (!joint) return null;
  const overlap = joint.lastParagraph.slice(joint.at);
  // The chunker repeats whole sentences: the next chunk's paragraph starts with the overlap, then goes on.
  if (!joint.firstParagraph.startsWith(overlap)) return null;
  return joint.firstParagraph.slice(overlap.length).trim() || null;
}

type Next = { nextId: number; nextText: string; nextPageStart: number; pageEnd: number; text: string };

/** Each passage's continuation, by chunk id: the next chunk and the rest of the paragraph it holds; none when the passage ends its paragraph. */
export function paragraphContinuations(client: Database.Database, chunkIds: number[]): Map<number, { chunkId: number; tail: string }> {
  const out = new Map<number, { chunkId: number; tail: string }>();
  const statement = prepared(
    client,
    `SELECT next.id AS nextId, next.text AS nextText, next.page_start AS nextPageStart, chunk.page_end AS pageEnd, chunk.text AS text
     FROM chunks chunk JOIN chunks next ON next.document_id = chunk.document_id AND next.chunk_index = chunk.chunk_index + 1
     WHERE chunk.id = ?`,
  );
  for (const id of new Set(chunkIds)) {
    const row = statement.get(id) as Next | undefined;
    if (!row || row.pageEnd !== row.nextPageStart) continue;
    const tail = tailOf(row.text, row.nextText);
    if (tail) out.set(id, { chunkId: row.nextId, tail });
  }
  return out;
}
