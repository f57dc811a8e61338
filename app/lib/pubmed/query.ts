/**
 * PubMed search terms from a question or typed keywords.
 *
 * Strategy (what searchPubMed sends to esearch):
 * 1. Sanitise: at most 2,000 characters are read; field tags ("[au]", "[ta]", …) are removed; only words
 *    are kept (letters and digits, with inner hyphens or apostrophes: "covid-19", "cushing's"), so quotes,
 *    brackets, parentheses, wildcards and '#' history references cannot reach the query. Everything is
 *    lower-cased, so a typed AND/OR/NOT is never an operator (they are dropped as stop words anyway).
 * 2. Keep the words that carry the clinical question: stop words, question words and request verbs
 *    ("what", "is", "tell", "please") are dropped, as are bare numbers and units. Each kept word is classed:
 *    drug or condition (known names, or pharmacological / pathological word endings such as -cillin,
 *    -prazole, -itis, -emia), species ("cats", "canine"), generic clinical words ("dose", "treatment",
 *    "disease"), or other. At most 8 words are kept (the most specific ones, in their original order),
 *    each at most 40 characters.
 * 3. The words are joined with AND. When a search finds nothing it is relaxed, in this order:
 *    all words AND-ed → generic words dropped → the least specific word dropped (generic < other <
 *    species < drug/condition; among equals the shorter, then the later one) while more than two remain,
 *    at most twice →
 *    the remaining words OR-ed. At most four searches per question.
 * 4. Priority journals: the same query AND-ed with ("Journal A"[ta] OR "Journal B"[ta] …) is searched
 *    first; the plain query fills up to the requested count (searchPubMed excludes duplicates).
 */

export const MAX_INPUT_CHARS = 2_000;
export const MAX_TERMS = 8;
export const MAX_TERM_CHARS = 40;
export const MAX_PRIORITY_JOURNALS = 20;
export const MAX_JOURNAL_CHARS = 120;
export const MAX_RELAXED_QUERIES = 4;

export type TermKind = "drug" | "condition" | "species" | "other" | "generic";
export type QueryTerm = { text: string; kind: TermKind };

/** Higher is more specific: relaxing drops the lowest first. */
const SPECIFICITY: Record<TermKind, number> = { drug: 4, condition: 4, species: 3, other: 2, generic: 0 };

const words = (text: string) => new Set(text.trim().split(/\s+/));

const STOP_WORDS = words(`
  a about above across after again against all almost also although always am among an and another any anyone
  anything are around as at be because been before being below besides between both but by can cannot could did
  do does doing done during each either else enough etc even ever every for from further get gets getting give
  given gives giving go had has have having he her here hers him his how however i if in including into is it
  its itself just let like many may me might mine more most much must my near neither no nor not now of off
  often on once one only onto or other others otherwise our ours out over own per please rather really same
  say says shall she should show since so some someone something such than that the their theirs them then there
  therefore these they thing things this those though through thus to too toward towards under unless until up
  upon very via was we were what whatever when whenever where whereas whether which while who whom whose
  why will with within without would yes yet you your yours
  tell explain describe list make create find search look know need want give show compare summarize summarise
  answer question questions regarding concerning known unknown
`);

const GENERIC_WORDS = words(`
  dose doses dosage dosages dosing dosed treatment treatments treat treated treating therapy therapies therapeutic
  management manage managing managed protocol protocols plan plans use uses used using usage effect effects
  effective effectiveness efficacy efficacious safe safety risk risks clinical clinically patient patients case
  cases study studies trial trials evidence recommend recommended recommendation recommendations guideline
  guidelines best current latest recent new option options approach approaches information literature research
  review reviews article articles paper papers data outcome outcomes common commonly type types cause causes
  caused sign signs symptom symptoms chronic acute severe mild moderate disease diseases disorder disorders
  syndrome syndromes condition conditions animal animals veterinary vet vets medicine medicines medical drug
  drugs medication medications daily day days week weeks month months year years hour hours long short term
  first line compared comparison versus vs difference differences role value factor factors associated
  association rate rates level levels high higher low lower increase increased decrease decreased normal help
  helps work works good better small large adult adults young old older age aged male female males females
  contraindication contraindications contraindicated indication indications interaction interactions adverse side
  complication complications diagnosis diagnose diagnosed diagnostic diagnostics prognosis prevention prevent
  monitoring monitor administration administer administered route routes interval frequency duration
`);

const UNITS = words(`mg kg g mcg ug µg ml l dl iu u mmol mol meq h hr hrs min sec mm cm m bid tid sid qid eod prn po iv im sc sq`);

const SPECIES = words(`
  cat cats feline felines kitten kittens dog dogs canine canines puppy puppies horse horses equine equines foal
  foals pony ponies donkey donkeys mule mules cattle cow cows bovine bovines calf calves heifer heifers bull bulls
  sheep ovine lamb lambs ewe ewes goat goats caprine kid pig pigs swine porcine piglet piglets sow sows boar rabbit
  rabbits ferret ferrets rodent rodents rat rats mouse mice hamster hamsters gerbil gerbils chinchilla chinchillas
  bird birds avian parrot parrots psittacine psittacines chicken chickens poultry duck ducks turkey turkeys
  reptile reptiles snake snakes lizard lizards turtle turtles tortoise tortoises chelonian chelonians amphibian
  amphibians fish camelid camelids alpaca alpacas llama llamas human humans primate primates
`);

const DRUGS = words(`
  insulin pimobendan trilostane levetiracetam bromide trazodone propofol isoflurane sevoflurane methadone fentanyl
  sucralfate clavulanate diltiazem digoxin clopidogrel aspirin paracetamol acetaminophen grapiprant cyclosporine
  ciclosporin chlorambucil vincristine lomustine carboplatin cisplatin imidacloprid fipronil praziquantel pyrantel
  fluralaner afoxolaner sarolaner lotilaner levothyroxine thyroxine spironolactone tramadol maropitant cerenia
  metoclopramide amoxicillin cefovecin cephalexin cefalexin nsaid nsaids antibiotic antibiotics vaccine vaccines
  vaccination corticosteroid corticosteroids steroid steroids glucocorticoid glucocorticoids antiemetic opioid
  opioids anesthesia anaesthesia anesthetic anaesthetic sedation sedative analgesia analgesic chemotherapy
`);

const CONDITIONS = words(`
  diabetes cancer cancers tumor tumors tumour tumours neoplasia sepsis shock infection infections seizure seizures
  epilepsy fracture fractures pain obesity parvovirus distemper rabies heartworm dirofilaria giardia leishmania
  babesia ehrlichia leptospira toxoplasma influenza covid azotemia azotaemia dystocia pyometra bloat colic
  laminitis mastitis dermatitis otitis allergy allergies atopy pruritus vomiting diarrhea diarrhoea constipation
  coughing cough dyspnea dyspnoea fever hemorrhage haemorrhage trauma wound wounds burn burns poisoning toxicity
  intoxication failure murmur thrombosis thromboembolism effusion ascites edema oedema
`);

const DRUG_ENDINGS =
  /(cillin|mycin|micin|cycline|floxacin|oxacin|azole|pril|sartan|olol|dipine|apine|statin|profen|coxib|icam|fenac|vir|mab|tinib|citinib|caine|azepam|azolam|barbital|thiazide|semide|olone|sone|tidine|setron|pitant|tropine|dronate|gliptin|glitazone|formin|parin|xaban|gatran|mectin|bendazole|orphine|orphanol|adol|fentanil|pentin|gabalin|tomidine|azine|amine|afil|oxetine|triptyline|zepine|pramine|lukast|terol|flurane|platin|rubicin|laner|tadine|oxone|conazole|oxifen|olide|trozole|plase)$/;
const DRUG_STARTS = /^(cef|ceph)/;
const CONDITION_ENDINGS =
  /(itis|osis|iasis|emia|aemia|oma|omas|pathy|pathies|algia|plasia|trophy|uria|penia|cytosis|rrhea|rrhoea|ectasia|megaly|ism|lepsy|plegia|paresis|ptysis|emesis|cele|ia)$/;
const CONDITION_STARTS = /^(hyper|hypo|dys)/;

export function classifyTerm(word: string): TermKind {
  if (SPECIES.has(word)) return "species";
  if (GENERIC_WORDS.has(word)) return "generic";
  if (DRUGS.has(word) || DRUG_ENDINGS.test(word) || DRUG_STARTS.test(word)) return "drug";
  if (CONDITIONS.has(word) || CONDITION_ENDINGS.test(word) || CONDITION_STARTS.test(word)) return "condition";
  return "other";
}

/** "cats" and "cat", "infections" and "infection" count once. */
function dedupeKey(word: string): string {
  return word.length > 3 && !word.endsWith("ss") ? word.replace(/s$/, "") : word;
}

/**
 * The search words of a question or keyword string, sanitised and classed (see the strategy above).
 * Empty when nothing searchable is left (e.g. "what is the").
 */
export function extractTerms(input: string): QueryTerm[] {
  const text = input
    .slice(0, MAX_INPUT_CHARS)
    .normalize("NFKC")
    // Field tags typed by a user ("smith[au]", "[ta]", "[mesh:noexp]") are not kept as words.
    .replace(/\[[^\]]{0,40}\]/g, " ")
    .replace(/[’‘`]/g, "'")
    .toLowerCase();
  const seen = new Set<string>();
  const found: Array<QueryTerm & { position: number }> = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu)) {
    let word = match[0].replace(/'s$/, "");
    if (word.length > MAX_TERM_CHARS) word = word.slice(0, MAX_TERM_CHARS).replace(/['-]+$/, "");
    if (word.length < 2 || STOP_WORDS.has(word) || UNITS.has(word) || /^[\d'-]+$/.test(word)) continue;
    const key = dedupeKey(word);
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ text: word, kind: classifyTerm(word), position: found.length });
  }
  const kept =
    found.length <= MAX_TERMS
      ? found
      : [...found]
          .sort((a, b) => SPECIFICITY[b.kind] - SPECIFICITY[a.kind] || a.position - b.position)
          .slice(0, MAX_TERMS)
          .sort((a, b) => a.position - b.position);
  return kept.map(({ text, kind }) => ({ text, kind }));
}

const and = (terms: QueryTerm[]) => terms.map((t) => t.text).join(" AND ");

/**
 * The esearch terms to try in order until one finds something (see the strategy above): AND of all
 * words, without generic words, minus the least specific word (twice at most, never below two words),
 * then OR. Duplicates removed; empty when there are no words.
 */
export function relaxedQueries(terms: QueryTerm[]): string[] {
  if (!terms.length) return [];
  const queries: string[] = [and(terms)];
  const core = terms.some((t) => t.kind !== "generic") ? terms.filter((t) => t.kind !== "generic") : terms;
  queries.push(and(core));
  let narrowed = core;
  for (let step = 0; step < 2 && narrowed.length > 2; step++) {
    // Least specific class first; among equals the shorter word (usually the commoner one), then the later.
    let drop = 0;
    narrowed.forEach((t, i) => {
      const d = narrowed[drop]!;
      const diff = SPECIFICITY[t.kind] - SPECIFICITY[d.kind] || t.text.length - d.text.length;
      if (diff <= 0) drop = i;
    });
    narrowed = narrowed.filter((_, i) => i !== drop);
    queries.push(and(narrowed));
  }
  const unique = [...new Set(queries)].slice(0, MAX_RELAXED_QUERIES - 1);
  if (core.length > 1) unique.push(core.map((t) => t.text).join(" OR "));
  return [...new Set(unique)];
}

/**
 * Journal names from the user's setting (comma-separated, or a list) made safe inside a quoted
 * "…"[ta] phrase: quotes, brackets, braces, '#', '*' and control characters removed, spaces collapsed,
 * at most 120 characters each and 20 names, duplicates (ignoring case) dropped.
 */
export function parsePriorityJournals(input: string | readonly string[]): string[] {
  const list = typeof input === "string" ? input.slice(0, 10_000).split(/[,\n;]/) : input;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const name = raw
      .normalize("NFKC")
      .replace(/\[[^\]]{0,40}\]/g, " ")
      .replace(/[\p{Cc}"[\]{}#*\\]/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, MAX_JOURNAL_CHARS)
      .trim();
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
    if (out.length >= MAX_PRIORITY_JOURNALS) break;
  }
  return out;
}

/** The query limited to the priority journals: (query) AND ("A"[ta] OR "B"[ta] …). */
export function priorityJournalQuery(query: string, journals: readonly string[]): string {
  return `(${query}) AND (${journals.map((j) => `"${j}"[ta]`).join(" OR ")})`;
}

/** What identifies a search for the cache: the words, the journals (any order, any case) and the count. */
export function searchCacheKey(terms: QueryTerm[], journals: readonly string[], count: number): string {
  const journalKey = journals.map((j) => j.toLowerCase()).sort();
  return JSON.stringify({ v: 1, terms: terms.map((t) => t.text), journals: journalKey, count });
}
