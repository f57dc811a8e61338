import { frameOf, speciesLabel, type Frame } from "./frame";

/**
 * Follow-up questions built from a conversation's clinical frame (no model). A question is offered only
 * where its frame fits what the subject is: a dose for a drug, clinical signs and treatment for a
 * condition or an infection. A subject of no known kind (a lab value, an enzyme, loose words) gets none:
 * fewer questions, each one grammatical and about the conversation's subject.
 */

type Kind = "drug" | "condition" | "pathogen";
type Subject = { kind: Kind; name: string };

/** Conditions the frame's word endings miss but a question often names ("hyperthyroidism", "diabetes mellitus"). */
const CONDITION_WORD = /^(?:(?:hyper|hypo)[a-z]{4,}ism|diabetes|epilepsy|pneumonia|sepsis|colic|obesity|cancer)$/;
const DIABETES_TYPE = /^(?:mellitus|insipidus)$/;

function subjectOf(frame: Frame): Subject | null {
  if (frame.drugs[0]) return { kind: "drug", name: frame.drugs[0] };
  if (frame.conditions[0]) return { kind: "condition", name: frame.conditions[0] };
  if (frame.pathogens[0]) return { kind: "pathogen", name: frame.pathogens[0] };
  const at = frame.topic.findIndex((w) => CONDITION_WORD.test(w));
  if (at < 0) return null;
  const next = frame.topic[at + 1];
  const name = next && frame.topic[at] === "diabetes" && DIABETES_TYPE.test(next) ? `diabetes ${next}` : frame.topic[at]!;
  return { kind: "condition", name };
}

/** " in cats", " in dogs and cats", or nothing: the species the conversation is about. */
function inSpecies(frame: Frame): string {
  const names = [...frame.species.map(speciesLabel), ...frame.groups].slice(0, 2);
  return names.length ? ` in ${names.join(" and ")}` : "";
}

type Template = { question: (name: string, where: string, be: "is" | "are") => string; asked: RegExp };

const TEMPLATES: Record<Kind, Template[]> = {
  drug: [
    { question: (d, w) => `What is the dose of ${d}${w}?`, asked: /\b(dose|doses|dosage|dosing|how much)\b/i },
    { question: (d, w) => `What are the adverse effects of ${d}${w}?`, asked: /\b(side effects?|adverse|toxicity)\b/i },
    { question: (d, w) => `What are the contraindications of ${d}${w}?`, asked: /\b(contraindicat\w*|precautions?|interactions?)\b/i },
    { question: (d) => `What should be monitored during treatment with ${d}?`, asked: /\bmonitor\w*/i },
  ],
  condition: [
    { question: (c, w) => `What are the clinical signs of ${c}${w}?`, asked: /\b(signs?|symptoms?|present\w*)\b/i },
    { question: (c, w, be) => `How ${be} ${c} diagnosed${w}?`, asked: /\bdiagnos\w*|\btests?\b/i },
    { question: (c, w, be) => `How ${be} ${c} treated${w}?`, asked: /\b(treat\w*|therapy|manag\w*)\b/i },
    { question: (c, w) => `What causes ${c}${w}?`, asked: /\b(causes?|caused|risk factors?)\b/i },
  ],
  pathogen: [
    { question: (p, w) => `How is ${p} transmitted${w}?`, asked: /\btransmi\w*|\bspread\w*/i },
    { question: (p, w) => `What are the clinical signs of ${p} infection${w}?`, asked: /\b(signs?|symptoms?)\b/i },
    { question: (p, w) => `How is ${p} infection diagnosed${w}?`, asked: /\bdiagnos\w*|\btests?\b/i },
    { question: (p, w) => `How is ${p} infection treated${w}?`, asked: /\b(treat\w*|therapy|manag\w*)\b/i },
  ],
};

/**
 * Follow-ups on the aspects of the conversation's subject not yet asked. `frame` is the frame of its
 * latest question (a follow-up's carries the subject it inherited); `asked` are all its questions.
 */
export function followUpQuestions(frame: Frame, asked: string[]): string[] {
  const subject = subjectOf(frame);
  if (!subject) return [];
  const where = inSpecies(frame);
  // "How are papillomas treated?": the only plural a condition's name comes in (drugs and infections take "is").
  const be = /omas$/.test(subject.name) ? "are" : "is";
  return TEMPLATES[subject.kind]
    .filter((t) => !asked.some((q) => t.asked.test(q)))
    .map((t) => t.question(subject.name, where, be));
}

const QUESTION = /^(what|which|how|when|where|why|who|is|are|does|do|can|could|should|would|will)\b[^\n]*\?$/i;

/**
 * Whether a follow-up someone else wrote (the model) may be offered: one question, about the subject of
 * the conversation (it names one of its drugs, pathogens, conditions, names or topic words), and asking
 * for a dose only of a drug it names ("What is the dose of alkaline phosphatase?" is not one).
 */
export function isSuitableFollowUp(question: string, frame: Frame): boolean {
  const q = question.trim();
  if (!QUESTION.test(q) || q.length > 120) return false;
  const own = frameOf(q);
  if (own.asked.includes("dose") && !own.drugs.length) return false;
  const lower = q.toLowerCase();
  const subjectWords = [...frame.drugs, ...frame.pathogens, ...frame.conditions, ...frame.names, ...frame.acronyms, ...frame.topic];
  return subjectWords.some((w) => lower.includes(w.toLowerCase()));
}
