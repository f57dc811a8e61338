import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKnowledgeBase, page, para } from "../../../tests/support/knowledge-base";
import { FIXTURE_VETBENCH_PASSAGES } from "../../../tests/support/fixtures";
import { answerQuestion, type AnswerDeps } from "./pipeline.server";
import { REFUSAL } from "./types";

/**
 * Answers on a knowledge base of real size: the 276 VetBench passages as one document, page N = passage N (as
 * `npm run eval:answers` lays them out). A tiny knowledge base refuses for reasons of its own (few passages, every word
 * rare); these kinds of question are only tested fairly among the passages that answered them wrongly.
 */
let kb: ReturnType<typeof createKnowledgeBase>;
beforeAll(() => {
  kb = createKnowledgeBase();
  const lines = fs.readFileSync(FIXTURE_VETBENCH_PASSAGES, "utf8").replace(/\s+$/, "").split(/\r?\n/);
  kb.add({ id: "vetbench", title: "VetBench core passages", fileType: "pdf", pages: lines.map((text, i) => page(i + 1, [para(text)])) });
});
afterAll(() => kb.cleanup());

const deps = (): AnswerDeps => ({ db: kb.db, embedder: async () => null, chatModel: async () => null });
const ask = (question: string, history: Array<{ role: "user" | "assistant"; content: string }> = []) =>
  answerQuestion({ question, history, viewerId: "bob", usePubmed: false, useThinkHarder: false }, deps());
const firstPage = async (question: string) => (await ask(question)).citations[0]?.page;
/** Each turn asked after the ones before it and their answers; the last turn's answer. */
async function converse(...turns: string[]) {
  const history: Array<{ role: "user" | "assistant"; content: string }> = [];
  let last = await ask(turns[0]!);
  for (const turn of turns.slice(1)) {
    history.push({ role: "user", content: turns[history.length / 2]! }, { role: "assistant", content: last.content });
    last = await ask(turn, [...history]);
  }
  return last;
}

describe("answers among the 276 VetBench passages", () => {
  it("refuses a disease named by its host's adjective and a word no passage writes, not answering from the disease the asker knows", async () => {
    expect((await ask("Our shelter has a litter of 8-week-old kittens. I know calicivirus hits kittens under 12 weeks hard. How deadly is feline panleukopenia for kittens that age?")).content).toBe(REFUSAL);
    expect(await firstPage("How deadly is feline calicivirus in young kittens?")).toBeOneOf([168, 183]);
  });

  it("reads a disease named after a person in lower case as that name ('aujeszky's disease'), which no passage holds", async () => {
    expect((await ask("swine vet. CSF incubation is 2 to 14 days in pigs infected after birth, right? and what's the incubation for aujeszky's disease in growers?")).content).toBe(REFUSAL);
    expect(await firstPage("What's the incubation period of classical swine fever in pigs infected after birth?")).toBe(266);
  });

  it("asks of seals where a disease is said to spill into them, and of camels where a disease is named after them beside the pigs it is compared with", async () => {
    expect((await ask("Seal sanctuary volunteer: could canine distemper spill over from dogs into seals the way it did into the Serengeti lions?")).content).toMatch(/^I cannot find information/);
    expect(await firstPage("Did canine distemper spread from domestic dogs into the Serengeti lions?")).toBe(177);
    expect((await ask("Is there a camel hepatitis E genotype, and does it infect people the way the pig genotypes do?")).content).toMatch(/^I cannot find information/);
  });

  it("refuses whether DHAV-3 kills goslings, where only a passage on another disease names geese", async () => {
    expect((await ask("Goose farmer here. Our duck neighbours lost lots of ducklings to duck hepatitis A virus type 3. Can DHAV-3 kill goslings too, and would we see mortality like the 90% the ducks get?")).content).toMatch(/^I cannot find information/);
    expect(await firstPage("How many ducklings does DHAV-3 kill?")).toBeOneOf([138, 153]);
  });

  it("reads a count of the animals spoken of as a follow-up", async () => {
    const share = await converse("I'm fostering a rescue kitten who has just come back FeLV positive. What are the different ways an FeLV infection can play out in a cat?", "roughly how many end up in the nasty progressive group?");
    expect(share.citations[0]?.page).toBe(175);
  });

  it("answers questions asked in everyday or lab words ('sit taxonomically', 'go after', 'out of curiosity', 'herbal remedies')", async () => {
    expect(await firstPage("where does feline coronavirus sit taxonomically?")).toBe(180);
    expect(await firstPage("Which cells does classical swine fever virus go after?")).toBe(264);
    expect(await firstPage("out of curiosity, what is snake venom mostly made of?")).toBeOneOf([244, 252]);
    expect(await firstPage("Do horse owners use herbal remedies and chiropractors, and is there proof they work?")).toBe(219);
  });

  it("leads how many times something happened with the sentence that counts the times", async () => {
    const result = await ask("How many times has the pandemic H1N1 (pdm09) virus gone back from people into pigs around the world?");
    expect(result.citations[0]?.page).toBe(262);
    expect(result.content).toMatch(/^The reintroduction of human viruses into swine was estimated to have occurred at least 133 times/);
  });

  it("compares what a question sets apart 'in terms of' a dimension, without asking an amount", async () => {
    expect(await firstPage("Teaching anaesthetist: what separates an unstable atherosclerotic plaque from a stable one in terms of the fibrous cap and the size of the lipid core?")).toBe(253);
  });

  it("reads hexavalent chromium as Cr(VI) and a clinician's GNG and BG as gluconeogenesis and blood glucose", async () => {
    expect(await firstPage("Toxicologist here: why is hexavalent chromium so harmful to the brain?")).toBe(116);
    expect(await firstPage("pck1 knockdown in liver - effect on BG, and its role in GNG?")).toBe(140);
  });

  it("finds a member of a series written with its prefix once ('CD80, 86 and 40'), and refuses one the series does not number", async () => {
    expect(await firstPage("Does human beta-defensin 3 switch on CD86 on immune cells, and through which receptors?")).toBe(118);
    expect((await ask("Does human beta-defensin 3 switch on CD70 on immune cells?")).content).toBe(REFUSAL);
  });

  it("reads an abbreviation with a lower-case prefix ('hBD-2') as a name, and refuses the member no passage writes", async () => {
    expect((await ask("hBD-3 signals through TLR1 and TLR2. Which receptors does hBD-2 signal through?")).content).toBe(REFUSAL);
    expect(await firstPage("Which receptors does hBD-3 signal through?")).toBe(118);
  });

  it("reads the dominant genotype as the predominant one, in a follow-up", async () => {
    const answer = await converse("How many PCV2 genotypes are there?", "which of them dominates now?");
    expect(answer.citations[0]?.page).toBe(275);
    expect(answer.content).toMatch(/^Since 2012, the predominant PCV2b has been gradually replaced by the PCV2d genotype/);
  });

  it("does not carry a pathogenicity index the question before asked for into what other birds get", async () => {
    const answer = await converse("How are Newcastle disease virus strains classified?", "is there more than one NDV serotype?", "what ICPI score makes a strain virulent?", "what about ducks and geese, do they get sick from it or just carry it?");
    expect(answer.citations[0]?.page).toBe(142);
  });

  it("searches a follow-up's own ask with the subject it carries when the conversation's words find no passage that says it", async () => {
    const answer = await converse("Our contingency plan covers African swine fever. How is the virus passed between warthogs, soft ticks and domestic pigs?", "Is there a vaccine we could stockpile for it?");
    expect(answer.citations[0]?.page).toBe(274);
    expect(answer.content).toMatch(/^There are many reasons why an ASFV vaccine has proved so elusive/);
  });

  it("reads hydatids as the disease a follow-up carries, and 'something people can get' as asked of people", async () => {
    const answer = await converse("Slaughterhouse vet: we keep finding hydatids in cattle livers. What role do the cattle play in the cycle?", "Is that something people can get too, or only animals?");
    expect(answer.citations[0]?.page).toBe(58);
    expect(answer.content).toMatch(/^Cystic Echinococcosis \(CE\) is an important zoonotic parasitic disease/);
  });

  it("reads a spinal cord that will not heal or mend as its regeneration", async () => {
    expect(await firstPage("why can't an injured spinal cord mend itself, and how could stem cells help it heal?")).toBe(89);
  });

  it("refuses how long a vaccine protects where the only span is an age ('young up to 4 weeks') or an account's ('in the 12 years since')", async () => {
    expect((await ask("How long does protection from the RHDV2 vaccine last in a pet rabbit?")).content).toBe(REFUSAL);
    expect((await ask("How long does immunity last after a rabbit gets the RHDV2 jab?")).content).toBe(REFUSAL);
  });

  it("reads a sentence that points back at its paragraph's protein after where it holds ('In mammals, this small protein of approximately 8 kDa…')", async () => {
    const answer = await ask("roughly how big is mammalian RANTES?");
    expect(answer.citations[0]?.page).toBe(134);
    expect(answer.content.split("\n")[0]).toContain("8 kDa");
  });

  it("asks a molecular weight in daltons: a passage giving only other figures does not answer it", async () => {
    expect((await ask("What's the molecular weight of APP in kDa?")).content).toBe(REFUSAL);
  });

  it("reads deep time ('a common ancestor of ~1.8 mya') as how long ago", async () => {
    const answer = await ask("How long ago did the Grey and the Ceylon junglefowl share a common ancestor?");
    expect(answer.citations[0]?.page).toBe(124);
    expect(answer.content.split("\n")[0]).toContain("1.8 mya");
  });

  it("answers how many serotypes with the sentence that says there is a single one", async () => {
    const answer = await ask("How many serotypes of NDV are there?");
    expect(answer.citations[0]?.page).toBe(111);
    expect(answer.content).toMatch(/^Although all NDV isolates belong to a single serotype/);
  });

  it("reads a protein's shorthand: N-term, ZnF", async () => {
    expect(await firstPage("TRAF N-term: how many ZnF domains, and fn?")).toBe(120);
  });

  it("refuses a kind named by capitals no passage writes beside its siblings ('ATTR amyloid' where AA and AL are written)", async () => {
    expect((await ask("What protein is ATTR amyloid derived from?")).content).toBe(REFUSAL);
    const answer = await ask("What protein is AA amyloid derived from?");
    expect(answer.citations[0]?.page).toBe(163);
    // (The paper's reference markers after a colon and a semicolon are not quoted: "importance:1 AA amyloid…;2 AL…".)
    expect(answer.content).toContain("of major importance: AA amyloid is derived from");
    expect(answer.content).toContain("inflammation; AL amyloid");
  });

  it("reads where the asker heard of a disease (a lecture, a podcast) as no part of what is asked", async () => {
    const sfts = await ask("Had a lecture mention SFTS - what is it and what causes it?");
    expect(sfts.citations[0]?.page).toBe(193);
    // (What it is, as well as its cause.)
    expect(sfts.content).toContain("is an emerging infectious disease");
    expect(sfts.content).toContain("The causative agent of SFTS is a novel Dabie bandavirus");
    expect(await firstPage("Heard about SFTS on a podcast. What causes it?")).toBe(193);
  });

  it("reads a lab's shorthand: AR polyQ len, PCa", async () => {
    expect(await firstPage("AR polyQ len & PCa risk in dogs?")).toBe(91);
  });

  it("reads a bound said in words ('more than 200 nucleotides in length') as the cutoff asked", async () => {
    const answer = await ask("what length cutoff defines a long non-coding RNA, and what are the main ways lncRNAs regulate genes?");
    expect(answer.citations[0]?.page).toBe(154);
    expect(answer.content).toMatch(/^LncRNAs, more than 200 nucleotides in length/);
  });

  it("answers a rare word asked of, told beside a word no passage writes ('…I saw it in a paper about sick seabirds')", async () => {
    expect(await firstPage("What's viperin and how does it fight flu? I saw it in a paper about sick seabirds.")).toBe(113);
    // (An off-topic question told the same way stays refused.)
    expect((await ask("How do I make fresh pasta? I saw it in a magazine about italian cooking.")).content).toBe(REFUSAL);
  });

  it("answers how often one should expect a finding with how common it is ('…hydatid cysts in cattle down there compared with up north?')", async () => {
    const answer = await ask("Meat inspector moving from Lombardy to a slaughterhouse in the south of Italy. How often should I expect hydatid cysts in cattle down there compared with up north?");
    expect(answer.citations[0]?.page).toBe(58);
    expect(answer.content).toContain("3 to 70% in cattle");
  });

  it("reads the visit where the vet said it as no part of what is asked ('…at her booster the vet said she's already got gum disease??')", async () => {
    const answer = await ask("my cat only just turned 2 and at her booster the vet said she's already got gum disease?? is that normal at that age or have I done something wrong");
    expect(answer.citations[0]?.page).toBe(227);
    expect(answer.content).toMatch(/^By just 2 years of age, 70% of cats/);
  });

  it("refuses a share of a thing the passages name but give no figure for ('What lean meat percentage does the Black Muscovy duck reach?')", async () => {
    expect((await ask("What lean meat percentage does the Black Muscovy duck reach?")).content).toBe(REFUSAL);
    // (What they do say of it is answered.)
    expect(await firstPage("Which duck breed in China has fast growth and a high lean meat rate?")).toBe(147);
  });

  it("reads 'circular RNAs' as the passages' 'circRNAs'", async () => {
    const answer = await ask("Besides working as miRNA sponges, in what other ways can circular RNAs act?");
    expect(answer.citations[0]?.page).toBe(236);
    expect(answer.content).toMatch(/^CircRNAs have a variety of biological functions/);
  });

  it("reads arteries that fur up and what builds up in the vessel wall as atherosclerosis and its deposits", async () => {
    const answer = await ask("When the arteries start to fur up, what's the first stuff that builds up in the vessel wall?");
    expect(answer.citations[0]?.page).toBe(253);
    // (After the sentence its "Its" points back at.)
    expect(answer.content.split("\n")[0]).toMatch(/^Atherosclerosis [^\n]*\[1\] Its progression commences with LDL deposition/);
  });

  it("answers whether a protein is made all the time with the sentence saying it is constitutively expressed", async () => {
    const answer = await converse(
      "Neuropath rotation: where in a neuron is APP (amyloid precursor protein) normally found, and how does it get to the presynaptic zone?",
      "which kinds of stress is it supposed to help the cells survive?",
      "is it made all the time, or only once there's damage?",
    );
    expect(answer.content).toMatch(/^APP is a constitutively expressed/);
  });

  it("reads a blood marker wanted as how it is diagnosed, answered from the page on tumour markers", async () => {
    const answer = await ask("Found a lump on my bitch's mammary chain. Is there a blood marker that helps diagnose mammary tumours, like the ones used for breast cancer in women?");
    expect(answer.citations[0]?.page).toBe(84);
  });

  it("reads 'what would I actually notice?' in an animal that has it as its signs", async () => {
    expect((await ask("If one of my goats had scrapie, what would I actually notice?")).content).toMatch(/^Like other transmissible spongiform encephalopathies \(TSEs\), classical scrapie has a variable pre-clinical period/);
  });

  it("answers a follow-up naming lice of the lice, not of the disease spoken of before", async () => {
    const answer = await converse(
      "Hatchery problem: our young broiler chicks are pale and at post-mortem the thymus looks shrunken. Could it be chicken infectious anaemia?",
      "Can the breeder hens pass it on through the egg?",
      "We also found lice on the breeder hens - do they hurt laying?",
    );
    expect(answer.citations[0]?.page).toBe(129);
    expect(answer.content).toMatch(/^Chicken body louse infestations have been linked to decreased hen weight, egg production/);
  });

  it("reads 'on EM' as the means of seeing, not as a thing the passages must name", async () => {
    const answer = await ask("Koi vet here: what does the spring viraemia of carp virus look like on EM - envelope, shape and size?");
    expect(answer.citations[0]?.page).toBe(42);
    expect(answer.content).toMatch(/enveloped and bulletshaped, measuring approximately 80–180 nm/);
  });

  it("reads rhabdoviruses as the viruses of the Rhabdoviridae", async () => {
    const answer = await ask("Koi vet here: does spring viraemia of carp virus have the NV gene that some of the other fish rhabdoviruses carry?");
    expect(answer.citations[0]?.page).toBe(42);
    expect(answer.content).toMatch(/non-virion \(NV\) gene found in between the G and L genes/);
  });

  it("answers what sort of gene encodes COX-2, which asks no gene's name", async () => {
    expect(await firstPage("What sort of gene encodes COX-2, and which enzyme family does COX-2 belong to?")).toBe(178);
  });

  it("reads chromium-6 and harmful oxygen molecules as Cr(VI) and reactive oxygen species", async () => {
    const answer = await ask("Chromium-6 from an old tannery has got into our borehole. What kinds of harmful oxygen molecules does it make inside the body, and through what in-between form of chromium?");
    expect(answer.citations[0]?.page).toBe(116);
    expect(answer.content).toMatch(/^A series of studies in vitro and in vivo demonstrated that Cr\(VI\) can induce oxidative stress/);
    expect(answer.content).toMatch(/Cr\(VI\) produces noxious ROS containing superoxide anion, hydroxyl radicals, and singlet oxygen through the formation of Cr\(V\) intermediates/);
  });

  it("reads a deubiquitinase's motifs as the deubiquitinating enzymes' consensus sequences", async () => {
    const answer = await ask("In the deubiquitinase (UBP) family, which conserved motifs do the enzymes need for their activity?");
    expect(answer.citations[0]?.page).toBe(158);
    expect(answer.content).toMatch(/^The family members differ in protein size and amino acid sequence; however, all share several consensus sequences/);
  });

  it("refuses a gene, a sibling code, a unit and genotypes the passages do not give, and answers what they do give", async () => {
    expect((await ask("Where are the DNase I hypersensitive sites upstream of the chicken ovalbumin gene, and which of them respond to steroid hormones in the oviduct?")).content).toBe(REFUSAL);
    expect(await firstPage("Where are the DNase I hypersensitive sites upstream of the chicken lysozyme gene?")).toBe(122);
    expect((await ask("TRAF6 was fished out by yeast two-hybrid with CD40 as bait. How was TRAF2 originally isolated?")).content).toBe(REFUSAL);
    expect(await firstPage("How was TRAF6 originally isolated?")).toBe(120);
    expect((await ask("What ultrasound frequency, in MHz, is used for transabdominal histotripsy of the canine prostate?")).content).toBe(REFUSAL);
    expect(await firstPage("How long are the pulses of ultrasound energy in histotripsy, in μs?")).toBe(97);
    expect((await converse("How does myostatin signalling affect muscle cell proliferation in horses?", "so which MSTN genotype - C/C, C/T or T/T - is the one you want for a sprinter?")).content).toBe(REFUSAL);
    // (A route typed short is no genotype: "s/c or i/m" is answered by the passage that writes "subcutaneous".)
    expect(await firstPage("What dose of ivermectin is used when deworming an individual pig, s/c or i/m?")).toBe(await firstPage("What dose of ivermectin is used when deworming an individual pig?"));
  });

  it("refuses what the passages say only of the animals compared with, of chameleons, of another country and of a sign never named with the cause", async () => {
    expect((await ask("Vet student: are goat kidneys smooth like a sheep's or lobed like a cow's?")).content).toMatch(/^I cannot find information/);
    expect(await firstPage("Are sheep kidneys smooth or lobed?")).toBe(31);
    const ram = await ask("Sheep farmer: can Campylobacter fetus subsp. fetus attach to ram sperm and spoil semen quality, the way it does with bull sperm?");
    expect(ram.content).toMatch(/^I cannot find information about this topic in the available medical literature\.\s+The knowledge base gives this for cattle \[1\], not for sheep\./);
    expect(await firstPage("Can Campylobacter fetus subsp. fetus attach to bull sperm and affect sperm quality?")).toBe(55);
    expect((await ask("Chameleon keeper: my veiled chameleon has crusty, swollen lips. Has Devriesea agamarum been reported as a cause of cheilitis in chameleons, or only in agamids?")).content).toMatch(/^I cannot find information about this topic in the available medical literature\.(?:\s+The knowledge base gives this for [^\n]+, not for chameleons\.)?$/);
    expect(await firstPage("Has Devriesea agamarum been reported as a cause of cheilitis in agamid lizards?")).toBe(48);
    expect((await ask("What prevalence of cystic echinococcosis is reported in sheep in the Balkan countries, say Bulgaria or Serbia?")).content).toBe(REFUSAL);
    expect(await firstPage("What prevalence of cystic echinococcosis is reported in sheep in Italy?")).toBe(58);
    expect((await converse("Sheep and goat vet here: apart from border disease virus, which pestiviruses have been found in small ruminants?", "and in piglets?", "does Linda virus cause congenital tremor in the piglets?")).content).toBe(REFUSAL);
    const papilloma = "Different subject - roughly how many papillomaviruses have been characterised in humans versus animals, and how many of the animal ones come from cattle?";
    expect((await ask(papilloma)).citations[0]?.page).toBe(70);
    expect((await converse(papilloma, "how many of those are dog papillomaviruses?")).content).toBe(REFUSAL);
  });

  it("refuses a type, a count of kinds and a span of protection the passages do not give, and answers those they give", async () => {
    expect((await ask("Which PRNP genotypes make sheep resistant to classical scrapie?")).content).toBe(REFUSAL);
    expect(await firstPage("Which swine hepatitis E genotypes are zoonotic?")).toBe(276);
    expect((await ask("How many different collagen types have been described in vertebrates?")).content).toBe(REFUSAL);
    expect(
      (await ask("Got both my house rabbits jabbed against RHD including the RHDV2 strain last spring. How long does the RHDV2 vaccine actually protect for - do they need a booster every 12 months or every six?")).content,
    ).toBe(REFUSAL);
  });

  it("answers how many doses of a vaccine were used in all", async () => {
    expect(await firstPage("How many doses of the Gudair OJD vaccine were used in its first few years on the market, and when was it registered?")).toBe(234);
  });

  it("answers a stuck shed's treatment asked after questions on mites and ivermectin from the page on shedding", async () => {
    const answer = await converse(
      "I breed royal pythons, about 40 adults plus hatchlings. Tonight I noticed tiny red-black specks tucked under the edges of the scales on two of them, and a few floating dead in the water bowl. What are they?",
      "are they actually dangerous or just a nuisance?",
      "What should I treat them with - which spray or ivermectin dilution for the snakes and the vivs, and how many times do I repeat it?",
      "OK. One of the affected girls also has a bad stuck shed and the eye caps haven't come off - her eyes look dull. What can I do for that?",
    );
    expect(answer.citations[0]?.page).toBe(45);
  });

  it("answers the size of a population or a family from the count, and red blood cells from the erythrocytes' page", async () => {
    expect(await firstPage("goat pox, India: size of the national goat population, and how many states/UTs?")).toBe(241);
    expect(await firstPage("how big is the parvovirus family - how many genera and species does it contain?")).toBe(152);
    expect(await firstPage("I read that chicken red blood cells have a nucleus, unlike ours. What do they actually do in the bird - is it just carrying oxygen?")).toBe(106);
  });

  it("refuses a fluke named by a genus repeated as its epithet, which no passage names, and answers one they name", async () => {
    expect((await ask("Is Heterophyes heterophyes counted among the important fish-borne intestinal flukes, alongside Haplorchis and the echinostomes?")).content).toBe(REFUSAL);
    expect(await firstPage("Which intestinal flukes are fish-borne, besides Haplorchis?")).toBe(198);
  });

  it("leads how a disease comes about with what causes it, not with its rank among what kills", async () => {
    const fip = await ask("How does a harmless feline enteric coronavirus end up causing FIP?");
    expect(fip.content.split("\n")[0]).toMatch(/result of genetic mutations|due to the higher rate/);
    expect(fip.content.split("\n")[0]).not.toMatch(/leading cause of death/);
  });

  it("leads from the paragraph writing a disease's virus by an abbreviation made on the disease's ('ASFV' after 'ASF')", async () => {
    expect(await firstPage("Besides its structural proteins, what does the African swine fever virus genome code for, and how do those proteins help it dodge the hog's immune defences?")).toBe(254);
  });

  it("refuses the names of things a passage only counts, and answers names it gives", async () => {
    const felv = await converse(
      "Cat with FeLV, and the referral lab's subgroup typing came back as FeLV-T. What's special about that subgroup?",
      "going back to FeLV-T - what are the two host proteins it needs called?",
    );
    expect(felv.content).toBe(REFUSAL);
    expect(await firstPage("In laying hens, what are the two main oestrogen receptors called?")).toBe(135);
  });

  it("refuses a small wild cat the passages never name, beside the wild felids they do, and answers one they name", async () => {
    const serval = await ask(
      "Zoo vet: one of our servals is losing weight and has a fluid-filled belly. Has FIP from feline coronavirus been reported in servals, or only in the wild felids like cheetahs and leopards?",
    );
    expect(serval.content).toMatch(/^I cannot find information[^]*not for servals\.$/);
    expect(await firstPage("Has FIP been reported in mountain lions?")).toBe(181);
  });

  it("refuses a prevalence asked of horses where the only figures are people's, compared with, and a test's hit rate", async () => {
    expect((await ask("How common is alopecia areata in horses - is there a prevalence figure like the one quoted for people?")).content).toBe(REFUSAL);
    expect(await firstPage("How common is alopecia areata in people?")).toBe(221);
  });

  it("refuses which toxin where the passages on the disease speak of none, and answers where they name one", async () => {
    expect((await ask("Which toxin of Clostridium perfringens drives the necrotic enteritis lesions in broiler chickens?")).content).toBe(REFUSAL);
    expect(await firstPage("Which toxins are looked for in the faeces of horses with CDAD?")).toBe(212);
  });

  it("quotes the last sentence of a page that lost its full stop", async () => {
    const babesia = await ask("Which Babesia species cause babesiosis in sheep, and which one is the most pathogenic?");
    expect(babesia.citations[0]?.page).toBe(228);
    expect(babesia.content.split("\n")[0]).toMatch(/B\. ovis is the most pathogenic species/);
  });

  it("refuses a share that die where the passages give a count a year, and answers a share that die", async () => {
    expect((await ask("Meningeal tuberculosis is called the most lethal extrapulmonary form. What percentage of the patients who get it die?")).content).toBe(REFUSAL);
    expect((await ask("What percentage of cats with FIP die?")).content.split("\n")[0]).toMatch(/95% of affected cats die/);
  });

  it("refuses a country asked where the passages name none, and answers one they name", async () => {
    expect((await ask("Which country were the Hobi-like pestiviruses first found in?")).content).toBe(REFUSAL);
    expect(await firstPage("Which country reports 70,000 new human tuberculosis cases a year?")).toBe(52);
  });

  it("refuses lampreys where the passages speak of teleosts only, and answers the teleosts", async () => {
    expect((await ask("Do lampreys lack the distal segment of the nephron?")).content).toMatch(/^I cannot find information/);
    expect(await firstPage("Which marine teleosts lack the distal segment of the nephron?")).toBe(17);
  });

  it("leads with the sentence a pronoun-led lead points back at", async () => {
    const duck = await ask("Which antigen of the fowl cholera bacterium, already in a vaccine, protects chickens and ducks?");
    expect(duck.content.split("\n")[0]).toMatch(/^The outer membrane protein H \(OmpH\)[^\n]*\[1\] It has been incorporated into a fowl cholera vaccine/);
  });

  it("answers whether many die in words, after an answer that quoted it", async () => {
    const flu = await converse("How far can equine flu spread between yards?", "do many die?");
    expect(flu.content.split("\n")[0]).toMatch(/mortality rate arising from equine influenza is low/);
  });

  it("reads a follow-up's 'it' as what the pronoun-led lead named, not the sentence quoted before it", async () => {
    const cat = await converse("Shelter cat: sneezing, ocular and nasal discharge and ulcers on the tongue. What are the usual culprits?", "could the owner's puppy catch it?");
    expect(cat.content.split("\n")[0]).toMatch(/FCV infection in dogs/);
  });

  it("reads the light-sensing cells at the back of the eye as the retina's photoreceptors", async () => {
    const eye = await ask("what are the first signs of the inherited eye disease that kills off the light-sensing cells at the back of the eye?");
    expect(eye.citations.map((c) => c.page)).toContain(187);
  });

  it("reads how long a disease stays silent before signs show as its incubation, and how long after exposure they show", async () => {
    const scrapie = await ask("How long can classical scrapie stay silent before a sheep shows signs, and what neurological signs might the farmer then notice?");
    expect(scrapie.content).toMatch(/^Like other transmissible spongiform encephalopathies \(TSEs\), classical scrapie has a variable pre-clinical period \(2-5 years\)/);
    const csf = await converse("Growers with high fevers and purple ear tips, CSF is on my list. How long after exposure would signs show?");
    expect(csf.content).toMatch(/^The incubation period of pigs infected postnatally is 2 to 14 days/);
    // (And whether the sows end up carrying it: whether they become carriers.)
    const sows = await converse("Growers with high fevers and purple ear tips, CSF is on my list. How long after exposure would signs show?", "and the sows, can they end up carrying it?");
    expect(sows.content).toMatch(/^In infected holdings, up to 43% of pregnant sows may become carriers/);
  });

  it("refuses how cats with porphyria are treated, where a sentence heat-treats serum and another speaks of human medicine", async () => {
    const treated = await converse(
      "Collie with dark red urine that stays red after spinning, dipstick positive for blood but no RBCs in the sediment. Quick in-clinic way to tell myoglobin from haemoglobin?",
      "would the serum look any different?",
      "what about in cats, the orangey-brown one?",
      "how are those cats treated?",
    );
    expect(treated.content).toBe(REFUSAL);
  });

  it("refuses how long FIV lasts from a paragraph on FeLV that names FIV once, and answers it of FeLV", async () => {
    expect((await ask("How long does FIV viraemia last in cats?")).content).toBe(REFUSAL);
    expect((await ask("how long can FIV stay in a cat?")).content).toBe(REFUSAL);
    expect((await ask("In a regressive FeLV infection, how long does the viraemia last?")).content).toMatch(/^Many cats develop a "regressive infection"/);
  });

  it("refuses Babesia major, which no passage names, though passages say 'major' and 'babesiosis', and answers Babesia divergens", async () => {
    expect((await ask("In which regions is Babesia major found in cattle, and which tick transmits it?")).content).toBe(REFUSAL);
    expect((await ask("Where is Babesia divergens found?")).content).toMatch(/^B\. bovis and B\. bigemia are more common in Africa/);
  });

  it("refuses where on a dog's body alopecia areata shows, said only of people and horses, and answers it of horses", async () => {
    expect((await ask("Where on the body do alopecia areata lesions typically appear in dogs?")).content).toBe(REFUSAL);
    expect((await ask("Where on the body do alopecia areata lesions typically appear in horses?")).content).toMatch(/^In horses, similar lesions are often noted on the face, neck, trunk/);
  });

  it("reads 'the chicks' on an ostrich farm as ostrich chicks, refusing what only the chicken louse's passage says", async () => {
    expect((await ask("Ostrich farm with feather lice on the chicks. Does the louse spend its whole life cycle on the bird, and how long does that cycle take?")).content).toBe(REFUSAL);
    expect((await ask("Lice on the chicks. Does the louse spend its whole life cycle on the bird, and how long does that cycle take?")).content).toMatch(/2-3-week life cycle/);
  });

  it("leads with the term quoted before a question that asks of it by 'it', and answers what ends up killing them", async () => {
    const first = "Adult cat just came up FeLV antigen positive on a snap test. The owner asked what 'progressive infection' means. How do I explain it, and how common is it among infected cats?";
    expect((await ask(first)).content).toMatch(/^In approximately one third of all infected cats/);
    const killing = await converse(first, "and how long do they usually last after diagnosis?", "what ends up killing them?");
    expect(killing.citations[0]?.page).toBe(175);
    expect(killing.content).toMatch(/^Usually, FeLV-infected \(FeLV\+\) cats die within 1 to 3 years/);
  });

  it("refuses how many feral swine there are, where the passage counts their states and piglets, and answers how many Quarter Horses", async () => {
    expect((await ask("Trapper for a wildlife services crew in east Texas. We know feral hogs are in at least 38 states now. Roughly how many feral swine are there in the US in total?")).content).toBe(REFUSAL);
    expect((await ask("Game warden here. What's the current estimate of the total feral swine population in the US, and how many of them are in Texas?")).content).toBe(REFUSAL);
    expect((await ask("How many Quarter Horses are there?")).content).toMatch(/^Almost 3 million Quarter Horses were registered/);
  });

  it("answers which SGLT2 inhibitors cats may have though the case names insulin, which no passage writes, and then how they act", async () => {
    const first = "Diabetic cat, and the owner won't inject insulin twice daily. Which SGLT2 inhibitors have been approved for felines?";
    expect((await ask(first)).content).toMatch(/^Currently, ten SGLT2 inhibitors have been approved/);
    expect((await converse(first, "and how do they work?")).content).toMatch(/^Sodium-glucose cotransporter 2 \(SGLT2\) inhibitors represent a class of anti-diabetic agents/);
  });

  it("answers post-op meds and when the stitches come out after a refused turn on an enucleation, from the sentences that say so", async () => {
    const turns = ["Blind painful eye, no hope of recovery, so I'm removing it. How do I sedate and block it for the enucleation?", "what dose of xylazine?"];
    expect((await converse(...turns)).content).toBe(REFUSAL);
    expect((await converse(...turns, "right. post-op meds and for how long?")).content).toMatch(/^The animal should receive antibiotics and NSAIDs for a minimum of 5 days/);
    expect((await converse(...turns, "and when do the stitches come out?")).content).toMatch(/^The sutures should be removed in 10 days/);
  });

  it("leads why a urea cycle enzyme's defect is so serious with the sentence giving the reason ('since there are no alternative pathways')", async () => {
    const answer = await ask("A young dog has episodes of dullness sliding towards coma after high-protein meals, with persistent hyperammonemia. Which mechanism best explains why a congenital deficiency of one urea-cycle enzyme can be life-threatening in mammals?");
    expect(answer.content).toMatch(/^Certain liver diseases that affect the urea cycle, particularly acquired or inherited defects in any one of the five urea cycle enzymes/);
  });

  it("leads a question asking steps in their order with the sentence that gives them in order ('…followed by…')", async () => {
    const answer = await ask("In what order do things happen when chicken type I interferons set up an antiviral state that protects neighbouring cells?");
    expect(answer.content).toMatch(/^Recognition of viral pathogens by specific pattern recognition receptors \(PRRs\) induce chicken type I IFNs expression followed by/);
  });

  it("answers how long maternal antibody from recovered breeder geese protects goslings, with the sentence giving the weeks", async () => {
    const answer = await ask("For how long does maternal antibody from vaccinated or recovered breeder geese fully protect goslings against goose parvovirus challenge, and by which routes can the novel goose parvovirus (N-GPV) spread?");
    expect(answer.content).toMatch(/^Moreover, high level of antibodies against GPV could be delivered from breeder geese .* in the initial 1-2 weeks\. \[1\]/);
    expect(answer.citations[0]?.page).toBe(139);
  });

  it("answers which water conditions are linked to peak shrimp mortality beside after how many days the disease appears", async () => {
    const answer = await ask("After roughly how many days of culture do white faeces disease events usually appear in shrimp ponds, and which water-quality conditions have been linked to peak mortality?");
    expect(answer.citations[0]?.page).toBe(196);
    expect(answer.content).toMatch(/after approximately 50 days of culture/);
    expect(answer.content).toMatch(/oxygen concentrations below 3\.0/);
  });

  it("answers which genotype stock from a European supplier has, from the sentence on isolates from Europe", async () => {
    const answer = await converse("Carp pond with haemorrhagic fish and deaths this spring, SVC is top of my list. What kind of virus is it, and is it notifiable?", "stock came from a European supplier - which genotype would that be?");
    expect(answer.content).toMatch(/^Isolates from North America and Asia belong to genotype 1a, while isolates from Europe belong to genotypes 1b, 1c, and 1d\. \[1\]/);
  });

  it("leads 'and the virion - shape and size?' with the sentence giving its shape and size, not the one naming a non-virion gene", async () => {
    const answer = await converse("Carp pond with haemorrhagic fish and deaths this spring, SVC is top of my list. What kind of virus is it, and is it notifiable?", "and the virion - shape and size?");
    expect(answer.content).toMatch(/^The virus is enveloped and bulletshaped, measuring approximately 80–180 nm in length/);
  });

  it("answers red urine in a house rabbit after a dog's red urine, from the sentence on rabbits", async () => {
    const answer = await converse(
      "Springer spaniel in after a long day's beating, urine is dark red and stays red after I spin it, and there are no RBCs in the sediment. Quickest in-house way to tell myoglobin from haemoglobin?",
      "ok. and if it turns out to be porphyrins, what would that look like?",
      "last one - house rabbit with red urine, same worry?",
    );
    expect(answer.content).toMatch(/^Rabbits often can have red urine as a result of ingesting porphyrins/);
  });

  it("refuses from what age calves have their first bluetongue dose, asked beside the booster, where only the two-dose course is written", async () => {
    expect((await ask("Suckler herd, bluetongue vaccination planned for spring. From what age can the calves have the first of the two doses, and once the cows have had the primary course how often do they need a booster?")).content).toBe(REFUSAL);
  });

  it("answers how duck plague is confirmed and from what age breeders are vaccinated, not carrying 'at PM' as a subject", async () => {
    const answer = await converse("Sudden deaths in our ducks with haemorrhages everywhere at PM - could this be duck plague?", "how is it confirmed, and from what age can breeder ducks be vaccinated?");
    expect(answer.content).toMatch(/^For prophylaxis, both live-attenuated and killed vaccines are being used in broiler and breeder ducks above 2 weeks of age\. \[1\]/);
    expect(answer.content).toMatch(/the confirmatory diagnosis involves virus isolation/);
    expect(answer.citations[0]?.page).toBe(143);
  });

  it("answers which FCoV serotype cats usually carry beside how common FIP is, from the sentence that also names canine coronavirus", async () => {
    const answer = await ask("Which FCoV serotype do cats usually carry, and how common is FIP?");
    expect(answer.content).toMatch(/FCoV serotype I is more prevalent than serotype II/);
    expect(answer.citations[0]?.page).toBe(181);
  });

  it("answers how deadly 'virulent systemic calici' is after questions on FIP, from the sentence on vs-FCV", async () => {
    const answer = await converse("Which FCoV serotype do cats usually carry, and how common is FIP?", "we've also had cats with facial and limb swelling - could be virulent systemic calici. how deadly is that?");
    expect(answer.content).toMatch(/^Virulent, systemic FCV \(vs-FCV\) is associated with systemic infection with a mortality rate as high as 67%\. \[1\]/);
  });

  it("answers whether an author-named grading applies to subcutaneous MCTs from the sentence on any of the cutaneous grading systems", async () => {
    const answer = await ask("Dog with a subcutaneous mast cell tumour: is the Kiupel grading system valid for it?");
    expect(answer.content).toMatch(/^There is no supporting evidence for the usefulness of grading these tumours with any of the cutaneous grading systems/);
    expect(answer.citations[0]?.page).toBe(14);
  });

  it("answers whether kittens with calici still shed once they look better, from the paragraph that names FCV by its abbreviation", async () => {
    const answer = await converse(
      "Litter of 8-week-old kittens drooling with tongue ulcers - calici? how bad at this age?",
      "one of them only has sticky eyes and squints, no ulcers - what else could it be?",
      "when they look better, can they be rehomed or are they still shedding?",
    );
    expect(answer.content).toMatch(/^The clinical symptoms are relieved 14 to 18 days after the infection, but the FCV is still excreted through saliva/);
  });

  it("refuses how common thrombocytopenia is in dogs, not reading a paragraph on dogs as of it by an abbreviation defined in another passage", async () => {
    expect((await ask("How common is thrombocytopenia in dogs?")).content).toBe(REFUSAL);
  });

  it("leads 'how common is FIP really' with how common it is said of FIP, not where it commonly occurs", async () => {
    const answer = await ask("Rescue just lost a kitten to wet FIP. How common is FIP really, and which FCoV serotype is the usual one?");
    expect(answer.content).toMatch(/^In contrast to the more common asymptomatic or mild enteritis .* FIP is relatively uncommon in the general cat population/);
  });

  it("answers a follow-up on a shorthand-named laryngeal paralysis from its passage, carrying the condition", async () => {
    const answer = await converse(
      "Elderly retriever, roaring on exercise and a hoarse bark - lar par I think. Which muscle opens the glottis?",
      "is it only the throat though? he's a bit unsteady behind too",
    );
    expect(answer.citations[0]?.page).toBe(37);
  });

  it("answers how deadly a feared disease is in sheep after goats, from the sentence giving both, the case's signs being no subject", async () => {
    const answer = await converse("Goats with fever and diarrhoea, several dead - I'm worried about PPR. How lethal is it in goats?", "and in the sheep grazing with them?");
    expect(answer.content).toMatch(/^Case fertility rate of the disease is 55-85% in goat and less than 10% in sheep\. \[1\]/);
  });

  it("leads whether a virus is enveloped with the sentence calling it nonenveloped, written as one word", async () => {
    const answer = await converse("Cat with mouth ulcers and sneezing - calicivirus? what does it cause?", "is it an enveloped virus? deciding what to disinfect with");
    expect(answer.content).toMatch(/^Feline calicivirus \(FCV\) is a small, (?:un|non)enveloped/);
  });

  it("answers how to block the nerve behind the eye after asking whether an eye can come out without a GA, not carrying the GA", async () => {
    const answer = await converse(
      "Smallholder's goat was butted in the eye by the billy and the globe is ruptured, no hope of saving it. Is taking it out the kind thing, and can I avoid a full GA?",
      "how should I block it? especially the optic nerve",
    );
    expect(answer.content).toMatch(/^Local anaesthetic should be instilled all around the orbit/);
  });

  it("leads where something builds up in the body with the sentence saying where it accumulates, not what builds up", async () => {
    const answer = await converse(
      "A doe of ours has started rubbing herself raw and trembling, and scrapie was mentioned. What is classical scrapie and how long is it silent before signs appear?",
      "while it's incubating, where in the body does the abnormal prion build up?",
    );
    expect(answer.content).toMatch(/^During the course of classical scrapie infection in small ruminants, PrPSc progressively accumulates in peripheral lymphoid tissues/);
  });

  it("reads a question's 'it' as the thing the long sentence before it opens on ('Viperin keeps turning up…')", async () => {
    const answer = await ask(
      "Viperin keeps turning up near the top of the interferon-stimulated genes in our flu-challenged birds. What is known about how it works, and how does it get in the way of influenza?",
    );
    expect(answer.content.split("\n")[0]).toMatch(/viperin/i);
    expect(answer.citations[0]?.page).toBe(113);
  });

  it("does not answer a disease named by one letter from passages on its lettered siblings ('duck hepatitis B virus')", async () => {
    expect((await ask("Our Pekin breeders are being screened. What is duck hepatitis B virus, and do infected breeder ducks pass it on through the egg?")).content).toBe(REFUSAL);
    // (Whatever word follows its letter: "…duck hepatitis B that our breeders carry…".)
    expect((await ask("Can duck hepatitis B that our Pekin breeders carry pass through the egg?")).content).toBe(REFUSAL);
    expect(await firstPage("What is duck hepatitis A virus, and how many ducklings can it kill?")).toBeOneOf([138, 153]);
    // (Nor by its abbreviation: "swHEV" is hepatitis E's.)
    expect((await ask("Is hepatitis E of pigs a zoonosis?")).content).not.toBe(REFUSAL);
    // (A letter that begins a binomial names no lettered disease: "colitis, C. diff".)
    expect((await ask("Horse on antibiotics now has colitis, C. diff suspected. Which antimicrobials usually set it off?")).content).not.toBe(REFUSAL);
  });

  it("refuses a species asked after 'I need to know…' that the next part compares with another, where only the other is covered", async () => {
    expect((await ask("racing pigeon loft of 40 birds, lice seen along the wing feathers at today's check. to time the repeat dose I need to know how long the pigeon louse life cycle is - is it the same 2-3 weeks as the chicken body louse, all on the bird?")).content).toMatch(/^I cannot find information/);
    expect(await firstPage("How long is the chicken body louse life cycle?")).toBe(129);
  });

  it("refuses a rate asked for one species beside the figure the asker quotes for another ('the same 10-30% quoted for ducks')", async () => {
    expect((await ask("We keep geese. What mortality does duck Tembusu virus cause in geese - is it the same 10-30% quoted for ducks?")).content).toMatch(/^I cannot find information/);
    expect(await firstPage("What are the morbidity and mortality rates of DTMUV in ducks?")).toBe(151);
  });

  it("asks whether a disease infects the animals named after 'infect', not those named in its name", async () => {
    expect((await ask("Does ferret epizootic coronaviral enteritis infect mink too?")).content).toMatch(/^I cannot find information/);
    expect((await ask("Can feline calicivirus infect dogs?")).content).toMatch(/FCV infection in dogs/);
  });

  it("refuses how common a thing is in one species from a sentence calling another thing common in it", async () => {
    expect((await ask("How common is the use of complementary and alternative medicine among dog owners?")).content).toMatch(/^I cannot find information/);
    expect(await firstPage("How common is the use of complementary and alternative medicine among horse owners?")).toBe(219);
  });

  // (Each long enough to be read as an essay, where other values are not checked.)
  it("refuses an interval asked outright in a long question where no passage gives one", async () => {
    expect((await ask("Final-year student on a companion animal rotation: how often should dogs and cats have a professional dental clean to stop gingivitis progressing to periodontitis - every six months, or once a year?")).content).toMatch(/^I cannot find information/);
  });

  it("refuses how long after exposure signs show, asked outright in a long question where no passage gives it", async () => {
    expect((await ask("Beef farmer in the west of Ireland. Babesia divergens went through some heifers we moved onto rough grazing last month. How long after tick exposure do signs usually show, and are young calves less likely to get sick?")).content).toMatch(/^I cannot find information/);
    expect(await firstPage("How long after infection do signs of classical swine fever appear in pigs infected after birth?")).toBe(266);
  });

  it("refuses a dose asked 'at what dose' after a long case where no passage gives one", async () => {
    expect((await ask("Equine intern. Gelding with peracute C. difficile colitis and early SIRS, creatinine rising. I know treatment is NSAIDs, antimicrobials, anti-LPS and fluids. Which antimicrobial is first choice for C. difficile in horses, and at what dose and frequency?")).content).toMatch(/^I cannot find information/);
  });

  it("carries the disease into a question on its vaccine that names none, and refuses what no passage gives of it", async () => {
    const vaccine = await converse("PPR has been confirmed in goats in three villages here. How bad can it get?", "which vaccine strain would you use, and how long does one shot protect?");
    expect(vaccine.content).toMatch(/^I cannot find information/);
    const cause = await converse("PPR has been confirmed in goats in three villages here. How bad can it get?", "which vaccine strain would you use, and how long does one shot protect?", "and what kind of bug actually causes it?");
    expect(cause.citations[0]?.page).toBe(226);
  });

  it("reads the body's water and salts as its water and electrolytes, and an organ's job as its function", async () => {
    expect(await firstPage("Apart from keeping the body's water and salts balanced, what is the kidney's second most important job?")).toBe(184);
  });

  it("weighs the everyday words of a question relayed without a question mark lightly, where it tells a word few passages write", async () => {
    const answer = await ask("Quick one from the farm - the farmer's wife asked whether she should wash the mucky eggs before she sells them.");
    expect(answer.content).toMatch(/^It is recommended to lightly brush off any organic debris from eggs, rather than washing them/);
    expect(answer.citations[0]?.page).toBe(4);
  });
  it("asks of the animal a topic label names where the question after it asks of 'it', and reads LNs as lymph nodes", async () => {
    const answer = await ask("Bovine TB in cows - which LNs does it mostly affect, and is extrapulmonary TB in humans increasing?");
    expect(answer.content).toMatch(/^Bovine tuberculosis frequently causes granulomatous lesions/);
    expect(answer.citations[0]?.page).toBe(56);
  });

  it("refuses a disease put forward in words and then asked of as 'it', where no passage writes it", async () => {
    expect((await ask("Rabbit doe with swollen eyelids and puffy genitals, we suspect myxomatosis. What virus causes it and how is it spread between rabbits?")).content).toMatch(/^I cannot find information/);
    expect(await firstPage("How is rabbit haemorrhagic disease spread?")).toBeOneOf([250, 251]);
  });

  it("answers a question asking of a disease the passages write beside one they never name", async () => {
    const answer = await ask("Broilers dying suddenly with necrotic gut linings. What causes NE, and how does coccidiosis predispose to it?");
    expect(answer.citations[0]?.page).toBe(125);
  });

  it("reads the words a follow-up points back to ('those nerves') as the topic it carries", async () => {
    const kept = await converse("Planning a standing flank laparotomy on a cow under a paravertebral block. Which nerves will I be blocking and at which levels, and will she stay on her feet?", "How come blocking those nerves doesn't knock out sympathetic function in that area?");
    expect(kept.content).toMatch(/^The result is that, whereas the GSA and GSE neurons are effectively anaesthetised/);
    expect(kept.citations[0]?.page).toBe(7);
  });

  it("lets a sentence on the family its passage puts the asked virus in lead", async () => {
    const answer = await ask("Canine distemper virus: which proteins form its replicative complex?");
    expect(answer.content).toMatch(/^The replicative complex of paramyxoviruses/);
  });
  it("carries the disease a quoted sentence opens on, beside a lead listing a case's signs, into the follow-up's 'it'", async () => {
    const germs = await converse("Our cow has a high fever, is off her feed and passing dark red urine, and she's covered in ticks. What's wrong with her?", "Which germs are behind it?");
    expect(germs.content).not.toBe(REFUSAL);
    expect(germs.citations[0]?.page).toBe(49);
  });
  it("leads with the organism said to cause most of it where the question asks which germ is behind most", async () => {
    expect((await ask("Which germ is responsible for most skin and ear infections in dogs?")).content).toMatch(/^Staphylococcus pseudintermedius is a commensal bacterium/);
  });
  it("reads an abbreviation defined by a long form holding a genus's initial ('Borderline oxacillin-resistant S. aureus (BORSA)')", async () => {
    expect((await ask("What does BORSA stand for?")).content).toMatch(/^Borderline oxacillin-resistant S\. aureus \(BORSA\)/);
  });
  it("answers for a thing the question also calls by another name no passage writes, and reads TM as transmembrane", async () => {
    expect((await ask("STING aka TMEM173 - how many TM regions does it have?")).content).toMatch(/^STING is a membrane-related protein that contains four or five transmembrane regions/);
  });
  it("goes on with the organism the answer to 'what causes…' names, where its lead speaks of what was asked", async () => {
    const diagnosed = await converse("What causes bacterial gill disease in trout farms?", "how would it usually be diagnosed on site?");
    expect(diagnosed.citations[0]?.page).toBe(201);
  });

  it("refuses a disease the question names by its words and their abbreviation where the passages write neither", async () => {
    expect((await ask("Our trout fingerlings are dying and the pathologist has raised infectious pancreatic necrosis. What kind of virus causes IPN, and does it affect every life stage?")).content).toBe(REFUSAL);
    expect(await firstPage("Which virus causes pancreas disease in Atlantic salmon?")).toBe(43);
  });

  it("asks of the pathogen the question names, not one only told beside it, and reads 'PI-3' and 'spermatozoa' as the passages write them", async () => {
    expect(await firstPage("Pet rat owner here; my cousin's cattle had BVD last year. Have pestiviruses ever been found in rats? And which other unexpected hosts - bats, giraffes - have they been found in?")).toBe(53);
    expect(await firstPage("Coughing calves in a dairy herd - where do BRSV and PI-3 fit into pneumonia?")).toBe(68);
    expect(await firstPage("How are spermatozoa collected from tomcats, and why does sperm DNA integrity matter for ICSI in cats?")).toBe(165);
  });

  it("asks of the animal named, not of the group the question asks which member of", async () => {
    expect(await firstPage("Which wild bird do domestic chickens come from, where did it happen, and was there one domestication or several?")).toBe(128);
  });

  it("asks of the shrimp an aquaculture placement names, not of fish", async () => {
    expect(await firstPage("Student on an aquaculture placement at a vannamei farm: which dissolved oxygen and alkalinity levels went with the worst white faeces disease die-offs?")).toBe(196);
  });

  it("reads a species named in several words as any of its names ('an African grey' is a parrot)", async () => {
    expect(await firstPage("Our African grey solves puzzles. Why did researchers long doubt that birds could reason, and which brain structures were they thought to lack?")).toBe(248);
  });

  it("asks of seals where a question asks whether they do a thing, not where 'seals' is a quoted figure", async () => {
    expect((await ask("Rescue centre note: can seals serve as intermediate hosts passing influenza from birds to humans?")).content).toMatch(/^I cannot find information/);
    expect(await firstPage("Which cells line the breathing tubes, and what do the 'seals' between those cells do?")).toBe(96);
  });

  it("reads a taxonomist's 'fam' and 'subfam', and Sri Lanka as the Ceylon the passages write", async () => {
    expect(await firstPage("Feline coronavirus - order, fam, subfam and genus?")).toBe(180);
    expect(await firstPage("Which junglefowl is the Sri Lanka junglefowl most closely related to?")).toBe(124);
  });

  it("refuses a syndrome named in lower-case words that no passage writes, and answers one a passage does", async () => {
    expect((await ask("Which feed additive prevents fatty liver haemorrhagic syndrome in laying hens?")).content).toBe(REFUSAL);
    expect(await firstPage("In which birds does fatty liver and kidney syndrome arise?")).toBe(104);
    expect(await firstPage("Which animal model mimics hantavirus lung syndrome?")).toBe(249);
  });

  it("reads 'now and then' as nothing the passages must say, and a dog scuffing its feet as a proprioceptive deficit", async () => {
    expect(await firstPage("Nine-year-old Labrador with laryngeal paralysis who keeps scuffing his back feet and regurgitating now and then - are the two linked?")).toBe(37);
    expect(await firstPage("My old retriever has laryngeal paralysis and now scuffs his hind feet and regurgitates now and then. Connected?")).toBe(37);
  });

  it("answers 'which residues' only from residues named by position, and refuses a disease named by a hyphenated phrase no passage writes", async () => {
    expect((await ask("Which serine residues of IRF3 get phosphorylated by TBK1?")).content).toBe(REFUSAL);
    const vif = await ask("Which residues of FIV Vif decide that it degrades the cat's A3Z3?");
    expect(vif.citations[0]?.page).toBe(176);
    // (Led by a sentence naming residues by position: "…three residues (M24, L25, and I27)", "…Vif residues 50 to 80".)
    expect(vif.content.split("\n")[0]).toMatch(/residues[^.]*\d/);
    expect((await ask("My discus has pits on its forehead. Is it hole-in-the-head disease and what cures it?")).content).toBe(REFUSAL);
  });

  it("reads 'given how many…' as a reason told, a reference range as values asked, and STATs latching on as binding", async () => {
    expect(await firstPage("Do canine neck models like the human ones exist, given how many dogs have spinal injuries?")).toBe(74);
    expect((await ask("What are a cat's normal reference ranges for urea and creatinine?")).content).toBe(REFUSAL);
    expect(await firstPage("How do STAT proteins latch on to the interferon receptor?")).toBe(145);
  });

  it("goes on for an animal told in the first turn that its answer said the passages do not cover, saying so again", async () => {
    const oral = await converse(
      "We farm tilapia in cages and the buyer wants our antibiotic use cut. Why is the fish industry moving away from antibiotics, and why can't we simply vaccinate against everything?",
      "So why is it so difficult to make an oral vaccine work?",
    );
    expect(oral.citations[0]?.page).toBe(199);
    expect(oral.content).toContain("_The knowledge base does not give this for tilapia._");
  });

  it("reads 'turn up' as where something is found, and cattle that 'go poor' as losing weight (session 103's kinds)", async () => {
    // ("Turn up" is no word a sentence must hold: not "…they can turn into malignant tumours" on papillomas.)
    const lesions = await converse("How do cattle usually pick up bovine TB?", "where do the lesions normally turn up at the abattoir?");
    expect(lesions.citations[0]?.page).toBe(56);
    expect(lesions.content).toMatch(/^Bovine tuberculosis frequently causes granulomatous lesions/);
    const poor = await converse("Why are we doing all this TB testing on the herd - is bovine TB actually a risk to people?", "why do the chronic ones go so poor?");
    expect(poor.citations[0]?.page).toBe(63);
    expect(poor.content.split("\n")[0]).toMatch(/weight loss/);
  });
  it("reads mucky eggs as dirty, 'carried out' as done, and 'turned up positive' as the hosts found (session 104's kinds)", async () => {
    // (Mucky eggs: the organic debris the passage says to brush off rather than wash.)
    const eggs = await ask("Should I be washing the mucky eggs before they go in the honesty box at the gate?");
    expect(eggs.citations[0]?.page).toBe(4);
    expect(eggs.content).toMatch(/^It is recommended to lightly brush off any organic debris from eggs/);
    // ("What diseases do they carry?" is not answered by "Treatment should be carried out in adults…".)
    const feral = await ask("feral hogs keep turning up near our outdoor pigs, what diseases do they carry?");
    expect(feral.content).toMatch(/^Feral swine are also a reservoir for other human and animal diseases/);
    // (A follow-up asking which animals were found infected leads with the animals, not the last answer again.)
    const hosts = await converse("what tick carries SFTS?", "which animals have turned up positive for it?");
    expect(hosts.citations[0]?.page).toBe(193);
    expect(hosts.content).toMatch(/^In addition, various species of domestic and wild mammals, including goats/);
  });
});
