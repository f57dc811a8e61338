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

/** An aspect as a section heading (Think Harder) and as a question (a follow-up suggestion). */
type Aspect = {
  heading: (topic: string) => string;
  question: (topic: string) => string;
  /** The question already asks about this aspect. */
  asked: RegExp;
};
type AspectSet = { when: RegExp; aspects: Aspect[] };

/** Aspect templates by kind of question, first match wins; each aspect is a search of its own. */
const ASPECT_SETS: AspectSet[] = [
  {
    when: /\b(dose|doses|dosage|dosing|drug|drugs|medication|medicine|mg|administer|administration|prescribe|treat with|side effects?|adverse|toxicity|contraindications?|interactions?)\b/i,
    aspects: [
      { heading: (t) => `Dosage and administration of ${t}`, question: (t) => `What is the dose of ${t}?`, asked: /\b(dose|doses|dosage|dosing)\b/i },
      { heading: (t) => `Adverse effects and toxicity of ${t}`, question: (t) => `What are the adverse effects of ${t}?`, asked: /\b(side effects?|adverse|toxicity)\b/i },
      { heading: (t) => `Contraindications, precautions and interactions of ${t}`, question: (t) => `What are the contraindications of ${t}?`, asked: /\b(contraindicat\w*|precautions?|interactions?)\b/i },
      { heading: (t) => `Monitoring during treatment with ${t}`, question: (t) => `What should be monitored during treatment with ${t}?`, asked: /\bmonitor\w*/i },
    ],
  },
  {
    when: /\b(protocol|plan|manage|management|managing|treatment|treat|therapy|care)\b/i,
    aspects: [
      { heading: (t) => `Diagnosis of ${t}`, question: (t) => `How is ${t} diagnosed?`, asked: /\bdiagnos\w*/i },
      { heading: (t) => `Treatment and management of ${t}`, question: (t) => `How is ${t} treated?`, asked: /\b(treat\w*|therapy|manag\w*)\b/i },
      { heading: (t) => `Drugs and doses used for ${t}`, question: (t) => `Which drugs and doses are used for ${t}?`, asked: /\b(drugs?|doses?|dosage)\b/i },
      { heading: (t) => `Monitoring and prognosis of ${t}`, question: (t) => `What is the prognosis of ${t}?`, asked: /\bprognos\w*/i },
    ],
  },
  {
    when: /./,
    aspects: [
      { heading: (t) => `Causes and risk factors of ${t}`, question: (t) => `What causes ${t}?`, asked: /\b(causes?|caused|risk factors?)\b/i },
      { heading: (t) => `Clinical signs and diagnosis of ${t}`, question: (t) => `What are the clinical signs of ${t}?`, asked: /\b(signs?|symptoms?)\b/i },
      { heading: (t) => `Treatment of ${t}`, question: (t) => `How is ${t} treated?`, asked: /\b(treat\w*|therapy|manag\w*)\b/i },
      { heading: (t) => `Prognosis and prevention of ${t}`, question: (t) => `How can ${t} be prevented?`, asked: /\bprevent\w*/i },
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

/** Follow-up questions on the other aspects of a question's topic (for suggestions without a model). */
export function aspectQuestions(question: string): string[] {
  const topic = topicOf(question);
  if (!topic) return [];
  return aspectsFor(question)
    .filter((a) => !a.asked.test(question))
    .map((a) => a.question(topic));
}

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
