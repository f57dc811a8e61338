/**
 * Question handling that needs no model: a question's topic words, and Think Harder's decomposition
 * of a question into the aspects a clinician would look up (follow-ups are read by frame.ts).
 * The model does both better when there is one; these are the deterministic fallbacks.
 */

const FUNCTION_WORDS = new Set(
  `a about above after again all also am an and any are as at be been being below between both but by can could did do
  does doing during each few for from further had has have having how i if in into is it its itself just may me might
  more most must my no nor not of off on once only or other our out over own same should so some such than that the
  their them then there these they this those through to too under until up very was we were what when where which
  while who whom why will with would you your please tell give explain describe list make create
  myself yourself himself herself ourselves yourselves themselves`.split(/\s+/),
);

/** Words of a question that carry its topic (no function words), in order, de-duplicated. */
export function topicWords(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'./-]*/gu) ?? []) {
    const word = raw.replace(/['./-]+$/, "");
    if (!word || FUNCTION_WORDS.has(word) || seen.has(word)) continue;
    seen.add(word);
    out.push(word);
  }
  return out;
}

/** An aspect as a section heading: Think Harder's sub-query (follow-up suggestions are built from the frame). */
type Aspect = { heading: (topic: string) => string };
type AspectSet = { when: RegExp; aspects: Aspect[] };

/** Aspect templates by kind of question, first match wins; each aspect is a search of its own. */
const ASPECT_SETS: AspectSet[] = [
  {
    when: /\b(dose|doses|dosage|dosing|drug|drugs|medication|medicine|mg|administer|administration|prescribe|treat with|side effects?|adverse|toxicity|contraindications?|interactions?)\b/i,
    aspects: [
      { heading: (t) => `Dosage and administration of ${t}` },
      { heading: (t) => `Adverse effects and toxicity of ${t}` },
      { heading: (t) => `Contraindications, precautions and interactions of ${t}` },
      { heading: (t) => `Monitoring during treatment with ${t}` },
    ],
  },
  {
    when: /\b(protocol|plan|manage|management|managing|treatment|treat|therapy|care)\b/i,
    aspects: [
      { heading: (t) => `Diagnosis of ${t}` },
      { heading: (t) => `Treatment and management of ${t}` },
      { heading: (t) => `Drugs and doses used for ${t}` },
      { heading: (t) => `Monitoring and prognosis of ${t}` },
    ],
  },
  {
    when: /./,
    aspects: [
      { heading: (t) => `Causes and risk factors of ${t}` },
      { heading: (t) => `Clinical signs and diagnosis of ${t}` },
      { heading: (t) => `Treatment of ${t}` },
      { heading: (t) => `Prognosis and prevention of ${t}` },
    ],
  },
];

/** Words that say what kind of question it is (or which aspect), not what it is about. */
const ASPECT_WORDS =
  /^(dose|doses|dosage|dosing|drug|drugs|medication|medicine|protocol|plan|manage|management|managing|treatment|treated|treat|therapy|care|administer|administration|prescribe|recommended|recommend|best|approach|options?|use|used|using|create|make|side|effects?|adverse|reactions?|toxicity|contraindications?|interactions?|causes?|signs?|symptoms?|diagnosis|diagnosed|prognosis|prevention|prevented|risk|factors?|common|most|monitoring|monitored)$/i;

function topicOf(question: string): string {
  return topicWords(question)
    .filter((w) => !ASPECT_WORDS.test(w))
    .slice(0, 6)
    .join(" ");
}

const aspectsFor = (question: string) => ASPECT_SETS.find((s) => s.when.test(question))!.aspects;

/**
 * Up to `max` sub-questions: the question's own parts when it asks several things ("X and Y; Z"),
 * then the aspects a clinician looks up for its topic.
 */
export function decomposeQuestion(question: string, max = 4): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (q: string) => {
    const key = topicWords(q).join(" ");
    if (!key || seen.has(key) || out.length >= max) return;
    seen.add(key);
    out.push(q.trim().replace(/\s+/g, " "));
  };
  const parts = question
    .split(/[;?]|\band\s+(?=(?:what|how|when|which|why|is|are|does|do|can|should)\b)/i)
    .map((p) => p.trim())
    .filter((p) => topicWords(p).length >= 2);
  if (parts.length > 1) parts.forEach(add);
  const topic = topicOf(question);
  if (topic) for (const aspect of aspectsFor(question)) add(aspect.heading(topic));
  return out;
}
