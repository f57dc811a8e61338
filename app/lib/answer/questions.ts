/**
 * Question handling that needs no model: turning a follow-up into a standalone search query, and
 * Think Harder's decomposition of a question into the aspects a clinician would look up.
 * The model does both better when there is one; these are the deterministic fallbacks.
 */

const FUNCTION_WORDS = new Set(
  `a about above after again all also am an and any are as at be been being below between both but by can could did do
  does doing during each few for from further had has have having how i if in into is it its itself just may me might
  more most must my no nor not of off on once only or other our out over own same should so some such than that the
  their them then there these they this those through to too under until up very was we were what when where which
  while who whom why will with would you your please tell give explain describe list make create`.split(/\s+/),
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

/** Pronouns and openings that lean on an earlier question ("what about dogs?", "is it safe?"). */
const LEANS_ON_CONTEXT = /\b(it|its|it's|this|that|these|those|they|them|their|same|such|above|previous|mentioned)\b|^\s*(and|or|but|also|what about|how about|and what|what if)\b/i;
const SHORT_FOLLOW_UP_WORDS = 4;

/**
 * A standalone search query for a follow-up: the question plus the topic words of the previous
 * question it leans on (only when it looks like a follow-up: a pronoun, "what about…", or very short).
 */
export function standaloneQuery(question: string, previousQuestions: string[]): string {
  const previous = previousQuestions[previousQuestions.length - 1];
  if (!previous) return question;
  const own = topicWords(question);
  if (!LEANS_ON_CONTEXT.test(question) && own.length > SHORT_FOLLOW_UP_WORDS) return question;
  const ownSet = new Set(own);
  const carried = topicWords(previous).filter((w) => !ownSet.has(w));
  return carried.length ? `${question.trim()} ${carried.join(" ")}` : question;
}

type AspectSet = { when: RegExp; aspects: Array<(topic: string) => string> };

/** Aspect templates by kind of question, first match wins; each aspect is a search of its own. */
const ASPECT_SETS: AspectSet[] = [
  {
    when: /\b(dose|doses|dosage|dosing|drug|drugs|medication|medicine|mg|administer|administration|prescribe|treat with)\b/i,
    aspects: [
      (t) => `Dosage and administration of ${t}`,
      (t) => `Adverse effects and toxicity of ${t}`,
      (t) => `Contraindications, precautions and interactions of ${t}`,
      (t) => `Monitoring during treatment with ${t}`,
    ],
  },
  {
    when: /\b(protocol|plan|manage|management|managing|treatment|treat|therapy|care)\b/i,
    aspects: [
      (t) => `Diagnosis of ${t}`,
      (t) => `Treatment and management of ${t}`,
      (t) => `Drugs and doses used for ${t}`,
      (t) => `Monitoring and prognosis of ${t}`,
    ],
  },
  {
    when: /./,
    aspects: [
      (t) => `Causes and risk factors of ${t}`,
      (t) => `Clinical signs and diagnosis of ${t}`,
      (t) => `Treatment of ${t}`,
      (t) => `Prognosis and prevention of ${t}`,
    ],
  },
];

/** Words that say what kind of question it is, not what it is about. */
const ASPECT_WORDS = /^(dose|doses|dosage|dosing|drug|drugs|medication|medicine|protocol|plan|manage|management|managing|treatment|treat|therapy|care|administer|administration|prescribe|recommended|recommend|best|approach|options?|use|used|using|create|make)$/i;

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
  const topic = topicWords(question)
    .filter((w) => !ASPECT_WORDS.test(w))
    .slice(0, 6)
    .join(" ");
  if (topic) {
    const set = ASPECT_SETS.find((s) => s.when.test(question))!;
    for (const aspect of set.aspects) add(aspect(topic));
  }
  return out;
}
