import { describe, expect, it } from "vitest";
import { isStopWord, tokenize } from "../search/index.server";
import { extractiveAnswer, type AnswerGuide } from "./extractive.server";
import { readConversation } from "./frame";
import type { NumberedPassage } from "./types";

const passage = (number: number, page: number, text: string): NumberedPassage => ({
  number,
  chunkId: number,
  documentId: `doc-${number}`,
  title: "Equine Sports Medicine",
  pages: [page],
  pageLabel: String(page),
  heading: null,
  text,
  fileType: "txt",
});

describe("the extractive answer's lead", () => {
  it("for 'what even is it?', is the sentence saying what kind of disease it is", () => {
    const question = "hi, I help my mum with our sheep and goats and she says we have to watch out for scrapie. what even is it?";
    const [frame] = readConversation([question]);
    const history = passage(1, 240, "Scrapie has long been known in sheep and goats, with a less frequent occurrence in the latter. In 1998, a new, atypical type of scrapie was identified in sheep.");
    const disease = passage(2, 237, "Classical scrapie is also a significant problem for small ruminant industries abroad. Classical scrapie is a naturally transmissible, fatal neurodegenerative disease of sheep and goats (small ruminants).");
    const terms = [...new Set(tokenize("scrapie sheep goats"))].map((term) => ({ term, weight: 1, df: 2, idf: 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(tokenize("scrapie sheep goats")), askingTerms: new Set(tokenize("what even is it?")), alreadySaid: new Set(), supporting: new Set([1, 2]) };
    const answer = extractiveAnswer(question, terms, [history, disease], {}, guide);
    expect(answer.text.split("\n")[0]).toMatch(/^Classical scrapie is a naturally transmissible/);
  });

  it("for 'do they live off the bird at all?' about lice, is a sentence on the chicken louse, not one on birds' sex chromosomes", () => {
    const question = "I found tiny crawling things at the base of my girls' feathers. The vet says body lice. Do they live off the bird at all?";
    const [frame] = readConversation([question]);
    const lice = passage(
      1,
      129,
      "Unlike mammals, avians use a ZZ:ZW sex chromosome system, where females have ZW chromosomes. These lice complete their entire 2-3-week life cycle on their chicken host, feeding on feathers.",
    );
    const terms = [...new Set(tokenize("base feathers body lice live bird"))].map((term) => ({ term, weight: 1, df: 2, idf: 1, ...(term === "bird" ? { alternatives: [["avian"]] } : {}) }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(terms.map((t) => t.term)), askingTerms: new Set(tokenize("Do they live off the bird at all?")), alreadySaid: new Set(), supporting: new Set([1]) };
    expect(extractiveAnswer(question, terms, [lice], {}, guide).text.split("\n")[0]).toMatch(/^These lice complete their entire/);
  });

  it("for 'what does that mean?' after a quoted word, is the sentence that quotes and explains it", () => {
    const questions = ["My old girl Tibby has just tested positive for feline leukaemia. How long do cats usually live once they've been diagnosed?", "he also said something about it maybe being 'regressive'. what does that mean?"];
    const [, frame] = readConversation(questions);
    const felv = passage(
      1,
      175,
      "Feline leukaemia in cats is a severe disease, and cats with a regressive or a progressive course of feline leukaemia differ in outlook. Many cats develop a \"regressive infection\", in which the immune response partially contains the virus and viremia persists only for a few weeks.",
    );
    const terms = [...new Set(tokenize("regressive feline leukaemia cats"))].map((term) => ({ term, weight: 1, df: 2, idf: 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(tokenize(questions[1]!)), askingTerms: new Set(tokenize("what does that mean?")), alreadySaid: new Set(), supporting: new Set([1]) };
    const answer = extractiveAnswer(questions[1]!, terms, [felv], {}, guide);
    expect(answer.text.split("\n")[0]).toMatch(/^Many cats develop a .regressive infection/);
  });

  it("for a follow-up carrying its subject, may be a sentence holding one of its words in the paragraph naming that subject", () => {
    const questions = [
      "Hypothyroid Labrador with sky-high cholesterol, and I'm worried about atherosclerosis. How does an atherosclerotic lesion develop?",
      "ok. so what makes one of those plaques dangerous rather than stable?",
    ];
    const [, frame] = readConversation(questions);
    const plaques = passage(
      1,
      253,
      "Atherosclerosis is a chronic inflammatory process involving multiple cell types and cytokines. At advanced stages, stable lesions have a small lipid core and a thick fibrous cap, while vulnerable lesions have the relatively thin fibrous cap and large lipid core.",
    );
    const terms = [...new Set(tokenize("make plaques dangerous rather stable dog atherosclerosis"))].map((term) => ({ term, weight: 1, df: 2, idf: 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(tokenize(questions[1]!)), askingTerms: new Set(tokenize("what makes")), alreadySaid: new Set(), supporting: new Set([1]) };
    expect(frame!.inherited).toContain("conditions");
    expect(extractiveAnswer(questions[1]!, terms, [plaques], {}, guide).text.split("\n")[0]).toMatch(/^At advanced stages, stable lesions/);
    // (Nor for a sentence holding only a word carried from before.)
    const carried = [...terms, ...tokenize("cholesterol").map((term) => ({ term, weight: 1, df: 2, idf: 1 }))];
    const ageing = passage(3, 254, "Atherosclerosis is a chronic inflammatory process. Cholesterol levels rise with age.");
    expect(extractiveAnswer(questions[1]!, carried, [ageing], {}, guide).text).toBe("");
    // (Not in a passage that does not name the subject.)
    const other = passage(2, 40, "Stable flies breed in wet straw. Fly control keeps them down in summer.");
    expect(extractiveAnswer(questions[1]!, terms, [other], {}, guide).text).toBe("");
  });

  it("for 'what does that actually mean?' after a quoted term of two words, is the sentence that quotes it too", () => {
    const question = "4-H mom here, my daughter shows market hogs. People at the barn keep calling pigs 'mixing vessels' for flu - what does that actually mean?";
    const [frame] = readConversation([question]);
    // (The sentence on market hogs holds more of the question's words; the one writing the term is what is asked.)
    const fairs = passage(1, 272, "At live animal markets, show hogs and pigs from many farms meet people, and flu passes between them.");
    const vessels = passage(2, 255, "Pigs express receptors for avian and human viruses, making them possible intermediate hosts and appropriate 'mixing vessels' for generating reassortants.");
    const terms = [...new Set(tokenize("market hogs pigs mixing vessels flu"))].map((term) => ({ term, weight: 1, df: 2, idf: 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(terms.map((t) => t.term)), askingTerms: new Set(tokenize("what does that actually mean?")), alreadySaid: new Set(), supporting: new Set([1, 2]) };
    expect(extractiveAnswer(question, terms, [fairs, vessels], {}, guide).text.split("\n")[0]).toMatch(/^Pigs express receptors/);
  });

  it("for 'could she give it to my other cat?', is the sentence on how it passes, not a list of who is at risk nor its spread within the body", () => {
    const questions = ["The rescue just told me the kitten I adopted is FeLV positive. What happens to cats with it?", "could she give it to my other cat?"];
    const [, frame] = readConversation(questions);
    const felv = passage(
      1,
      174,
      "Common risk factors for FeLV in other cats are male gender, aggressive behavior and outdoor contact with other cats. In some FeLV cats the virus is kept from spreading to target tissues in other cats. FeLV-A is the only subgroup that can be naturally contagious from cat to cat.",
    );
    const terms = [...new Set(tokenize("FeLV cat other"))].map((term) => ({ term, weight: 1, df: 2, idf: 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(tokenize(questions[1]!)), askingTerms: new Set(tokenize(questions[1]!)), alreadySaid: new Set(), supporting: new Set([1]) };
    const answer = extractiveAnswer(questions[1]!, terms, [felv], {}, guide);
    expect(answer.text.split("\n")[0]).toMatch(/^FeLV-A is the only subgroup/);
  });

  it("in a follow-up, comes from a paragraph holding the words it carries, not only its own ('what exercises?' after core work)", () => {
    const questions = ["Other thing — horse coming back into work after colic surgery. Why bother with core work?", "what exercises?"];
    const [, frame] = readConversation(questions);
    // The passage on exercise and drugs is searched first: it holds the follow-up's own word and the species.
    const drugs = passage(
      1,
      206,
      "In horses, there is practically no experimental information on the direct effect of exercise on drug disposition. In horses, hepatic blood flow is significantly decreased during submaximal exercise.",
    );
    const core = passage(2, 209, "Following colic surgery the rehabilitation program should target these muscles. Appropriate exercises include core training from the ground as well as specific types of locomotor exercises.");
    const terms = [...new Set(tokenize("what exercises? horses core"))].map((term) => ({ term, weight: term === "core" ? 0.5 : 1, df: 2, idf: 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(tokenize("what exercises? horses")), askingTerms: new Set(tokenize("what exercises?")), alreadySaid: new Set(), supporting: new Set([1, 2]) };
    const answer = extractiveAnswer("what exercises?", terms, [drugs, core], {}, guide);
    expect(answer.text.split("\n")[0]).toMatch(/^Appropriate exercises include core training/);
  });

  it("is not a sentence naming no species from a paragraph on another animal ('…rider back pain…' for a dog's paw)", () => {
    const question = "My dog suddenly won't put any weight on one of his front legs and keeps pulling his foot away when I touch it. What sort of foot or toe problems usually cause that?";
    const [frame] = readConversation([question]);
    const horses = passage(1, 216, "Back pain is common in ridden horses. This may predispose to rider back pain or stiffness and abnormal saddle movement, such as saddle slip to one side, weight taken off a front leg and the foot pulled away when touched.");
    const dogs = passage(2, 23, "Injury to the paw or digits is a frequent cause of a non-weight-bearing lameness. As many dogs are sensitive to paw palpation, palpation should be done with the limb flexed.");
    const terms = [...new Set(tokenize(`${question} non-weight-bearing lameness`))].map((term) => ({ term, weight: 1, df: 2, idf: 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(terms.map((t) => t.term)), askingTerms: new Set(tokenize("What sort of foot or toe problems usually cause that?")), alreadySaid: new Set(), supporting: new Set([1, 2]) };
    expect(extractiveAnswer(question, terms, [horses, dogs], {}, guide).text.split("\n")[0]).toMatch(/^Injury to the paw or digits/);
  });

  it("in a follow-up naming its own topic, comes from the paragraph on it, though that paragraph never says what the question before asked of", () => {
    const questions = ["Racing-yard vet - horse underperforming and the lad says he's sore-backed. How common is back trouble in sport horses?", "what saddle pressure is considered too much?"];
    const [, frame] = readConversation(questions);
    const anatomy = passage(1, 217, "The horse's back is a complex anatomical region occupying an essential place in the musculoskeletal system. This region is highly stressed during sport, particularly when it must support the rider's weight and the saddle.");
    const saddle = passage(2, 210, "In horses, vascular occlusion may occur when the applied pressure beneath the saddle exceeds the mean capillary pressure of 4.7 kPa.");
    // (Its terms as search reads them: without function words.)
    const terms = [...new Set(tokenize("what saddle pressure is considered too much? horses sport trouble", isStopWord))].map((term) => ({ term, weight: term === "sport" || term === "troubl" ? 0.5 : 1, df: 2, idf: 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(tokenize(questions[1]!)), askingTerms: new Set(tokenize(questions[1]!)), alreadySaid: new Set(), supporting: new Set([1, 2]) };
    expect(extractiveAnswer(questions[1]!, terms, [anatomy, saddle], {}, guide).text.split("\n")[0]).toMatch(/^In horses, vascular occlusion may occur/);
  });

  it("is the span a sentence naming no drug gives in the paragraph on the asked drug ('…daily therapy for 20–30 days')", () => {
    const question = "How long does the itraconazole course last for Malassezia in dogs?";
    const [frame] = readConversation([question]);
    const azoles = passage(
      1,
      19,
      "Ketoconazole (5–10 mg/kg/day) and itraconazole (5–10 mg/kg/day) are the most effective oral therapeutic options for Malassezia in dogs. The duration of oral therapy varies, but most cases are given daily therapy for 20–30 days.",
    );
    const terms = [...new Set(tokenize(question))].map((term) => ({ term, weight: 1, df: 2, idf: 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(terms.map((t) => t.term)), askingTerms: new Set(tokenize(question)), alreadySaid: new Set(), supporting: new Set([1]) };
    expect(extractiveAnswer(question, terms, [azoles], {}, guide).text.split("\n")[0]).toMatch(/^The duration of oral therapy varies/);
  });

  it("is the sentence on infection crossing between the species for 'is it catching to goats?', not one naming the disease 'contagious'", () => {
    const questions = ["Sheep with pink eye - cause?", "is it catching to goats?"];
    const [, frame] = readConversation(questions);
    const pinkEye = passage(
      1,
      29,
      "It is called 'pink eye' in the UK and 'contagious ophthalmia' in other parts of the world. There is no doubt that there is a crossover infection between sheep and goats as C. psittaci occurs in wild sheep and goats.",
    );
    const terms = [...new Set(tokenize("is it catching to goats? pink eye"))].map((term) => ({ term, weight: 1, df: 2, idf: term === "goat" ? 2 : 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(tokenize(questions[1]!)), askingTerms: new Set(tokenize(questions[1]!)), alreadySaid: new Set(), supporting: new Set([1]) };
    expect(extractiveAnswer(questions[1]!, terms, [pinkEye], {}, guide).text.split("\n")[0]).toMatch(/^There is no doubt that there is a crossover infection/);
  });

  it("is not a sentence that speaks on of another species the one before it named ('It may produce…' after ferrets)", () => {
    const questions = ["our puppy has bloody diarrhoea and another pup had parvo", "how long does the virus last?"];
    const [, frame] = readConversation(questions);
    const ferrets = passage(1, 44, "A parvovirus known as Aleutian disease is particularly lethal to mink, but in ferrets it produces diarrhoea. It may produce melaenic faeces and the virus lasts for months.");
    const dogs = passage(2, 92, "Canine parvovirus causes fatal gastroenteritis in young dogs. The virus can remain viable outside of its host for at least a year.");
    const terms = [...new Set(tokenize("how long does the virus last? dog parvo"))].map((term) => ({ term, weight: 1, df: 2, idf: 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(tokenize("how long does the virus last?")), askingTerms: new Set(tokenize("how long does the virus last?")), alreadySaid: new Set(), supporting: new Set([1, 2]) };
    const answer = extractiveAnswer("how long does the virus last?", terms, [ferrets, dogs], {}, guide);
    expect(answer.text.split("\n")[0]).toMatch(/^The virus can remain viable outside of its host/);
  });

  it("comes from a paragraph that names the subject by its synonym ('heartworm': 'D. immitis')", () => {
    const question = "Our collie has just tested positive for heartworm. How bad is it - where do the worms actually live?";
    const [frame] = readConversation([question]);
    expect(frame!.conditions).toContain("heartworm");
    const wolbachia = passage(1, 88, "Evidence of this coevolution can be found among many worms that contain Wolbachia, which heartworm needs to survive.");
    const dogs = passage(2, 102, "In dogs, the adult D. immitis worms are located in the pulmonary arteries and right ventricle.");
    const terms = [...new Set(tokenize("positive heartworm worms live dogs"))].map((term) => ({ term, weight: 1, df: 2, idf: 1, ...(term === "heartworm" ? { alternatives: [tokenize("dirofilaria immitis"), ["d." + tokenize("immitis")[0]]] } : {}) }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(terms.map((t) => t.term)), askingTerms: new Set(tokenize("where do the worms actually live")), alreadySaid: new Set(), supporting: new Set([1, 2]) };
    expect(extractiveAnswer(question, terms, [wolbachia, dogs], {}, guide).text.split("\n")[0]).toMatch(/^In dogs, the adult D\. immitis worms are located/);
  });

  it("counts the asked species named by a group that covers it ('the poultry sector' for hens) as one of the question's words", () => {
    const question = "which salmonellas are the real killers for hens?";
    const [frame] = readConversation([question]);
    const pullorum = passage(1, 112, "Their economic impact in terms of loss in the poultry sector is due to their killing effect after infection.");
    const terms = [...new Set(tokenize("salmonellas killers hens"))].map((term) => ({ term, weight: 1, df: 2, idf: 1, ...(term === tokenize("killers")[0] ? { alternatives: [["kill"]] } : {}) }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(terms.map((t) => t.term)), askingTerms: new Set(tokenize("which are the real")), alreadySaid: new Set(), supporting: new Set([1]) };
    expect(extractiveAnswer(question, terms, [pullorum], {}, guide).text).toMatch(/^Their economic impact/);
  });

  it("for 'which species can it infect?', is the sentence that names them", () => {
    const [frame] = readConversation(["Which species can Mycobacterium bovis infect?"]);
    const ocular = passage(1, 56, "Among the species susceptible to tuberculosis are cattle affected by Mycobacterium bovis (M. bovis), a model for studying ocular presentation.");
    const hosts = passage(2, 63, "M. bovis infects numerous mammals, including cattle, goats, dogs, pigs, lions, elephants, badgers, possums, deer, bison, and humans.");
    const terms = [...new Set(tokenize("Which species can Mycobacterium bovis infect?"))].map((term) => ({ term, weight: 1, df: 2, idf: 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(terms.map((t) => t.term)), askingTerms: new Set(terms.map((t) => t.term)), alreadySaid: new Set(), supporting: new Set([1, 2]) };
    expect(extractiveAnswer("Which species can Mycobacterium bovis infect?", terms, [ocular, hosts], {}, guide).text.split("\n")[0]).toMatch(/^M\. bovis infects numerous mammals/);
  });

  it("quotes a sentence naming the asked species in a paragraph on the asked topic ('is chagas something dogs actually get?')", () => {
    const [frame] = readConversation(["is chagas something dogs actually get?"]);
    const chagas = passage(
      1,
      77,
      "Chagas disease occurs primarily in Latin America, where it is endemic. In endemic countries it is recommended to routinely evaluate dogs, which are one of the principal domestic hosts.",
    );
    const terms = [...new Set(tokenize("chagas dogs"))].map((term) => ({ term, weight: 1, df: 2, idf: 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(terms.map((t) => t.term)), askingTerms: new Set(terms.map((t) => t.term)), alreadySaid: new Set(), supporting: new Set([1]) };
    expect(extractiveAnswer("is chagas something dogs actually get?", terms, [chagas], {}, guide).text).toMatch(/routinely evaluate dogs/);
  });

  it("for a virus asked by its abbreviation ('FIV'), is not a sentence naming only another virus ('FeLV') from a paragraph on both", () => {
    const question = "How is FIV infection usually diagnosed in felines?";
    const [frame] = readConversation([question]);
    const retroviruses = passage(
      1,
      175,
      "Feline leukemia is considered to be a severe disease that can progress to a fatal illness faster than FIV infection. Usually, FeLV-infected cats die within 1 to 3 years after the initial diagnosis due to all the pathologies associated with the infection.",
    );
    const fiv = passage(2, 176, "Feline immunodeficiency virus (FIV) is a lentivirus of cats. Detection of antibodies against structural proteins is the choice for FIV diagnosis using immunochromatography-based kits.");
    const terms = [...new Set(tokenize(question))].map((term) => ({ term, weight: 1, df: 2, idf: 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(terms.map((t) => t.term)), askingTerms: new Set(terms.map((t) => t.term)), alreadySaid: new Set(), supporting: new Set([1, 2]) };
    expect(extractiveAnswer(question, terms, [retroviruses, fiv], {}, guide).text.split("\n")[0]).toMatch(/^Detection of antibodies against structural proteins is the choice for FIV diagnosis/);
  });

  it("for a subject asked by its abbreviation alone ('FeLV'), is not a sentence from a paragraph that never names it", () => {
    const question = "Stray cat FeLV positive today. What does that mean for her long term?";
    const [frame] = readConversation([question]);
    const felv = passage(1, 164, "Some epidemiological data show reduced survival in FeLV-exposed cats compared with cats never exposed to the virus.");
    const sperm = passage(2, 165, "Sperm cryopreservation allows for a long-term preservation of genetic materials in cats and other felids.");
    const terms = [...new Set(tokenize("stray cat felv positive long term"))].map((term) => ({ term, weight: 1, df: 2, idf: 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(terms.map((t) => t.term)), askingTerms: new Set(tokenize("what does that mean for her long term?")), alreadySaid: new Set(), supporting: new Set([1, 2]) };
    expect(extractiveAnswer(question, terms, [felv, sperm], {}, guide).text.split("\n")[0]).toMatch(/^Some epidemiological data show reduced survival/);
  });

  it("for what causes a disease, is the sentence that says its cause ('The cause can be either…')", () => {
    const question = "Pink eye going through the ewes - what causes it?";
    const [frame] = readConversation([question]);
    const pinkEye = passage(
      1,
      29,
      "Infectious keratoconjunctivitis is the most common infectious ocular disease of sheep and is called pink eye in the UK. Sheep with pink eye are often seen during outbreaks of abortion in the flock. The cause can be either Mycoplasma conjunctivae or Chlamydophila psittaci, or a combination of both.",
    );
    const terms = [...new Set(tokenize("pink eye ewes sheep causes"))].map((term) => ({ term, weight: 1, df: 2, idf: 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(terms.map((t) => t.term)), askingTerms: new Set(tokenize("what causes it?")), alreadySaid: new Set(), supporting: new Set([1]) };
    expect(extractiveAnswer(question, terms, [pinkEye], {}, guide).text.split("\n")[0]).toMatch(/^The cause can be either Mycoplasma conjunctivae/);
  });

  it("for a value asked of an attribute ('how high can mortality go?'), is the sentence giving it in other words ('cause death in up to 90%')", () => {
    const question = "Pullorum or fowl typhoid confirmed in a poultry flock – how high can mortality go?";
    const [frame] = readConversation([question]);
    const species = passage(1, 35, "Further, there are species-specific salmonellae, e.g. S. pullorum and S. gallinarum, both found in poultry, and S. abortus ovis, found in sheep.");
    const poultry = passage(
      2,
      112,
      "Two of the main pathogens of these genera infecting poultry are Salmonella enterica serovar Pullorum (S. Pullorum) and Salmonella enterica serovar Gallinarum (S. Gallinarum). Their economic impact in terms of loss in the poultry sector is due to their killing effect after infection. Both strains can cause death in up to 90% of birds affected.",
    );
    const terms = [...new Set(tokenize("pullorum fowl typhoid poultry high mortality"))].map((term) => ({ term, weight: 1, df: 2, idf: 1 }));
    const guide: AnswerGuide = { frame: frame!, ownTerms: new Set(terms.map((t) => t.term)), askingTerms: new Set(tokenize("how high can mortality go?")), alreadySaid: new Set(), supporting: new Set([1, 2]) };
    expect(extractiveAnswer(question, terms, [species, poultry], {}, guide).text.split("\n")[0]).toMatch(/^Both strains can cause death in up to 90% of birds affected/);
  });
});
