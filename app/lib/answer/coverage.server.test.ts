import { describe, expect, it } from "vitest";
import type { QueryTerm } from "../search/index.server";
import { isStopWord, tokenize } from "../search/index.server";
import { abbreviationsDefinedIn, checkCoverage, DIAGNOSING, holdsValue, HOW_DIAGNOSED, namesThing, ofAnotherVirusBefore, ofOppositeState, unseenNames } from "./coverage.server";
import { frameOf, readConversation } from "./frame";
import { holdsTerm, passageTerms, type ScoredPassage } from "./relevance.server";
import type { PassageLike } from "./types";

/** Terms as search would analyse the question (every word known, equally rare: the checks here do not weigh). */
const termsOf = (question: string): QueryTerm[] => [...new Set(tokenize(question))].map((term) => ({ term, weight: 1, df: 1, idf: 1 }));

let nextId = 1;
const passage = (text: string, heading: string | null = null): ScoredPassage<PassageLike> => ({
  chunkId: nextId++,
  documentId: "book",
  title: "Veterinary Notes",
  pages: [nextId],
  pageLabel: null,
  heading,
  text,
  fileType: "pdf",
  coverage: 1,
  evidence: 20,
});

const check = (question: string, passages: Array<ScoredPassage<PassageLike>>) => checkCoverage(question, termsOf(question), frameOf(question), passages);

const ITRACONAZOLE_DOGS = passage("Itraconazole for Malassezia dermatitis in dogs is given orally at 5 mg/kg once daily for three weeks.");
const GOAT_POX = passage("Goat pox causes pyrexia and generalised pock lesions; mortality reaches 50-100% and morbidity up to 100% in goats.");

describe("coverage of a question by the passages about it", () => {
  it("takes the passage saying the asked species gets the disease named over one on another species that shares the case's words", () => {
    const question = "Breeder here, one pup in my 7-week litter has bloody diarrhoea and the vet is testing for parvo. How serious is it in pups this age?";
    // (Search reads "parvo" as "parvovirus" too.)
    const terms = termsOf(question).map((t) => (t.term === "parvo" ? { ...t, alternatives: [["parvovirus"]] } : t));
    const geese = passage("Goose parvovirus causes bloody diarrhoea in goslings of 7 weeks of age and younger; breeder geese that survived pass antibodies to their goslings, and the vet confirms it by testing swabs.");
    const dogs = passage("Canine parvovirus type 2 (CPV-2) causes fatal gastroenteritis in young dogs. CPV-2 infections are associated with significant morbidity and mortality which can reach 91% in untreated pups.");
    expect(checkCoverage(question, terms, frameOf(question), [geese, dogs])).toMatchObject({ covered: true, supporting: [dogs] });
    // (Not by a sentence naming the asked species with a sign of the case only: bloody diarrhoea in dogs is no parvo.)
    const signOnly = passage("Bloody diarrhoea in dogs has many causes, among them dietary indiscretion.");
    expect(checkCoverage(question, terms, frameOf(question), [geese, signOnly])).toMatchObject({ covered: false, missing: "species" });
    // (Nor by the words of the name apart, nor by what the question only compares with.)
    const ciav = "Turkey grower. We've got pale, stunted poults - can chicken infectious anaemia virus infect turkeys?";
    const chickens = passage("Chicken infectious anaemia virus (CIAV) causes anaemia and immunosuppression in young chickens.");
    const apart = passage("Mycoplasma gallisepticum is an avian pathogen that causes infectious sinusitis in turkeys and chronic respiratory disease in chickens.");
    expect(check(ciav, [chickens, apart])).toMatchObject({ covered: false, missing: "species" });
    const flu = "Canine flu going round a boarding kennels - can it spread a km or two on the wind the way equine flu does?";
    const horses = passage("Equine flu spreads a km or two on the wind between horses in naive populations.");
    const lineage = passage("Equine flu has recently been transmitted to dogs, which challenges the horse's status as a dead-end host.");
    expect(check(flu, [horses, lineage])).toMatchObject({ covered: false, missing: "species" });
  });

  it("reads a sentence that names no virus as of the one the last sentence naming one opened with", () => {
    const felv = [
      "Feline leukemia can progress to a fatal illness faster than FIV infection.",
      "FeLV infection results in several different disease outcomes.",
      "Many cats develop a regressive infection, and viremia persists only for a few weeks.",
      "FIV infection, by contrast, lasts for life.",
      "Cats rarely clear it.",
    ];
    expect(ofAnotherVirusBefore(felv, ["FIV"], new Set())).toEqual([false, false, true, false, false]);
    // (Not after a sentence that names another virus without opening with it: "vNDV… (PPMV-1)" is of NDV.)
    const pigeons = ["Birds of the family Columbidae are a reservoir of the antigenic variants of vNDV (PPMV-1).", "These pigeon-origin viruses are distributed worldwide."];
    expect(ofAnotherVirusBefore(pigeons, ["NDV"], new Set())).toEqual([false, false]);
    // (Nor when no virus is asked.)
    expect(ofAnotherVirusBefore(felv, [], new Set())).toEqual([false, false, false, false, false]);
  });

  it("needs an outcome's rate stated as a share of that outcome ('success rate' is not 'half the second phalanx')", () => {
    const pedal = passage("Septic pedal arthritis does occur in small ruminants but it is rare. Antibiotic treatment, even if prolonged, is rarely successful. Welfare must always be considered. The skin, soft tissue and half the second phalanx should be removed.");
    expect(check("What's the success rate of digit amputation for septic pedal arthritis in sheep?", [pedal])).toMatchObject({ covered: false, missing: "detail" });
    const stated = passage("Digit amputation for septic pedal arthritis in sheep has a success rate of 85%.");
    expect(check("What's the success rate of digit amputation for septic pedal arthritis in sheep?", [stated])).toMatchObject({ covered: true });
  });

  it("needs a disease said to be notifiable where that disease is named ('This disease is OIE-notifiable' on the next one says nothing of it)", () => {
    const question = "Is spring viraemia of carp a notifiable disease - do we have to report it?";
    const carp = passage("Spring viraemia of carp is a serious disease of cyprinids. It causes significant mortality during spring.");
    expect(check(question, [carp])).toMatchObject({ covered: false, missing: "detail", what: ["notifiable"] });
    const notifiable = passage("Spring viraemia of carp is a serious disease of cyprinids. This disease is OIE-notifiable and is caused by SVC virus.");
    expect(check(question, [notifiable])).toMatchObject({ covered: true });
    const next = passage("Koi herpesvirus disease kills carp in warm water.\nSpring viraemia of carp is OIE-notifiable and is caused by SVC virus.");
    expect(check("Is koi herpesvirus disease notifiable?", [next])).toMatchObject({ covered: false, missing: "detail", what: ["notifiable"] });
    const listed = passage("Classical swine fever (CSF) is an Office International des Epizooties (OIE)-listed, highly contagious disease of swine.");
    expect(check("Is classical swine fever notifiable?", [listed])).toMatchObject({ covered: true });
    // (Notifiable is the disease's, whichever animal the sentence saying so names.)
    const bluetongue = passage("Bluetongue is primarily a disease of sheep and goats. Bluetongue is a notifiable disease and is often silent in cattle.");
    expect(check("Sheep with swollen faces, could be bluetongue. Is it notifiable?", [bluetongue])).toMatchObject({ covered: true });
  });

  it("needs treating or vaccinating spoken of where a yes/no question asks whether it is done ('can ferrets be vaccinated against it?')", () => {
    const aleutian = passage("Aleutian disease is a parvovirus lethal to mink, but in ferrets it produces diarrhoea and is rarely fatal.");
    expect(check("Can ferrets be vaccinated against Aleutian disease?", [aleutian])).toMatchObject({ covered: false, missing: "detail", what: ["treatment"] });
    const vaccine = passage("Aleutian disease in ferrets is a parvovirus infection; no vaccine is licensed and infected ferrets are isolated.");
    expect(check("Can ferrets be vaccinated against Aleutian disease?", [vaccine])).toMatchObject({ covered: true });
  });

  it("needs a drug's half-life said as its half-life, not any span of the drug ('given for three weeks')", () => {
    const question = "What's the elimination half-life of itraconazole in dogs?";
    expect(check(question, [ITRACONAZOLE_DOGS])).toMatchObject({ covered: false, missing: "detail" });
    const halfLife = passage("Itraconazole in dogs has an elimination half-life of about 50 hours after oral dosing.");
    expect(check(question, [halfLife])).toMatchObject({ covered: true });
  });

  it("needs inheriting spoken of where a disease is asked to be heritable ('should I breed from her?')", () => {
    const question = "Is stringhalt heritable - should I breed from an affected mare?";
    const stringhalt = passage("The prognosis of stringhalt in horses is poor; the digital extensors have been cut as a treatment.");
    expect(check(question, [stringhalt])).toMatchObject({ covered: false, missing: "detail" });
    const heritable = passage("Stringhalt in horses is heritable in some lines, so affected mares should not be used for breeding.");
    expect(check(question, [heritable])).toMatchObject({ covered: true });
    // (A virus's genetic variants say nothing of inheriting the disease.)
    const variants = passage("FIP is a fatal disease of cats caused by genetic variants of feline coronavirus.");
    expect(check("Does FIP run in the family - should I breed from the queen?", [variants])).toMatchObject({ covered: false, missing: "detail" });
    // (Nor is a disease's name a question of inheriting it.)
    const spherocytosis = passage("Splenectomy is indicated in children with hereditary spherocytosis who undergo cholecystectomy.");
    expect(check("Is cholecystectomy an indication for splenectomy in hereditary spherocytosis?", [spherocytosis])).toMatchObject({ covered: true });
  });

  it("needs a breed named for 'which breeds' ('a growing number of breeds' names none)", () => {
    const none = passage("Copper accumulates in the liver of dogs as a primary copper associated hepatopathy evident in a growing number of breeds.");
    expect(check("Which breeds are predisposed to primary copper-associated hepatopathy?", [none])).toMatchObject({ covered: false, missing: "detail" });
    const named = passage("Primary copper associated hepatopathy of dogs is best known in Bedlington terriers and Labrador retrievers.");
    expect(check("Which breeds are predisposed to primary copper-associated hepatopathy?", [named])).toMatchObject({ covered: true });
  });

  it("needs a sign asked to belong to the subject written where the subject is ('…drinking way more than usual - is that connected?')", () => {
    const struvite = passage("Cats naturally concentrate their urine, so it is usually more saturated and they are predisposed to struvite crystals in cats.");
    expect(check("Struvite crystals in my cat - she's also drinking way more than usual lately, is that connected?", [struvite])).toMatchObject({ covered: false, missing: "detail", what: ["polydipsia"] });
    const thirsty = passage("Cats with struvite crystals and underlying kidney disease may show polydipsia.");
    expect(check("Struvite crystals in my cat - she's also drinking way more than usual lately, is that connected?", [thirsty])).toMatchObject({ covered: true });
  });

  it("looks for the asked species elsewhere by what is asked, not by the figure a question states ('The dog figure is about 60% over 8 years')", () => {
    const question = "Anyone know how common cognitive dysfunction is in elderly cats? The dog figure is about 60% over 8 years, wondering if there's a feline one.";
    const dogs = passage("An estimated 60% of older dogs (>8 years old) are affected by canine cognitive dysfunction, a decline in cognitive function.");
    const cats = passage("Aside from dysautonomia, megaesophagus is a rare finding in the domestic cat. Oesophageal dysfunction in 60 cats followed over 8 years is shown in Figure 2.");
    // (As search analyses it: without its function words.)
    const terms = termsOf(question).filter((t) => !isStopWord(t.term));
    expect(checkCoverage(question, terms, frameOf(question), [dogs], [dogs, cats])).toMatchObject({ covered: false, missing: "species", what: ["cats"] });
    const felineCcd = passage("Cognitive dysfunction affects about a third of elderly cats over 11 years old.");
    expect(checkCoverage(question, terms, frameOf(question), [dogs], [dogs, felineCcd])).toMatchObject({ covered: true });
  });

  it("reads a sum said in millions beside an economic word as a cost", () => {
    const scrapie = passage("There is no treatment and the economic impact of scrapie to sheep and goat industries in the United States is estimated to be 10-20 million annually.");
    expect(check("What does scrapie cost the sheep industry?", [scrapie])).toMatchObject({ covered: true });
    expect(check("How much does scrapie cost the sheep industry?", [passage("The economic losses scrapie causes the sheep industry are large and rising.")])).toMatchObject({ covered: false, missing: "detail" });
  });

  it("reads what a disease costs producers in words ('important economic losses to livestock producers'), and a price only as a sum", () => {
    const fasciola = passage("In bovines Fasciola could cause liver damage and poor growth reducing meat and milk production, causing important economic losses to livestock producers.");
    expect(check("What does Fasciola actually cost the producer in cattle?", [fasciola])).toMatchObject({ covered: true });
    expect(check("What does scrapie cost the sheep industry?", [passage("The economic losses scrapie causes the sheep industry are large and rising.")])).toMatchObject({ covered: true });
    expect(check("How much does a Fasciola test cost in cattle?", [fasciola])).toMatchObject({ covered: false, missing: "detail" });
  });

  it("answers a follow-up of its carried subject from the passages that name it ('and what does it cost farmers in the US?' after scrapie)", () => {
    const poultry = passage("Necrotic enteritis is a widespread disease of chickens. It costs the US poultry industry over 6 billion dollars annually.");
    const scrapie = passage("There is no treatment and the economic impact of scrapie to sheep and goat industries in the US is estimated to be 10-20 million annually.");
    const question = "and what does it cost farmers in the US?";
    const frame = readConversation(["In plain terms, what is scrapie?", question]).at(-1)!;
    expect(frame.inherited).toContain("conditions");
    const covered = checkCoverage(question, termsOf(`${question} scrapie`), frame, [poultry, scrapie]);
    expect(covered).toMatchObject({ covered: true });
    expect(covered.covered && covered.supporting).toEqual([scrapie]);
  });

  it("answers for the covered animal of a list the asker keeps ('goats and a few sheep') and names the other as not covered", () => {
    const haemonchus = passage("Haemonchus contortus, the barber's pole worm, feeds on blood in the abomasum of sheep, producing anaemia and even death.");
    const question = "New to keeping goats and a few sheep - everyone keeps warning me about barber's pole worm. What does it actually do?";
    expect(check(question, [haemonchus])).toMatchObject({ covered: true, notCovered: ["goats"] });
    // (The first animal of a question that is not one of a list is its focus.)
    expect(check("Do goats get barber's pole worm the way sheep do?", [haemonchus])).toMatchObject({ covered: false, missing: "species" });
  });

  it("needs the animals a question's subject points back to ('…wild hedgehogs… Do they act as a reservoir for the local dogs?')", () => {
    const annae = passage("Canine theileriosis caused by Theileria annae is a tick-borne infection of dogs reported in northwestern Spain.");
    const question = "Lots of wild hedgehogs come through our clinic in northern Spain. Do they act as a reservoir of Theileria annae for the local dogs?";
    expect(frameOf(question).species).toEqual(["hedgehog", "dog"]);
    expect(check(question, [annae])).toMatchObject({ covered: false, missing: "species", what: ["hedgehogs"] });
    // (The animals of the case are not asked about when the question names its own subject.)
    expect(check("Lots of wild hedgehogs come through our clinic in northern Spain. Is Theileria annae a risk for the local dogs?", [annae])).toMatchObject({ covered: true });
  });

  it("reads a share that dies or survives as a death rate, and a share asked of a finding only where that finding is written", () => {
    // How many of an animal there are is a number of them or of their population, not of their young nor a reference's.
    expect(holdsValue("count", "An estimated 6 million feral swine live in the United States.", "population of feral swine")).toBe(true);
    expect(holdsValue("count", "Feral swine have expanded their range to at least 38 states.", "population of feral swine")).toBe(false);
    expect(holdsValue("count", "At about 1 year of age, female swine can breed and produce up to ten piglets each year; 4 to 6 piglets a litter.", "population of feral swine")).toBe(false);
    expect(holdsValue("count", "Feral swine often include traits from both populations (35, 38).", "population of feral swine")).toBe(false);
    // A place on the body is a region of it.
    expect(holdsValue("location", "In horses, similar lesions are often noted on the face, neck, trunk, mane and tail.", "body site")).toBe(true);
    expect(holdsValue("location", "Alopecia areata has been reported in dogs, cats, cattle and horses.", "body site")).toBe(false);
    expect(holdsValue("rate", "There is no effective treatment and 95% of affected cats die within one year of the onset of disease.", "mortality")).toBe(true);
    expect(holdsValue("rate", "Only 40% of the calves survived the outbreak.", "mortality")).toBe(true);
    expect(holdsValue("rate", "The disease is seen in 40% of herds.", "mortality")).toBe(false);
    // A share that die is of deaths: "100% morbidity" is none. (Nor is a count a year, below.)
    expect(holdsValue("rate", "Equine influenza causes a contagious infection, with 100% morbidity in naïve animals.", "die")).toBe(false);
    expect(holdsValue("rate", "Case fatality rate of the disease is 55-85% in goats.", "die")).toBe(true);
    // Whether many die is said in words too.
    expect(holdsValue("rate", "In the majority of horses, the mortality rate arising from equine influenza is low.", "how deadly")).toBe(true);
    expect(holdsValue("rate", "In the majority of horses, the mortality rate arising from equine influenza is low.", "die")).toBe(false);
    // A count of a species is said by any of its words: "how many humans…" by "…people are infected".
    expect(holdsValue("count", "WHO estimates that 2.4 million people are infected in more than 70 countries worldwide.", "humans")).toBe(true);
    // (A number of the species, not any number in a sentence that names it: "how many kittens…?")
    expect(holdsValue("count", "A single FFV infection has been associated with pathological changes in domestic cats.", "kittens")).toBe(false);
    expect(holdsValue("rate", "In infected holdings, up to 43% of pregnant sows may become carriers.", "with persistently infected")).toBe(false);
    expect(holdsValue("rate", "About 20% of piglets infected in utero become persistently infected.", "with persistently infected")).toBe(true);
  });

  it("reads how long an animal lives as its survival, not how long its viraemia persists or an animal named by an abbreviation declines", () => {
    expect(holdsValue("duration", 'Many cats develop a "regressive infection", in which the immune response partially contains the virus and viremia persists only for a few weeks.', "survival")).toBe(false);
    expect(holdsValue("duration", "Usually, FeLV-infected cats die within 1 to 3 years after the initial diagnosis.", "survival")).toBe(true);
    const tlc = passage(
      "The Tsushima leopard cat (TLC) is one of the most endangered animals in Japan, and FIV infection has been reported in it. Approximately 200 to 300 TLCs lived on Tsushima Island until the 1970s. The number of TLCs continues to decrease at approximately 10% every 10 years.",
    );
    expect(check("FIV positive cat - how long will she live?", [tlc])).toMatchObject({ covered: false });
  });

  it("asks the passage naming what a state is asked of to speak of that state ('Is Gudair safe in pregnant ewes?')", () => {
    const chunk = passage(
      "Gudair has played a pivotal role in the control of ovine Johne's disease in sheep flocks, with concerns about the human safety aspects of Gudair.\nT. gondii is one of the most common causes of reproductive failure in sheep and ovine abortions are often associated with it.",
    );
    expect(check("Is Gudair safe in pregnant ewes or do we hold off till after lambing?", [chunk])).toMatchObject({ covered: false, missing: "detail" });
    const said = passage("Gudair can be given to pregnant ewes in sheep flocks with Johne's disease, and its human safety aspects are known.");
    expect(check("Is Gudair safe in pregnant ewes or do we hold off till after lambing?", [said])).toMatchObject({ covered: true });
  });

  it("asks whether people may eat what the animals give of a passage on the disease that speaks of eating it", () => {
    const dve = passage("Duck plague in ducks causes huge economic losses: increased mortality (5%-100%), condemnations of carcasses and decreased egg production.");
    const leaflet = passage("Don't drink raw milk or eat undercooked meat from sick animals; wash your hands after handling them.");
    expect(check("Duck plague in our ducks - can we eat the eggs?", [dve, leaflet])).toMatchObject({ covered: false, missing: "detail", what: ["consumption"] });
    const hev = passage("Swine hepatitis E in pigs is a foodborne zoonosis: people who have consumed raw or undercooked pork products have caught it.");
    expect(check("Hepatitis E in our pigs - can we still eat the pork?", [hev])).toMatchObject({ covered: true });
  });

  it("does not read selling what the animals give, said by who asks, as asking whether people may eat it", () => {
    const eggs = passage("It is recommended to lightly brush off any organic debris from eggs, rather than washing them, to prevent damage to the cuticle. If eggs are to be cleaned then it is recommended to use water that is warmer, specifically 20 °F (11 °C) warmer, than the egg.");
    expect(check("Guidance for small producers selling eggs at the farmers' market: should dirty eggs be washed, and if so how warm should the water be?", [eggs])).toMatchObject({ covered: true });
    // (Asked after the label, it is asked: "…: can we still sell the eggs?")
    expect(check("Duck plague on a small farm: can we still sell the eggs?", [eggs])).toMatchObject({ covered: false, missing: "detail", what: ["consumption"] });
  });

  it("reads the animal asked of past who asks ('Poultry tech here:'), an opening condition ('If PPR gets into the goats,') and where reasoning carries over to", () => {
    const chicken = passage("Two jugular veins are present, but the right side of the chicken's neck allows for faster collection of larger volumes of blood.");
    expect(check("Poultry tech here: which vein is best for drawing blood from an adult turkey?", [chicken])).toMatchObject({ covered: false, missing: "species", what: ["turkeys"] });
    const ppr = passage("Peste des petits ruminants (PPR) is one of the most important viral diseases of goats and sheep; case fatality reaches 55-85% in goats.");
    expect(check("Smallholder with goats and a couple of pigs. If PPR gets into the goats, can the pigs catch it too?", [ppr])).toMatchObject({ covered: false, missing: "species", what: ["pigs"] });
    // (An opening condition that names the only animal is the one asked of.)
    expect(check("If PPR gets into my goats, how many will die?", [ppr])).toMatchObject({ covered: true });
    const footrot = passage("Ovine footrot is a complex disease of sheep caused by Dichelobacter nodosus; virulent strains cause severe lameness in sheep.");
    expect(check("Sheep and goat keeper: do goats get the same Dichelobacter nodosus footrot, and can they pass it between them?", [footrot])).toMatchObject({ covered: false, missing: "species", what: ["goats"] });
    const copper = passage("There is a difference in the quantity and distribution of copper accumulation in dogs between primary copper associated hepatopathy and secondary copper accumulation.");
    expect(check("Does the primary versus secondary copper hepatopathy reasoning from dogs carry over to cats?", [copper])).toMatchObject({ covered: false, missing: "species", what: ["cats"] });
  });

  it("reads a farmer's 'jab' as a vaccine asked of passages that speak of one", () => {
    const bvd = passage("Cows infected in the early gestational period with noncytopathic BVDV may produce persistently infected (PI) calves, which are mainly responsible for the spread of BVDV throughout herds.");
    expect(check("BVD in our heifers - is there a jab we can give them before they go to the bull?", [bvd])).toMatchObject({ covered: false, missing: "detail", what: ["treatment"] });
    expect(check("BVD in our heifers - is there a jab we can give them before they go to the bull?", [passage("Vaccination of heifers against BVDV before breeding protects the foetus.")])).toMatchObject({ covered: true });
  });

  it("finds a country asked of where the passages name its region ('In South American countries…' for Brazil), and no further", () => {
    const vivax = passage("In South American countries, bovine trypanosomiasis is caused mainly by T. vivax. The parasite is transmitted cyclically by tse-tse flies (in Africa) and mechanically by other blood-sucking insects, such as Stomoxys calcitrans and tabanids.");
    const question = "Hereford herd in Brazil with trypanosomiasis - which species is usually responsible there, and what spreads it when there are no tsetse flies?";
    expect(check(question, [vivax])).toMatchObject({ covered: true });
    expect(check(question.replace("Brazil", "Japan"), [vivax])).toMatchObject({ covered: false, missing: "name", what: ["Japan"] });
  });

  it("reads how many doses an animal needs as a few of them, not doses sold nor a year", () => {
    const gudair = passage("First registered in 2002, the Gudair vaccine has played a pivotal role in the control of ovine Johne's disease in sheep flocks, with over seven million doses used within its first few years.");
    expect(check("Gudair - how many doses do lambs need?", [gudair])).toMatchObject({ covered: false, missing: "detail" });
    const btv = passage("Bluetongue vaccines are monovalent. Cattle require two doses separated by 2 weeks.");
    expect(check("Bluetongue vaccine - how many doses do cattle need?", [btv])).toMatchObject({ covered: true });
    expect(holdsValue("count", "A single dose protects lambs for life.", "doses")).toBe(true);
    // (Doses used in all are asked as such: the seven million doses answer it.)
    expect(check("How many doses of Gudair were used in its first few years?", [gudair])).toMatchObject({ covered: true });
  });

  it("refuses what the sentences saying it say only of the animals the question compares with", () => {
    const kidneys = passage("SACs share other species of parasite with cattle, sheep and goats. Some ruminants have smooth kidneys, e.g. sheep, and some lobed kidneys, e.g. cattle.");
    expect(check("Are goat kidneys smooth like a sheep's or lobed like a cow's?", [kidneys])).toMatchObject({ covered: false, missing: "species", what: ["goats"] });
    expect(check("Are sheep kidneys smooth or lobed?", [kidneys])).toMatchObject({ covered: true });
    // (Animals the question names without comparing with them are asked of too: "later in the equine fetus than in the ox".)
    const testis = passage("Cryptorchidism is also reported in the ox. In the horse, the testis is drawn to the inguinal ring, but the foetal gonad is unable to pass through the inguinal canal until late.");
    expect(check("Why does the testis pass through the inguinal canal later in the equine fetus than in the ox?", [testis])).toMatchObject({ covered: true });
  });

  it("refuses a value said only of another country than the place asked", () => {
    const ce = passage(
      "The disease is widespread in south-eastern Europe, such as in the Balkan, Italian and Iberian peninsula. Central and southern Italy are characterized by prevalence values ranging from 5% to 80% in sheep.",
    );
    expect(check("What prevalence of cystic echinococcosis is reported in sheep in the Balkan countries?", [ce])).toMatchObject({ covered: false, missing: "detail" });
    expect(check("What prevalence of cystic echinococcosis is reported in sheep in Italy?", [ce])).toMatchObject({ covered: true });
  });

  it("needs a type's label for 'which genotype', a count that is no share, and a share that recovers however long the case", () => {
    const asfv = passage("Because discernible ASFV serotypes are lacking, the field strains are grouped genetically by using sequencing of the C-terminus of the p72 protein, which discriminates 22 genotypes.");
    expect(check("The ASF virus that spread in 2007 - which p72 genotype was it?", [asfv])).toMatchObject({ covered: false, missing: "detail", what: ["type"] });
    expect(check("The ASF virus that spread in 2007 - which p72 genotype was it?", [passage("The ASF virus that spread in 2007 belongs to p72 genotype II.")])).toMatchObject({ covered: true });
    expect(holdsValue("type", "Most duck isolates are serotype A:1.", null)).toBe(true);
    const collagen = passage("Collagens are a large family of proteins. They represent ca. 30% of the total protein pool in vertebrates.");
    expect(check("How many different collagen types have been described in vertebrates?", [collagen])).toMatchObject({ covered: false, missing: "detail", what: ["count"] });
    expect(holdsValue("count", "There are 28 collagen types.", "collagen")).toBe(true);
    const fcgs = passage("Feline chronic gingivostomatitis affects 0.7% to 12% of domestic cats. These lesions can be life-threatening if unresolved.");
    const extraction = "my 6 yr old cat has chronic gingivostomatitis and the vet wants to pull almost all his teeth. what percent of cats actually get better after full mouth extractions?? seems so drastic";
    expect(check(extraction, [fcgs])).toMatchObject({ covered: false, missing: "detail", what: ["rate"] });
    expect(check(extraction, [passage("After full mouth extractions, about 70% of cats with chronic gingivostomatitis improve or are cured.")])).toMatchObject({ covered: true });
    // (How long a vaccine protects, asked outright in a long question, needs a span.)
    const rhdv = passage("GI.2-RHDV2 causes disease in domestic rabbits, including young up to 4 weeks and rabbits immunised with rabbit haemorrhagic disease vaccine.");
    const protects = "Got both my house rabbits jabbed against RHD including the RHDV2 strain last spring. How long does the RHDV2 vaccine actually protect for - do they need a booster every 12 months or every six?";
    expect(check(protects, [rhdv])).toMatchObject({ covered: false, missing: "detail", what: ["duration"] });
    expect(check(protects, [passage("Vaccination of rabbits against RHDV2 protects them for 12 months, and a booster is given every year.")])).toMatchObject({ covered: true });
  });

  it("refuses whether a subject causes a sign where no passage found names the sign", () => {
    const listed = passage("Other pestiviruses have been isolated from piglets (Bungowannah virus; Linda virus, no new species proposed yet).");
    expect(check("does Linda virus cause congenital tremor in the piglets?", [listed])).toMatchObject({ covered: false, missing: "detail" });
    const said = passage("Linda virus was isolated from piglets with congenital tremor.");
    expect(check("does Linda virus cause congenital tremor in the piglets?", [said])).toMatchObject({ covered: true });
  });

  it("asks whether a species gets a disease of a sentence naming both (or the disease just before it)", () => {
    const ahs = passage("African horse sickness (AHS) is a non-contagious disease affecting all species of Equidae. Both AHS and bluetongue viruses are transmitted by the biting midges Culicoides.");
    expect(check("Can horses get bluetongue?", [ahs])).toMatchObject({ covered: false, missing: "species" });
    const fcv = passage("Feline calicivirus (FCV) is a small RNA virus of the family Caliciviridae. Most felines (e.g., cats, tigers, and cheetahs) are susceptible.");
    expect(check("Do tigers actually get calicivirus?", [fcv])).toMatchObject({ covered: true });
  });

  it("reads a temperature asked as one in degrees", () => {
    expect(holdsValue("quantity", "It is recommended to use water 20 °F (11 °C) warmer than the egg.", "temperature")).toBe(true);
    expect(holdsValue("quantity", "Heat-treating serum for 10 minutes increases positive antigen tests.", "temperature")).toBe(false);
  });

  it("reads 'a single serotype' as a count, so the sentence after it does not borrow its serotypes for another number", () => {
    const single = "Although all NDV isolates belong to a single serotype, the viruses are genetically diverse.";
    expect(holdsValue("count", single, "serotypes")).toBe(true);
    expect(holdsValue("count", "Based on genetic differences, NDV are classified in two major groups (class I and class II).", "serotypes", single)).toBe(false);
    expect(holdsValue("count", "RHDV2 is a non-enveloped, icosahedral, single-stranded RNA virus.", null)).toBe(false);
  });

  it("reads a molecule's mass asked as one in daltons, and deep time as a span", () => {
    expect(holdsValue("quantity", "In mammals, this small protein of approximately $8\\mathrm{kDa}$ is produced by many cells.", "molecular size")).toBe(true);
    expect(holdsValue("quantity", "A 55-kilodalton glycoprotein is secreted.", "molecular size")).toBe(true);
    expect(holdsValue("quantity", "Amyloid is deposited as approximately $10\\mathrm{nm}$ insoluble fibrillar proteins.", "molecular size")).toBe(false);
    expect(holdsValue("quantity", "Amyloid is deposited as approximately $10\\mathrm{nm}$ insoluble fibrillar proteins.", null)).toBe(true);
    expect(holdsValue("duration", "The two species share a common ancestor of ~1.8 mya.", null)).toBe(true);
    expect(holdsValue("duration", "The lineages split about 2.6 million years ago.", null)).toBe(true);
  });

  it("does not take a species' scientific name for the topic ('…pet rabbits (Oryctolagus cuniculus)…')", () => {
    const rhd = passage("Pathogenic viruses of genotype GI.1 caused a disease in 1984 in domestic (Oryctolagus cuniculus domesticus) and wild (O. cuniculus) rabbits.");
    const mammary = passage("About half of mammary tumours in bitches are malignant, and most in queens.");
    expect(check("Roughly what share of mammary tumours in female pet rabbits (Oryctolagus cuniculus) turn out malignant?", [rhd, mammary])).toMatchObject({ covered: false, missing: "species" });
  });

  it("reads 'two to three times per week' and '3x a week' as how often", () => {
    expect(holdsValue("interval", "Shampoo 2-3 times per week until the yeast clears.", null)).toBe(true);
    expect(holdsValue("interval", "Bathe 3x a week for 3 weeks.", null)).toBe(true);
    expect(holdsValue("interval", "The dose is 5 mg/kg for three weeks.", null)).toBe(false);
  });

  it("needs a bound asked ('the normal upper limit', 'the MIC breakpoint') said as one, not any value of the thing", () => {
    const pink = passage("Light pink color was observed in urine from dogs when approximately 600 RBC/hpf were present in the urine sediment.");
    expect(check("What's the normal upper limit for RBCs per hpf in canine urine?", [pink])).toMatchObject({ covered: false, missing: "detail", what: ["quantity"] });
    const saddle = passage("It has been suggested that mean pressure >11 kPa is a reasonable threshold to indicate a risk of inducing back pain in horses.");
    expect(check("What mean saddle pressure is the threshold for back pain risk in horses?", [saddle])).toMatchObject({ covered: true });
    // (Or said in words before a measure: "more than 200 nucleotides in length"; not a share, "more than 60% of dogs".)
    const lncrna = passage("LncRNAs, more than 200 nucleotides in length, were recognized as pseudo-transcriptions due to the lack of protein-coding capacity.");
    expect(check("What length cutoff defines a long non-coding RNA?", [lncrna])).toMatchObject({ covered: true });
    const share = passage("In dogs, more than 60% of urine samples with haematuria contained over 600 RBC/hpf.");
    expect(check("What's the normal upper limit for RBCs per hpf in canine urine?", [share])).toMatchObject({ covered: false, missing: "detail", what: ["quantity"] });
  });

  it("needs the question's named things together on a page, unless offered as alternatives or written as one name", () => {
    const annae = passage("Canine theileriosis caused by T. annae is a tick-borne infection of dogs reported in northwestern Spain.");
    const australia = passage("Bovine babesiosis, or tick fever, is a major cost to cattle farming in northern Australia.");
    expect(check("Has canine theileriosis (T. annae) been reported in Australia yet?", [annae, australia])).toMatchObject({ covered: false, missing: "name", what: ["Australia"] });
    const salmonella = passage("Salmonella Dublin causes abortion in cattle.");
    const campylobacter = passage("Campylobacter fetus causes abortion in heifers.");
    expect(check("Two heifers aborted - could that be the Salmonella, or is Campylobacter fetus the better bet?", [salmonella, campylobacter])).toMatchObject({ covered: true });
    const recruits = passage("Dental health was poorer among new recruits to the British Forces than in the general population.");
    const armed = passage("Armed Forces personnel report back pain more often.");
    expect(check("Is there a differential in the dental health of new recruits to the British Armed Forces?", [recruits, armed])).toMatchObject({ covered: true });
  });


  it("names, for a species not covered, those said where the subject is named ('Both AHS and bluetongue viruses are spread by midges' is said of no horse)", () => {
    const ahs = passage("African horse sickness is a disease of horses, affecting all species of Equidae. Both AHS and bluetongue viruses are transmitted by the biting midges Culicoides.");
    const btv = passage("Bluetongue is primarily a disease of sheep and goats, but the first recorded case in the UK was in a cow.");
    const result = check("Does bluetongue affect camels?", [ahs, btv]);
    expect(result).toMatchObject({ covered: false, missing: "species", what: ["camels"] });
    expect(result.covered === false && result.alternative).toMatchObject({ passage: btv, species: ["sheep", "goats", "cattle"] });
  });

  it("names the species a passage covers only where it gives the value asked ('gives this for sheep' of a withdrawal it never states)", () => {
    const pinkEye = passage("Pink eye in sheep and goats is treated with oxytetracycline eye ointment; corticosteroids must not be instilled at the same time.");
    const noValue = check("How long is the milk withdrawal for oxytetracycline in dairy cows?", [pinkEye]);
    expect(noValue).toMatchObject({ covered: false, missing: "species", alternative: null });
    const withdrawal = passage("In sheep, the meat withdrawal period for long-acting oxytetracycline is 28 days.");
    const stated = check("How long is the meat withdrawal for long-acting oxytetracycline in cattle?", [withdrawal]);
    expect(stated.covered === false && stated.alternative).toMatchObject({ passage: withdrawal, species: ["sheep"] });
  });

  it("takes no value said of another virus for the asked one ('FeLV-infected cats die within 1 to 3 years' asked of FIV)", () => {
    const retro = passage("Feline immunodeficiency virus (FIV) and feline leukemia virus (FeLV) infect domestic cats. Usually, FeLV-infected cats die within 1 to 3 years after diagnosis.");
    expect(check("How long do FIV positive cats live?", [retro])).toMatchObject({ covered: false, missing: "detail" });
    expect(check("How long do FeLV positive cats live?", [retro])).toMatchObject({ covered: true });
  });

  it("names no species covered for a case told only by its signs ('fluffed up and sleepy' is not given 'for salmon')", () => {
    const fish = passage("Sleeping disease of salmon and trout makes the fish lethargic; affected fish lie on the bottom of the tank.");
    const result = check("My budgie is fluffed up and lethargic - what could it be?", [fish]);
    expect(result).toMatchObject({ covered: false, missing: "species", alternative: null });
    // (Nor a question whose topic words the passage does not all hold: flu is named nowhere in it.)
    const ewes = passage("Vaccinating pregnant ewes against clostridial disease protects their lambs through colostrum.");
    expect(check("Is it safe to vaccinate a pregnant mare against flu?", [ewes])).toMatchObject({ covered: false, alternative: null });
  });

  it("needs people spoken of where 'can people get it?' is asked", () => {
    const asf = passage("African swine fever virus affects domestic pigs and wild boar as well as other African suids.");
    expect(check("African swine fever - can people get it?", [asf])).toMatchObject({ covered: false, missing: "species", what: ["humans"] });
    const zoonotic = passage("Swine influenza viruses circulate in pigs and can infect people who handle them.");
    expect(check("Swine influenza - can people get it?", [zoonotic])).toMatchObject({ covered: true });
  });

  it("covers the asked species, drug and dose", () => {
    expect(check("What is the oral itraconazole dose for dogs with Malassezia dermatitis?", [ITRACONAZOLE_DOGS])).toMatchObject({ covered: true });
  });

  it("reads a value asked as a share or an amount as one value, said either way, however long the question", () => {
    const question =
      "I'm a lab animal technician setting up serial bleeds on adult laying hens from the brachial wing vein. What is the maximum blood volume I can safely take from a chicken at one time, as a percentage of body weight or in mL/kg?";
    const site = passage("The brachial wing vein is the most common site for blood collection in an adult chicken, and the right jugular vein gives larger volumes of blood.");
    expect(check(question, [site])).toMatchObject({ covered: false, missing: "detail" });
    const share = passage("In an adult chicken up to 1% of body weight of blood may be collected from the brachial wing vein at one time.");
    expect(check(question, [share])).toMatchObject({ covered: true });
    const amount = passage("In an adult chicken up to 10 mL/kg of blood may be collected from the brachial wing vein at one time.");
    expect(check(question, [amount])).toMatchObject({ covered: true });
  });

  it("takes a share of animals with a finding only where the finding is named with it", () => {
    const fip = passage("Up to 30% of cats with FIP are affected by neurological involvement, and 95% of affected cats die within one year.");
    expect(check("What proportion of cats with FIP have ocular lesions?", [fip])).toMatchObject({ covered: false, missing: "detail", what: ["rate"] });
    expect(check("What percentage of cats with FIP develop neurological signs?", [fip])).toMatchObject({ covered: true });
    expect(check("What proportion of FIP cats have neuro involvement?", [fip])).toMatchObject({ covered: true });
  });

  it("reads a disease named by a word no passage holds before 'disease' as a name, but not a body part in everyday words", () => {
    const unheld = (q: string, word: string) => unseenNames(q, tokenize(q).map((term) => ({ term, weight: 1, df: term === word ? 0 : 1, idf: 1 })));
    expect(unheld("Is Tyzzer disease seen in foals?", "tyzzer")).toEqual(["Tyzzer"]);
    expect(unheld("does that mean the deadly tummy disease FIP or is it usually just a bit of diarrhoea?", "tummi")).toEqual([]);
    // (Nor a word that compares, weighed: "a compounded itraconazole thats way cheaper, worth it?")
    expect(unheld("online pharmacy does a compounded itraconazole thats way cheaper, worth it?", "cheaper")).toEqual([]);
    // A gene named by a word no passage holds, before "gene": "the chicken ovalbumin gene". (Not an English word that
    // says which one: "which stripe gene".)
    expect(unheld("Where are the DNase I hypersensitive sites upstream of the chicken ovalbumin gene?", "ovalbumin")).toEqual(["ovalbumin"]);
    expect(unheld("Which stripe gene makes a cat tabby?", tokenize("stripe")[0]!)).toEqual([]);
    // (Nor a code, which passages may write otherwise: "PrPsc protein" as "PrP^Sc".)
    expect(unheld("Is it diagnosed by detecting the PrPsc protein?", "prpsc")).toEqual([]);
  });

  it("reads a word no passage holds as a name when the question gives it ('can I use melarsomine in a cat?')", () => {
    const question = "ok and treatment, can I use melarsomine in a cat?";
    const terms = tokenize(question).map((term) => ({ term, weight: 1, df: term.startsWith("melarsomin") ? 0 : 1, idf: 1 }));
    expect(unseenNames(question, terms)).toEqual(["melarsomine"]);
    // (Or weighed against a drug: "is smectite a safer add-on than metronidazole?", "metronidazole or smectite?")
    const weighed = (q: string) => unseenNames(q, tokenize(q).map((term) => ({ term, weight: 1, df: term === "smectit" ? 0 : 1, idf: 1 })));
    expect(weighed("Is smectite a safer add-on than metronidazole for colitis?")).toEqual(["smectite"]);
    expect(weighed("For colitis, metronidazole or smectite?")).toEqual(["smectite"]);
    expect(weighed("Does smectite help colitis?")).toEqual([]);
    // (Or weighed against another word no passage holds: "should D-penicillamine or trientine be the first choice?")
    const chelators = "Should D-penicillamine or trientine be the first choice of chelator?";
    const unheld = (q: string, words: string[]) => unseenNames(q, tokenize(q).map((term) => ({ term, weight: 1, df: words.includes(term) ? 0 : 1, idf: 1 })));
    expect(unheld(chelators, ["penicillamin", "trientin"])).toEqual(["D-penicillamine", "trientine"]);
    // (Not an English word so weighed: "should we chelate or wait?")
    expect(unheld("Should we chelate or wait?", ["chelat", "wait"])).toEqual([]);
    // (Nor abbreviations, which a passage may spell out: "…in LMICs vs HICs?")
    expect(unheld("% of human TB due to M. bovis in LMICs vs HICs?", ["lmic", "hic"])).toEqual([]);
    // Not a word before "use": "which stains do pathologists use" gives no pathologists.
    const stains = "Which stains do pathologists use for copper?";
    expect(unseenNames(stains, tokenize(stains).map((term) => ({ term, weight: 1, df: term.startsWith("patholog") ? 0 : 1, idf: 1 })))).toEqual([]);
    // An everyday word before "catch" says whose staff, not what catches it: "could my kennel staff catch it off him?"
    const kennel = "Could my kennel staff catch it off him?";
    expect(unseenNames(kennel, tokenize(kennel).map((term) => ({ term, weight: 1, df: term === "kennel" ? 0 : 1, idf: 1 })))).toEqual([]);
    // A word weighed as a thing to do is given: "is famacha worth doing?"
    const famacha = "is famacha worth doing?";
    expect(unseenNames(famacha, tokenize(famacha).map((term) => ({ term, weight: 1, df: term === "famacha" ? 0 : 1, idf: 1 })))).toEqual(["famacha"]);
    // So is one asked whether it is on record: "Is hepatotoxicity recorded for ketoconazole?"
    const recorded = "Is hepatotoxicity recorded for ketoconazole?";
    expect(unseenNames(recorded, tokenize(recorded).map((term) => ({ term, weight: 1, df: term.startsWith("hepatotox") ? 0 : 1, idf: 1 })))).toEqual(["hepatotoxicity"]);
  });

  it("needs a dose of the drug a long question names, and a tourniquet's time said of it, however long the case told before", () => {
    const enucleation = passage(
      "Enucleation in the ewe can be carried out standing under heavy sedation, normally with xylazine, and a retrobulbar block. Small group treatment may be carried out with fenbendazole oral pellets at 5 mg/kg as a single dose.",
    );
    const dose = "For a standing enucleation in a ewe with a ruptured globe done under heavy xylazine sedation plus a retrobulbar block — what xylazine dose in mg/kg is used for heavy sedation, and given IV or IM?";
    expect(check(dose, [enucleation])).toMatchObject({ covered: false, missing: "detail", what: ["dose"] });
    const given = passage("Enucleation in the ewe is carried out standing under heavy sedation, with xylazine at 0.1 mg/kg intramuscularly, and a retrobulbar block.");
    expect(check(dose, [given])).toMatchObject({ covered: true });
    const digit = passage("Septic pedal arthritis does occur in goats but it is rare. The digit is removed with embryotomy wire after a regional block with local anaesthetic and a tourniquet.");
    const tourniquet = "Helping the vet on a goat with septic pedal arthritis who's going to take the digit off with embryotomy wire. Which local anaesthetic goes in for the regional block, and how long can the tourniquet safely stay on?";
    expect(check(tourniquet, [digit])).toMatchObject({ covered: false, missing: "detail", what: ["duration"] });
  });

  it("answers for the animals of an asker's work that the passages cover, naming those they do not ('mostly dairy cattle but I do sheep flocks')", () => {
    const footrot = passage("There are 10 serogroups of D nodosus in sheep, with no cross protection between them; ovine footrot is a complex disease.");
    const question = "I'm a hoof trimmer, mostly dairy cattle but I do sheep flocks in the quiet months. How many different types of the footrot bug are there, and does immunity to one cover the rest?";
    expect(check(question, [footrot])).toMatchObject({ covered: true, notCovered: ["cattle"] });
    // (Not animals the question itself asks of: "can cattle get the footrot bug?" is not answered for sheep.)
    expect(check("I'm a hoof trimmer, mostly dairy cattle but I do sheep flocks. Can cattle get the footrot bug?", [footrot])).toMatchObject({ covered: false, missing: "species" });
    // (Nor those a disease asked of is named after: "Is canary pox the same sort of virus as goat pox?")
    const goatPox = passage("Goat pox is a threat to small ruminants, especially goats, and is caused by a capripoxvirus.");
    expect(check("I keep canaries in a shed next to the goat pen. Is canary pox the same sort of virus as goat pox, and could it jump across?", [goatPox])).toMatchObject({ covered: false, missing: "species" });
  });

  it("reads a product weighed as enough, or an amount of it to add, as a name ('is Virkon S enough…?', 'how much DL-methionine should we add?')", () => {
    const unseen = (q: string, word: string) => unseenNames(q, tokenize(q).map((term) => ({ term, weight: 1, df: term === word ? 0 : 1, idf: 1 })));
    expect(unseen("since the virus lasts a year, is Virkon S enough to kill it on the kennel floors?", "virkon")).toEqual(["Virkon"]);
    expect(unseen("Does Virkon kill it on the floors?", "virkon")).toEqual([]);
    expect(unseen("For a struvite diet, how much DL-methionine should we add as a urinary acidifier?", "methionin")).toEqual(["DL-methionine"]);
    expect(unseen("For a struvite diet, is DL-methionine in it?", "methionin")).toEqual([]);
    // A giving word said of a noun describes it: "so I can set starting ration sizes" gives no ration.
    expect(unseen("What do they weigh, so I can set starting ration sizes?", "ration")).toEqual([]);
    expect(unseen("Can I start ronidazole in the kitten?", "ronidazol")).toEqual(["ronidazole"]);
  });

  it("reads a hyphenated code no passage holds as a name ('ASFV-G-ΔI177L')", () => {
    const question = "How effective is the ASFV-G-ΔI177L vaccine against African swine fever?";
    const terms = tokenize(question).map((term) => ({ term, weight: 1, df: /\d/.test(term) ? 0 : 1, idf: 1 }));
    expect(unseenNames(question, terms)).toEqual(["ASFV-G-ΔI177L"]);
    // An assay's abbreviation with a part typed in mixed case: "RT-QuIC".
    const quic = "can RT-QuIC on a rectal mucosa biopsy be used to screen live ewes for classical scrapie?";
    expect(unseenNames(quic, tokenize(quic).map((term) => ({ term, weight: 1, df: term === "quic" ? 0 : 1, idf: 1 })))).toEqual(["RT-QuIC"]);
    expect(unseenNames("is RT-PCR on blood any use?", tokenize("is RT-PCR on blood any use?").map((term) => ({ term, weight: 1, df: 1, idf: 1 })))).toEqual([]);
    // (An all-capitals part is read as any abbreviation is: "GDF-8" where the passages write "myostatin".)
    const gdf = "MSTN (GDF-8), a TGF-β family member: how does it hold back muscle growth?";
    expect(unseenNames(gdf, tokenize(gdf).map((term) => ({ term, weight: 1, df: term === "gdf" ? 0 : 1, idf: 1 })))).toEqual([]);
  });

  it("reads an animal no passage holds as a name when the question asks whether it catches the disease ('could our duikers catch it?')", () => {
    const question = "If African swine fever got here, could our duikers (bush-bucks) catch it the way warthogs do?";
    const terms = tokenize(question).map((term) => ({ term, weight: 1, df: /^(?:duiker|bush|buck)/.test(term) ? 0 : 1, idf: 1 }));
    expect(unseenNames(question, terms)).toEqual(["duikers"]);
    // (Peccaries are animals of the species lexicon: the species check reads them, not this one.)
    const peccaries = "If African swine fever got here, could our collared peccaries (javelinas) catch it the way warthogs do?";
    expect(unseenNames(peccaries, tokenize(peccaries).map((term) => ({ term, weight: 1, df: /^(?:collar|peccari|javelina)/.test(term) ? 0 : 1, idf: 1 })))).toEqual([]);
    // (Nor an animal the species lexicon names in several words: "can a jenny catch it?" asks of a jenny donkey.)
    const jenny = "Can a jenny catch African horse sickness or is it only horses?";
    expect(unseenNames(jenny, tokenize(jenny).map((term) => ({ term, weight: 1, df: term === "jenni" || term === "jenny" ? 0 : 1, idf: 1 })))).toEqual([]);
    // (Not a word no passage holds that does not catch it: "could the flare-ups mean the vaccine failed?")
    const flare = "could the flareups mean it failed?";
    expect(unseenNames(flare, tokenize(flare).map((term) => ({ term, weight: 1, df: /^flareup/.test(term) ? 0 : 1, idf: 1 })))).toEqual([]);
  });

  it("gives how long to keep an animal apart only from a sentence on keeping it apart", () => {
    const ferrets = passage("Younger ferrets have milder disease that resolves in 5–7 days. After this profuse green diarrhoea with mucus is produced.");
    expect(check("Rescue ferret with green slimy diarrhoea: once it clears up, how many weeks should I keep him apart from my other two?", [ferrets])).toMatchObject({ covered: false, missing: "detail" });
    const isolated = passage("Ferrets with green slime diarrhoea should be kept isolated from other ferrets for 4 weeks after it resolves.");
    expect(check("Rescue ferret with green slimy diarrhoea: once it clears up, how many weeks should I keep him apart from my other two?", [isolated])).toMatchObject({ covered: true });
    const lice = passage("These lice complete their entire 2-3-week life cycle on their chicken host, feeding on feathers.");
    expect(check("How long can chicken body lice live off the birds?", [lice])).toMatchObject({ covered: false, missing: "detail" });
  });

  it("answers a smell asked of only from a passage that speaks of a smell", () => {
    const rot = passage("'Mouth rot' is the colloquial term for stomatitis, commonly seen in many reptiles particularly in snakes and chelonians. The initial cause of the damage to the mouth is often trauma.");
    expect(check("Does mouth rot in snakes have a particular smell?", [rot])).toMatchObject({ covered: false, missing: "detail" });
    expect(check("My corn snake's breath smells really off. Is it mouth rot?", [rot])).toMatchObject({ covered: true });
    const smelly = passage("'Mouth rot' is the colloquial term for stomatitis in snakes; affected snakes often have a foul odour from the mouth.");
    expect(check("Does mouth rot in snakes have a particular smell?", [smelly])).toMatchObject({ covered: true });
  });

  it("gives no value for treated animals from a sentence on untreated ones, nor the reverse", () => {
    const parvo = passage("Canine parvovirus type 2 (CPV-2) causes fatal gastroenteritis in young dogs. CPV-2 infections are associated with significant morbidity and mortality which can reach 91% in untreated pups.");
    expect(check("Our pup has parvo and is on drips at the vets. What percentage of treated pups survive?", [parvo])).toMatchObject({ covered: false, missing: "detail" });
    expect(check("What percentage of untreated pups die of parvo?", [parvo])).toMatchObject({ covered: true });
    expect(check("How many pups die of parvo?", [parvo])).toMatchObject({ covered: true });
    expect(ofOppositeState("mortality in unvaccinated herds?", "Mortality was 5% in vaccinated herds.")).toBe(true);
    expect(ofOppositeState("mortality in vaccinated herds?", "Mortality was 5% in vaccinated and 40% in non-vaccinated herds.")).toBe(false);
    expect(ofOppositeState("how many infected cats die?", "Uninfected cats live longer than infected ones; 50% die within 2 years.")).toBe(false);
    // (A question's own negation says the opposite state: "pups that don't get treated" are untreated.)
    expect(ofOppositeState("How deadly is parvo in puppies that don't get treated?", "Mortality can reach 91% in untreated pups.")).toBe(false);
    expect(ofOppositeState("what death rate can we quote if it isn't treated?", "Mortality can reach 91% in untreated pups.")).toBe(false);
    expect(ofOppositeState("how much is the mortality in pups not treated?", "Mortality can reach 91% in untreated pups.")).toBe(false);
  });

  it("reads an abbreviation the passage defines as its long form when the asked count is of it ('red cells': '600 RBC/hpf')", () => {
    const urine = passage("The most common cause is intact red blood cells (RBC). A substantial number must be present before a pink color is observed. Light pink color was observed in urine from dogs when approximately 600 RBC/hpf were present.");
    expect(check("Dog peeing pink — how many red cells do you need before it actually looks pink?", [urine])).toMatchObject({ covered: true });
    expect(check("Dog peeing pink — how many red cells do you need before it actually looks pink?", [passage("Light pink color was observed in urine from dogs when approximately 600 RBC/hpf were present.")])).toMatchObject({
      covered: false,
      missing: "detail",
    });
  });

  it("reads a question on a vaccine as needing a passage that speaks of vaccines, not of control in general", () => {
    const dvh = passage("Duck viral hepatitis (DVH) may cause up to 90% mortality of ducks if not controlled. DHAV-3 is more epidemic in China.");
    expect(check("Duck viral hepatitis in ducklings — is there a vaccine for it?", [dvh])).toMatchObject({ covered: false, missing: "detail", what: ["treatment"] });
    expect(check("Duck viral hepatitis in ducklings — how is it controlled?", [dvh])).toMatchObject({ covered: true });
  });

  it("counts doses however the question calls them ('how many shots?': 'two doses')", () => {
    const btv = passage("Bluetongue vaccines for cattle are monovalent. Cattle require two doses separated by 2 weeks.");
    expect(check("How many shots of bluetongue vaccine do cattle need?", [btv])).toMatchObject({ covered: true });
  });

  it("reads a name where the passage writes the abbreviation its document defined for it ('SAV 3 … in Norway')", () => {
    const defining = passage("Pancreas disease affects farmed salmonids in Ireland, Norway and Scotland. It is caused by Salmonid alphavirus (SAV), a spherical RNA virus.");
    const subtypes = passage("Six SAV subtypes have been identified. SAV 3 has so far only been detected in Norway, and SAV2 FW causes sleeping disease in freshwater rainbow trout.");
    const question = "Which salmonid alphavirus subtype has only been found in Norway, and which causes sleeping disease in freshwater rainbow trout?";
    const relevant = [subtypes];
    expect(checkCoverage(question, termsOf(question), frameOf(question), relevant, [subtypes, defining])).toMatchObject({ covered: true });
  });

  it("refuses another species, naming the one covered", () => {
    const result = check("What is the oral itraconazole dose for a cat with Malassezia dermatitis?", [ITRACONAZOLE_DOGS]);
    expect(result).toMatchObject({ covered: false, missing: "species", what: ["cats"], alternative: { species: ["dogs"] } });
  });

  it("refuses a cost the passages never give in money", () => {
    const scid = passage("Arabian horses can now be screened with a DNA test before mating to minimise the number of foals born with SCID.");
    expect(check("What does the SCID DNA test for Arabian horses cost?", [scid])).toMatchObject({ covered: false, missing: "detail", what: ["cost"] });
    const priced = passage("The SCID DNA test for Arabian horses costs about $25 per sample.");
    expect(check("What does the SCID DNA test for Arabian horses cost?", [priced])).toMatchObject({ covered: true });
    // (Affording treatment in a case is no question of cost.)
    expect(frameOf("Owners can't afford treatment — what's the mortality of untreated parvo in puppies?").asked).not.toContain("cost");
  });

  it("refuses pregnancy, lactation or giving with food when the passages never speak of it", () => {
    expect(check("Pregnant bitch with Malassezia dermatitis — is oral itraconazole safe in pregnancy?", [ITRACONAZOLE_DOGS])).toMatchObject({ covered: false, missing: "detail", what: ["pregnancy"] });
    expect(check("Can I give itraconazole to a lactating bitch with Malassezia dermatitis?", [ITRACONAZOLE_DOGS])).toMatchObject({ covered: false, missing: "detail", what: ["lactation"] });
    const teratogenic = passage("Itraconazole for Malassezia dermatitis in dogs is given orally at 5 mg/kg; it is teratogenic and should not be given during pregnancy.");
    expect(check("Pregnant bitch with Malassezia dermatitis — is oral itraconazole safe in pregnancy?", [teratogenic])).toMatchObject({ covered: true });
    // (Breeding and birth speak of it too: "…carriers can be screened before mating".)
    const screened = passage("Arabian horses carrying SCID can be screened before mating to reduce the number of affected foals born.");
    expect(check("If a carrier Arabian mare is in foal, can the foal be affected by SCID?", [screened])).toMatchObject({ covered: true });
    // Nor a drug given with food, unless they speak of feeding.
    expect(check("Is oral itraconazole for Malassezia dermatitis in dogs given with food?", [ITRACONAZOLE_DOGS])).toMatchObject({ covered: false, missing: "detail", what: ["feeding"] });
    const withMeal = passage("Itraconazole for Malassezia dermatitis in dogs is given orally at 5 mg/kg with a meal, as food improves its absorption.");
    expect(check("Is oral itraconazole for Malassezia dermatitis in dogs given with food?", [withMeal])).toMatchObject({ covered: true });
  });

  it("asks of a drug class named after a case that only states the drug given ('…gave flunixin. Anything documented about NSAIDs?')", () => {
    const nsaids = passage("In horses with renal compromise, non-steroidal anti-inflammatory drugs (NSAIDs) should be used with caution.");
    expect(check("She was azotaemic and the treating vet gave flunixin. Anything documented about NSAIDs in horses in that situation?", [nsaids])).toMatchObject({ covered: true });
    // Whether a drug is safe is its class's: flunixin is an NSAID. (Not its dose, nor whether it works.)
    expect(check("Is flunixin safe in azotaemic horses?", [nsaids])).toMatchObject({ covered: true });
    const dosed = passage("In horses with renal compromise, non-steroidal anti-inflammatory drugs (NSAIDs) are given at 1.1 mg/kg.");
    expect(check("What dose of flunixin in azotaemic horses?", [dosed])).toMatchObject({ covered: false, missing: "name", what: ["flunixin"] });
    expect(check("Does flunixin work for colic pain in azotaemic horses?", [nsaids])).toMatchObject({ covered: false, missing: "name", what: ["flunixin"] });
  });

  it("finds a name the passages write only by its usual abbreviation ('Newcastle' where they write 'NDV')", () => {
    const ndv = passage("Virulent NDV spreads between chickens by aerosol and by contact with infected birds.");
    expect(check("How does Newcastle disease spread between chickens?", [ndv])).toMatchObject({ covered: true });
    expect(check("How does Marek's disease spread between chickens?", [ndv])).toMatchObject({ covered: false, missing: "name" });
    // A binomial's genus by the binomial abbreviated ("P. aeruginosa"); never by words that merely start with its letters.
    const macrolides = passage("Macrolides are ineffective against Escherichia coli and against P. aeruginosa.");
    expect(check("Do macrolides work against pseudomonas?", [macrolides])).toMatchObject({ covered: true });
    const sodium = passage("Macrolides raise plasma sodium activity in horses.");
    expect(check("Do macrolides work against pseudomonas in horses?", [sodium])).toMatchObject({ covered: false, missing: "name" });
    // (Asking whether two names are the same thing asks nothing of the signs told before.)
    const ppmv = passage("Pigeon paramyxovirus type 1 is a variant of virulent NDV that infects pigeons.");
    expect(check("Our pigeons have wobbly, twisted necks. Is pigeon paramyxovirus the same thing as Newcastle disease?", [ppmv])).toMatchObject({ covered: true });
  });

  it("looks for the asked species elsewhere only in passages holding the topic's rarest word, not its everyday ones", () => {
    const question = "Patchy hair loss on a goat, looks like alopecia areata. Is it described in goats?";
    const common = new Set(tokenize("hair loss described goat"));
    const terms = [...new Set(tokenize(question))].filter((t) => !isStopWord(t)).map((term) => ({ term, weight: 1, df: common.has(term) ? 30 : 2, idf: common.has(term) ? 1 : 3 }));
    const aa = passage("Alopecia areata is an immune-mediated hair loss reported in dogs, cats, cattle and horses.");
    const scrapie = passage("Scrapie is a fatal disease of sheep and goats, described with pruritus and hair loss.");
    expect(checkCoverage(question, terms, frameOf(question), [aa], [aa, scrapie])).toMatchObject({ covered: false, missing: "species" });
    const goats = passage("Alopecia areata has also been described in goats, with hair loss on the neck.");
    expect(checkCoverage(question, terms, frameOf(question), [aa], [aa, goats])).toMatchObject({ covered: true });
  });

  it("needs an amount of the sample asked for ('how much serum…'), not any figure of the topic", () => {
    const rads = passage("In feline heartworm disease the caudal lobar arteries enlarge to greater than 6 times the size of the ninth rib.");
    expect(frameOf("How much serum do I need to send off for a feline heartworm antigen test?")).toMatchObject({ attribute: "serum" });
    expect(check("How much serum do I need to send off for a feline heartworm antigen test?", [rads])).toMatchObject({ covered: false, missing: "detail" });
    const serum = passage("The feline heartworm antigen test needs 1 ml of serum.");
    expect(check("How much serum do I need to send off for a feline heartworm antigen test?", [serum])).toMatchObject({ covered: true });
  });

  it("refuses whether one sex is more at risk when the passages never speak of sex", () => {
    const ccd = passage("An estimated 60% of older dogs are affected by canine cognitive dysfunction, with memory and learning deficits.");
    expect(check("Is canine cognitive dysfunction more common in bitches than in male dogs?", [ccd])).toMatchObject({ covered: false, missing: "detail", what: ["sex"] });
    const fiv = passage("Common risk factors for FIV in cats are old age, male gender and outdoor access.");
    expect(check("Are entire tomcats more likely to pick up FIV than females?", [fiv])).toMatchObject({ covered: true });
  });

  it("needs the months or season asked for ('which months of the year…')", () => {
    const babesiosis = passage("Bovine babesiosis is a tick-borne disease of cattle, with fever and haemolytic anaemia.");
    expect(check("Which months of the year is bovine babesiosis at its worst in cattle?", [babesiosis])).toMatchObject({ covered: false, missing: "detail", what: ["season"] });
    const svc = passage("Spring viraemia of carp causes significant mortality in carp during spring.");
    expect(check("What time of year does spring viraemia cause deaths in carp?", [svc])).toMatchObject({ covered: true });
  });

  it("reads a span as of what the sentence before names only when that sentence gives no value of its own", () => {
    const before = "The virus typically has a three- to nine-day incubation period.";
    expect(holdsValue("duration", "RHDV2 was first detected in France in 2010 and has spread in the 12 years since.", "incubation", before)).toBe(false);
    expect(holdsValue("duration", "It typically lasts three to nine days.", "incubation", "The incubation period of RHDV2 is short.")).toBe(true);
    expect(holdsValue("duration", "Vaccinated rabbits stay protected for 12 months.", "protection")).toBe(true);
    expect(holdsValue("duration", "Rabbits up to 4 weeks of age are susceptible.", "protection")).toBe(false);
  });

  it("reads young animals up to an age as an age, and years since an event as how long a thing has been about", () => {
    const young = "It causes disease in rabbits, including domestic rabbits' young up to 4 weeks and rabbits immunised with the vaccine.";
    expect(holdsValue("duration", young, "protection")).toBe(false);
    expect(holdsValue("duration", young, null)).toBe(false);
    const since = "RHDV2 was first detected in France in 2010 and, in the 12 years since its discovery, has spread across five continents.";
    // "How long does vaccine protection last?" is not answered by how long the virus has been known…
    expect(holdsValue("duration", since, "protection")).toBe(false);
    // …which is what "how long has this strain been about?" asks.
    expect(holdsValue("duration", since, null)).toBe(true);
  });

  it("reads the species asked of in the question after a case ('We've got wild mallards… - can duck plague spread to pheasants?')", () => {
    const dve = passage("Duck virus enteritis, also called duck plague, is a contagious and fatal disease of ducks, geese and swans.");
    const question = "We've got wild mallards on the pond next to the pheasant pens - can duck plague spread to pheasants?";
    expect(check(question, [dve])).toMatchObject({ covered: false, missing: "species", what: ["game birds"] });
    expect(check("What is the mortality of duck plague in ducks?", [passage("Mortality from duck plague reaches 100% in infected ducks.")])).toMatchObject({ covered: true });
  });

  it("asks a breed asked of ('is it a breed thing?', 'do Appaloosas carry HYPP?') of passages that name it", () => {
    const larpar = passage("Acquired laryngeal paralysis affects older, large breed dogs such as Labrador Retrievers and Golden Retrievers.");
    expect(check("Are Labradors one of the breeds overrepresented for laryngeal paralysis?", [larpar])).toMatchObject({ covered: true });
    expect(check("Are Great Danes one of the breeds overrepresented for laryngeal paralysis?", [larpar])).toMatchObject({ covered: false, missing: "name", what: ["great dane"] });
    const hypp = passage("Single-gene disorders of Quarter Horses include hyperkalemic periodic paralysis (HYPP) and HERDA.");
    expect(check("Do Appaloosas carry HYPP the way Quarter Horses do?", [hypp])).toMatchObject({ covered: false, missing: "name", what: ["appaloosa"] });
    // (A breed named in passing is not asked of.)
    expect(check("My Great Dane has laryngeal paralysis: which dogs get it?", [larpar])).toMatchObject({ covered: true });
    // A breed named of the animal is asked of when the question asks of breeds.
    const pox = passage("Goat pox causes high mortality (50%–100%) in goats. Indigenous breeds of sheep and goats are more resistant to infection than European breeds.");
    expect(check("Our Boer does have goat pox – is it a breed thing?", [pox])).toMatchObject({ covered: false, missing: "name", what: ["boer"] });
  });

  it("asks a product's form ('a doramectin pour-on') of passages that name it", () => {
    const pigs = passage("Individual pigs can be treated by i.m. injection of doramectin at 3 mg/10 kg.");
    expect(check("can I use a doramectin pour-on on my pigs instead of injecting them?", [pigs])).toMatchObject({ covered: false, missing: "name", what: ["pour-on"] });
    expect(check("can I use a doramectin pour-on on my pigs?", [passage("Doramectin pour on is licensed for pigs at 500 µg/kg.")])).toMatchObject({ covered: true });
    // "Every drench" is a farmer's word for the wormer itself, not a form asked of; "as a drench" asks the form.
    const sheep = passage("Indiscriminate use of the anthelmintics has produced resistance in Haemonchus contortus of sheep against almost all conventional products.");
    expect(check("my ewes are resistant to pretty much every drench - is that common?", [sheep])).not.toMatchObject({ what: ["drench"] });
    expect(check("can I give the ewes an anthelmintic as a drench?", [sheep])).toMatchObject({ covered: false, missing: "name", what: ["drench"] });
  });

  it("takes the species from the section heading or a narrow group, not from a broad one", () => {
    const feline = passage("The dose is 0.05 mg/kg once daily with food.", "Feline medicine > Meloxicam");
    expect(check("What is the meloxicam dose in cats?", [feline])).toMatchObject({ covered: true });
    expect(check("What is the incubation period of goat pox in sheep?", [passage("In small ruminants the incubation period of pox is 6 to 13 days.")])).toMatchObject({ covered: true });
    expect(check("How many chromosome pairs does a quail have?", [passage("Birds have many chromosome pairs; the chicken has 39 pairs.")])).toMatchObject({ covered: false, missing: "species" });
    // Songbirds are many species: what is said of sparrows is not said of canaries.
    const sparrows = passage("Tembusu virus can cause encephalitis in birds such as chickens, sparrows and pigeons.");
    expect(check("Can canaries get Tembusu virus?", [sparrows])).toMatchObject({ covered: false, missing: "species", what: ["canaries"] });
    expect(check("Can songbirds get Tembusu virus?", [sparrows])).toMatchObject({ covered: true });
  });

  it("answers a question about two species for the one covered, and says which is not", () => {
    expect(check("What is the itraconazole dose for dogs and cats with Malassezia dermatitis?", [ITRACONAZOLE_DOGS])).toMatchObject({ covered: true, notCovered: ["cats"] });
  });

  it("refuses a drug, pathogen or code the passages never name", () => {
    expect(check("What is the terbinafine dose for Malassezia dermatitis in dogs?", [ITRACONAZOLE_DOGS])).toMatchObject({ covered: false, missing: "name", what: ["terbinafine"] });
    expect(check("Does Streptococcus suis cause Malassezia dermatitis in dogs?", [ITRACONAZOLE_DOGS])).toMatchObject({ covered: false, missing: "name" });
  });

  it("answers from a passage that names no species at all, but not from one on a group that leaves the asked species out", () => {
    const neutral = passage("Subcutaneous mast cell tumours are more effectively controlled by surgery alone than their cutaneous counterparts.");
    expect(check("Is surgery alone enough for a subcutaneous mast cell tumour in a dog?", [neutral])).toMatchObject({ covered: true, notCovered: ["dogs"] });
    const smallRuminants = passage("Septic pedal arthritis does occur in small ruminants but it is rare; digit amputation is then the treatment.");
    expect(check("Is digit amputation the treatment for septic pedal arthritis in a cow?", [smallRuminants])).toMatchObject({ covered: false, missing: "species" });
  });

  it("refuses a typed value the topic's paragraph does not hold", () => {
    expect(check("What's the incubation period of goat pox?", [GOAT_POX])).toMatchObject({ covered: false, missing: "detail", what: ["duration"] });
    expect(check("What mortality can goat pox reach?", [GOAT_POX])).toMatchObject({ covered: true });
  });

  it("reads the asked value in another passage's paragraph that names the subject", () => {
    const outcomes = passage("FeLV infection results in several outcomes: cats with a progressive infection stay persistently viremic and test positive.");
    const survival = passage("Usually, FeLV-infected cats die within 1 to 3 years after the initial diagnosis.");
    const question = "Once FeLV cats test positive, how long do they usually survive?";
    const terms = termsOf("FeLV cats test positive persistently viremic");
    expect(checkCoverage(question, terms, frameOf(question), [outcomes, survival])).toMatchObject({ covered: true });
    expect(checkCoverage(question, terms, frameOf(question), [outcomes])).toMatchObject({ covered: false, missing: "detail", what: ["duration"] });
    // A passage below the relevance bar that names the subject may give it too.
    expect(checkCoverage(question, terms, frameOf(question), [outcomes], [outcomes, survival])).toMatchObject({ covered: true });
  });

  it("finds a name the passages write only as its synonym ('Tembusu': 'DTMUV')", () => {
    const dtmuv = passage("DTMUV is a contagious virus of ducks that severely reduces egg production; no approved vaccines have been developed.");
    expect(check("Duck Tembusu virus in layers: is there any vaccine for it?", [dtmuv])).toMatchObject({ covered: true });
    expect(check("Duck Bagaza virus in layers: is there any vaccine for it?", [dtmuv])).toMatchObject({ covered: false, missing: "name" });
  });

  it("reads the asked value in a paragraph naming the pathogen, without the case's abbreviation no passage writes nor its condition", () => {
    const colitis = passage("In horses, peracute colitis because of Clostridioides difficile (C. difficile) is associated with case fatality rates of 37%-79%.");
    const risk = passage("Clostridium difficile is a cause of diarrhea in horses; hospitalization and antimicrobial treatment are risk factors.");
    const question = "Horse on TMS with diarrhoea and C. difficile: how often do they die?";
    const terms = termsOf("horse TMS diarrhoea C. difficile risk factors hospitalization");
    expect(checkCoverage(question, terms, frameOf(question), [risk], [risk, colitis])).toMatchObject({ covered: true });
  });

  it("reads how often a test finds a thing as no prevalence, and a size against another's as an amount", () => {
    expect(holdsValue("rate", "In the hands of a skilled user, a Wood's lamp will detect positive M. canis infection approximately 70–100% of the time.", "prevalence")).toBe(false);
    expect(holdsValue("rate", "The study demonstrated that 25% had a history of back-related problems.", "prevalence")).toBe(true);
    expect(holdsValue("quantity", "The chicken genome is one-third the size of the human genome.", null)).toBe(true);
    expect(holdsValue("quantity", "The chicken genome is smaller than the human genome.", null)).toBe(false);
  });

  it("refuses the names of things a passage only counts ('what are the two host proteins it needs called?')", () => {
    const counted = passage("For its effective replication, FeLV-T requires two host cell proteins in the T lymphocytes.");
    expect(check("What are the two host proteins FeLV-T needs called?", [counted])).toMatchObject({ covered: false, missing: "detail" });
    const named = passage("For its effective replication, FeLV-T requires two host cell proteins in the T lymphocytes, FeLIX and Pit1.");
    expect(check("What are the two host proteins FeLV-T needs called?", [named])).toMatchObject({ covered: true });
    // (What one thing is called asks no name of the things counted.)
    expect(check("What is the FeLV subgroup that needs two host cell proteins called?", [counted])).toMatchObject({ covered: true });
  });

  it("refuses a subtype no passage names ('CAV-2' where the passages name CAV-1), but not a suffix such as HDL-C", () => {
    const ich = passage("In dogs infectious canine hepatitis is caused by Canine adenovirus 1 (CAV-1). Most dogs receive an effective vaccine.");
    expect(check("Does a CAV-2 vaccine cross-protect against infectious canine hepatitis?", [ich])).toMatchObject({ covered: false, missing: "name", what: ["CAV-2"] });
    expect(check("Does a CAV-1 vaccine protect dogs against infectious canine hepatitis?", [ich])).toMatchObject({ covered: true });
    const hdl = passage("Mutations lowering HDL cholesterol did not increase carotid intima-media thickness.");
    expect(check("Do mutations causing low HDL-C increase carotid intima-media thickness?", [hdl])).toMatchObject({ covered: true });
    // ("BTV-8" is written "BTV serotype 8".)
    const btv = passage("BTV serotype 8 first came to northern Europe in 2006. The diagnosis is confirmed by PCR for viral RNA, which can detect all 24 serotypes.");
    expect(check("Bov, ?BTV-8. Does PCR pick up all the serotypes?", [btv])).toMatchObject({ covered: true });
    expect(check("Does PCR pick up BTV-4?", [btv])).toMatchObject({ covered: false, missing: "name", what: ["BTV-4"] });
    // (Nor one written by another of its names: "HHV-8" is Kaposi's sarcoma-associated herpesvirus.)
    const ghv = passage("Two human gammaherpesviruses promote tumours in humans: Epstein-Barr virus and Kaposi's sarcoma-associated herpesvirus.");
    const hhv8 = "Besides HHV-8, which human gammaherpesvirus is oncogenic?";
    expect(checkCoverage(hhv8, termsOf(hhv8).map((t) => (t.term === "hhv" ? { ...t, alternatives: [["kshv"]] } : t)), frameOf(hhv8), [ghv])).toMatchObject({ covered: true });
    expect(check("Besides HHV-6, which human gammaherpesvirus is oncogenic?", [ghv])).toMatchObject({ covered: false, missing: "name", what: ["HHV-6"] });
  });

  it("finds the names asked where the passages on an abbreviation of the scene name none of them ('in for PM')", () => {
    const necropsy = passage("At necropsy of aborted lambs, placental lesions are examined and samples taken for culture.");
    const protozoa = passage("Neospora caninum and T. gondii cause abortions in sheep, and histopathological techniques do not enable accurate differentiation between both parasites. Ovine neosporosis is like ovine toxoplasmosis.");
    const question = "aborted lamb in for PM - can histopath tell me whether it's Neospora or Toxoplasma?";
    const terms = termsOf(question).map((t) => (t.term === "pm" ? { ...t, alternatives: [["necropsi"]] } : t));
    expect(checkCoverage(question, terms, frameOf(question), [necropsy, protozoa])).toMatchObject({ covered: true });
    // (Where the passage naming the abbreviation names one of them, it is held to name them all.)
    const pmNeospora = passage("At necropsy, Neospora caninum lesions are seen in the brain of aborted lambs.");
    expect(checkCoverage(question, terms, frameOf(question), [pmNeospora, protozoa])).toMatchObject({ covered: false, missing: "name" });
  });

  it("refuses a subtype named by a Greek letter no passage names ('IFN-lambda' where the passages name IFN-α, -β and -κ)", () => {
    const ifns = passage("Three subtypes of chicken type I IFNs; chIFN-α, chIFN-β, and a recently discovered chIFN-κ have been identified in chicken.");
    expect(check("Does the chicken have a functional IFN-lambda?", [ifns])).toMatchObject({ covered: false, missing: "name", what: ["IFN-lambda"] });
    expect(check("Does the chicken have IFN-kappa?", [ifns])).toMatchObject({ covered: true });
    const tnf = passage("In dogs, TNF- $\\alpha$ rises early in sepsis.");
    expect(check("Does TNF-alpha rise in septic dogs?", [tnf])).toMatchObject({ covered: true });
    // (A compound that goes on after the letter names no subtype: "SA-β-gal" is a stain.)
    const senescence = passage("In X-irradiated CRFK cells, senescence was detected using senescence-associated β galactosidase staining.");
    expect(check("was the senescence of CRFK cells confirmed with SA-β-gal?", [senescence])).not.toMatchObject({ missing: "name" });
  });

  it("finds a drug stem where the text names two drugs of its family ('flozin': empagliflozin, velagliflozin), not one word ending so", () => {
    // A binomial whose epithet is an everyday word is named only with its genus beside it.
    expect(namesThing("Babesia major", "Haemolysis and shock are the major pathogenesis of this disease, caused by Babesia bovis.")).toBe(false);
    expect(namesThing("Babesia major", "B. major is transmitted by Haemaphysalis punctata.")).toBe(true);
    expect(namesThing("Babesia major", "Babesia major occurs in Europe.")).toBe(true);
    expect(namesThing("flozin", "Ten SGLT2 inhibitors are approved: empagliflozin, canagliflozin for humans and velagliflozin for felines.")).toBe(true);
    expect(namesThing("flozin", "Empagliflozin improves glycaemic control in diabetic patients.")).toBe(false);
    expect(namesThing("flozin", "Insulin remains the treatment of diabetic cats.")).toBe(false);
  });

  it("does not find a disease of several words in a text whose rest of the name is always another's ('Classical swine fever' for African swine fever)", () => {
    const classical = "Classical swine fever (CSF) remains one of the most important transboundary viral diseases of swine. However, live vaccines are used in some African countries.";
    expect(namesThing("african swine fever", classical)).toBe(false);
    expect(namesThing("african swine fever", `${classical} African swine fever is spreading too.`)).toBe(true);
    // (A function word before the rest leaves it found by its words: "cats with infectious peritonitis" speak of FIP.)
    expect(namesThing("feline infectious peritonitis", "Feline coronaviruses are common; in cats with infectious peritonitis the effusion is rich in protein.")).toBe(true);
  });

  it("finds a long acronym spelled out over a function word ('International Task Force on Canine Atopic Dermatitis' = ITFCAD)", () => {
    expect(namesThing("ITFCAD", "The most recent recommendation of the International Task Force on Canine Atopic Dermatitis focuses on a multimodal approach.")).toBe(true);
    // (Not a short one: "growth of eggs" does not spell GE.)
    expect(namesThing("GE", "the growth of eggs")).toBe(false);
    // Nor does a word form search guessed for a word it never saw ("itfcadment") stand for a long form that hides it.
    const question = "CAD mgmt - ITFCAD rec = multimodal?";
    const guessed = termsOf(question).map((t) => (t.term === "itfcad" ? { ...t, df: 0, alternatives: [["itfcadment"], ["itfcadia"]] } : t));
    const ccad = passage("The most recent recommendation of the International Task Force on Canine Atopic Dermatitis focuses on this concept of a multimodal treatment approach.");
    expect(checkCoverage(question, guessed, { ...frameOf(question), names: ["ITFCAD"] }, [ccad])).toMatchObject({ covered: true });
  });

  it("takes no dose of another drug, or of a drug class, for the dose of the asked one", () => {
    const enucleation = passage(
      "Enucleation can be carried out under heavy sedation, normally with xylazine. Local anaesthetic should be instilled with a single very deep injection of 5 ml behind the eye.",
    );
    expect(check("What dose of xylazine do you give for sedation before an enucleation?", [enucleation])).toMatchObject({ covered: false, missing: "detail", what: ["dose"] });
    const sedation = passage("Enucleation can be carried out under heavy sedation with xylazine at 0.05 mg/kg intravenously.");
    expect(check("What dose of xylazine do you give for sedation before an enucleation?", [sedation])).toMatchObject({ covered: true });
  });

  it("reads the asked value in a paragraph naming the subject, when another paragraph shares more of a two-part question", () => {
    const pox = passage(
      "Goat pox is a threat to small ruminants, with high mortality (50%–100%) and morbidity up to 100%.\n" +
        "The severity of the disease depends on the host breed: indigenous breeds of goats are more resistant to infection than European breeds, so local herds cope better.",
    );
    expect(check("goat pox – how deadly is it and do local breeds cope better than European ones?", [pox])).toMatchObject({ covered: true });
  });

  it("reads values and names through LaTeX remnants", () => {
    expect(check("What is the capsid diameter of astroviruses?", [passage("Astroviruses are small RNA viruses with an icosahedral capsid of $27 - 30\\mathrm{nm}$ in diameter.")])).toMatchObject({ covered: true });
    expect(check("What is the capsid diameter of astroviruses?", [passage("Astroviruses are small RNA viruses with an icosahedral capsid and a star-shaped surface.")])).toMatchObject({ covered: false, missing: "detail" });
    // The passage writing "\\(M.\\) canis" names Microsporum canis as much as the one writing it out.
    const shorthand = passage("In the hands of a skilled user, a Wood's lamp will detect positive \\(M.\\) canis infection approximately 70–100% of the time.");
    const writtenOut = passage("Glowing hairs under a Wood's lamp can assist in identification of Microsporum canis on the slide.");
    expect(check("In the hands of a skilled user, how often does a Wood's lamp detect Microsporum canis infection?", [writtenOut, shorthand])).toMatchObject({ covered: true });
  });

  it("looks for the asked attribute only beside the kind of value it is of", () => {
    // "recovery" is what the duration is of, not the success rate.
    const stringhalt = passage("The digital extensors have been surgically cut as a treatment with an approximate 50% success rate. The recovery time for stringhalt varies from 3 months to 3 years.");
    expect(check("What is the success rate of surgically cutting the digital extensors for stringhalt, and how long does recovery take?", [stringhalt])).toMatchObject({ covered: true });
    const noRecoveryTime = passage("The digital extensors have been surgically cut as a treatment with an approximate 50% success rate. Stringhalt is seen in horses worldwide.");
    expect(check("What is the success rate of surgically cutting the digital extensors for stringhalt, and how long does recovery take?", [noRecoveryTime])).toMatchObject({ covered: false, what: ["duration"] });
  });

  it("looks for the species where the abbreviation naming the subject is, not in a neighbouring paragraph", () => {
    const ducks = passage(
      "DHAV-3 causes up to 90% mortality in ducklings under 14 days old.\nGoose parvovirus causes Derzsy's disease in goslings, with high mortality in the first weeks of life.",
    );
    expect(check("What mortality does DHAV-3 cause in goslings?", [ducks])).toMatchObject({ covered: false, missing: "species", what: ["geese"] });
    expect(check("What mortality does DHAV-3 cause in ducklings?", [ducks])).toMatchObject({ covered: true });
  });

  it("asks an age, a revaccination interval and a prognosis of the passages", () => {
    const golpp = passage("Geriatric onset laryngeal paralysis polyneuropathy (GOLPP) is an acquired form in older, large breed dogs.");
    expect(check("At what age do large-breed dogs develop GOLPP?", [golpp])).toMatchObject({ covered: false, missing: "detail", what: ["duration"] });
    expect(check("At what age do large-breed dogs develop GOLPP?", [passage("GOLPP develops in large breed dogs from about 10 years of age.")])).toMatchObject({ covered: true });
    const megaesophagus = passage("Idiopathic megaesophagus is the most common cause of regurgitation in the dog, seen as congenital and acquired forms.");
    expect(check("What's the prognosis for dogs with idiopathic megaesophagus?", [megaesophagus])).toMatchObject({ covered: false, missing: "detail", what: ["prognosis"] });
    expect(check("What's the prognosis for dogs with idiopathic megaesophagus?", [passage("Dogs with idiopathic megaesophagus have a guarded prognosis; many die of aspiration pneumonia.")])).toMatchObject({ covered: true });
  });

  it("takes the asked species from another passage about the topic when the best ones speak only of others", () => {
    const question = "Can dogs catch equine influenza?";
    const horses = passage("Equine influenza causes a contagious respiratory infection with 100% morbidity in naive horses.");
    const dogs = passage("Recent transmission of equine influenza viruses to dogs challenges the horse's status as a dead-end host.");
    const frame = frameOf(question);
    // The passage on dogs is passing but not among the relevant ones closest to the best.
    expect(checkCoverage(question, termsOf(question), frame, [horses], [horses, dogs])).toMatchObject({ covered: true, supporting: [dogs] });
    // A passage on another topic that names dogs does not cover it.
    const other = passage("Dogs with heartworm disease cough and tire easily.");
    expect(checkCoverage(question, termsOf(question), frame, [horses], [horses, other])).toMatchObject({ covered: false, missing: "species" });
    // Nor one that names the subject only as its own text writes it: "ovine babesiosis … B. ovis" names Babesia.
    const sheepQuestion = "Which Babesia species is most pathogenic in wethers, and which tick genus carries it?";
    const cattle = passage("Bovine babesiosis is caused by protozoa of the genus Babesia, the most pathogenic species in cattle, carried by tick genus Rhipicephalus.");
    const sheep = passage("Among the species implicated in ovine babesiosis, B. ovis is the most pathogenic and is transmitted by Rhipicephalus ticks.");
    // (The genus is the question's rarest word.)
    const weighed = termsOf(sheepQuestion).map((t) => (t.term === "babesia" ? { ...t, idf: 4 } : t));
    expect(checkCoverage(sheepQuestion, weighed, frameOf(sheepQuestion), [cattle], [cattle, sheep])).toMatchObject({ covered: true, supporting: [sheep] });
  });

  it("refuses when the species asked about is missing, though the one it is compared with is there", () => {
    const deer = passage("White-tailed deer are a source of blood for adult blacklegged ticks but are not susceptible to B. burgdorferi infection.");
    expect(check("Are grey squirrels reservoirs for B. burgdorferi, or like white-tailed deer are they not susceptible to infection?", [deer])).toMatchObject({ covered: false, missing: "species", what: ["squirrels"] });
    const testes = passage("The testes of the elephant and the hyrax are intra-abdominal.");
    expect(check("Elephant and hyrax testes stay intra-abdominal — is that also the case in dolphins?", [testes])).toMatchObject({ covered: false, missing: "species" });
    // The animal a question after a setting asks of is its subject ("can the ostriches catch it off the ducks?").
    const dve = passage("Duck virus enteritis, also called duck plague, is a contagious and fatal disease of ducks, geese and swans.");
    expect(check("Mixed farm with ducks and a few ostriches - can the ostriches catch duck plague off the ducks?", [dve])).toMatchObject({ covered: false, missing: "species", what: ["ostriches"] });
  });

  it("needs people spoken of when asked whether owners catch it, and only then", () => {
    const fip = passage("Feline infectious peritonitis (FIP) is a fatal disease of young cats in multicat households.");
    expect(check("Can the owner catch FIP from her cat?", [fip])).toMatchObject({ covered: false, missing: "species", what: ["humans"], alternative: { species: ["cats"] } });
    const mrsp = passage("MRSP has been reported worldwide, including sporadic infections in humans in contact with dogs.");
    expect(check("Can the owner catch MRSP from the dog?", [mrsp])).toMatchObject({ covered: true });
    const fluke = passage("Fascioliasis is a parasitic zoonosis of cattle and sheep caused by Fasciola hepatica.");
    expect(check("Can the farmer catch fasciola from his cattle?", [fluke])).toMatchObject({ covered: true });
    // Not asked of people: a passage on people is not required ("What is the prognosis of FIP in humans?" aside).
    expect(check("What is the prognosis of FIP in cats?", [fip])).toMatchObject({ covered: true });
    // "Can we catch it?" asks of people too, and a passage naming no one does not say they do.
    const dermatophytes = passage("Glowing hairs should be plucked and examined under the microscope to confirm dermatophytosis.");
    expect(check("our kitten has ringworm (dermatophytosis) - can we catch it?", [dermatophytes])).toMatchObject({ covered: false, missing: "species", what: expect.arrayContaining(["humans"]) });
  });

  it("needs a distance for 'how far', not any quantity", () => {
    const flu = passage("Equine influenza has 100% morbidity in naive horses, and the virus can be spread in a wind-borne aerosol over 1-2 km.");
    expect(check("How far can equine influenza spread between horses?", [flu])).toMatchObject({ covered: true });
    const morbidity = passage("Equine influenza has 100% morbidity in naive horses.");
    expect(check("How far can equine influenza spread between horses?", [morbidity])).toMatchObject({ covered: false, missing: "detail", what: ["quantity"] });
    // ("How far apart" is an interval.)
    expect(frameOf("How many doses of bluetongue vaccine does a cow need, and how far apart?").asked).not.toContain("quantity");
  });

  it("needs the typed value said of the asked species, not of another in the same paragraph", () => {
    const bluetongue = passage("Bluetongue is primarily a disease of sheep and goats. Monovalent vaccines are available. Cattle require two doses separated by 2 weeks.");
    expect(check("Bluetongue vaccine in goats - how many doses and at what interval?", [bluetongue])).toMatchObject({ covered: false, missing: "detail" });
    expect(check("Bluetongue vaccine in cattle - how many doses and at what interval?", [bluetongue])).toMatchObject({ covered: true });
    // A sentence naming no species is about the paragraph's.
    expect(check("Bluetongue vaccine in goats - how many doses?", [passage("Bluetongue is a disease of sheep and goats. Two doses are given, 2 weeks apart.")])).toMatchObject({ covered: true });
  });

  it("takes a value in a sentence naming no species as said of the species the sentences before it last named", () => {
    const heartworm = passage(
      "Diagnosis of feline heartworm disease remains difficult. Peripheral eosinophilia is present in <50% of cases. Unlike dogs, cardiac chambers are unlikely to be changed by heartworm infection. Antibody tests are less useful in cats than in dogs.",
    );
    expect(check("What percentage of dogs with heartworm disease have peripheral eosinophilia?", [heartworm])).toMatchObject({ covered: false });
    expect(check("What percentage of cats with heartworm disease have peripheral eosinophilia?", [heartworm])).toMatchObject({ covered: true });
    // A group named in between ("birds affected") is no other species.
    const pullorum = passage("Salmonella can infect humans and animals. In poultry, S. Pullorum and S. Gallinarum cause heavy losses. Both strains can cause death in up to 90% of birds affected.");
    expect(check("What proportion of affected birds can S. Pullorum kill?", [pullorum])).toMatchObject({ covered: true });
  });

  it("needs a disease named after its host named as a whole ('sheep pox' is not goat pox beside sheep)", () => {
    const capripox = passage("Goat pox is very often a threat to small ruminants, especially in goats, resulting in high mortality (50%-100%). Indigenous breeds of sheep and goats are more resistant.");
    expect(check("What is the mortality rate of sheep pox in sheep?", [capripox])).toMatchObject({ covered: false, missing: "name", what: ["sheep pox"] });
    expect(check("What is the mortality rate of goat pox in goats?", [capripox])).toMatchObject({ covered: true });
    expect(check("What is the mortality rate of goatpox in goats?", [passage("Goatpox causes high mortality (50%-100%) in goats.")])).toMatchObject({ covered: true });
    // A sibling the question only states beside it is not asked about: "…with sheep pox? goat pox is 50–100%".
    expect(check("What kind of mortality do you see with sheep pox? goat pox is 50–100%", [capripox])).toMatchObject({ covered: false, missing: "name", what: ["sheep pox"] });
    // The sibling named after the animal asked about is its own disease: a goat's pox, told apart from sheep pox.
    const diagnosed = passage("Goat pox is characterized by pyrexia and generalized pock lesions with lymphadenopathy. It is not distinguishable from SPPV infection serologically, but can be diagnosed by molecular techniques.");
    expect(check("Goat, febrile, pock lesions all over, big lymph nodes. Lab says serology won't separate it from sheep pox - right? How do they confirm?", [diagnosed])).toMatchObject({ covered: true });
    // So is a virus named after its host: "dog papillomaviruses" are not the bovine ones counted.
    const bpv = passage("In bovines specifically, 13 types of bovine papillomaviruses (BPVs) are currently well characterized. Papillomaviruses infect a wide variety of animals.");
    expect(check("How many dog papillomaviruses are characterized?", [bpv])).toMatchObject({ covered: false, missing: "name", what: ["dog papillomaviruses"] });
    expect(check("How many bovine papillomaviruses are characterized?", [bpv])).toMatchObject({ covered: true });
    // (A virus named by its abbreviation beside its host is named: "antibodies against GPV … from breeder geese".)
    const gpv = passage("Muscovy duck parvovirus causes disease in ducklings. High levels of antibodies against GPV could be delivered from breeder geese to progeny goslings.");
    expect(check("Do goslings from vaccinated breeder geese get protection against goose parvovirus?", [gpv])).toMatchObject({ covered: true });
  });

  it("needs a withdrawal period for 'eggs ok to eat while treating?', not any span", () => {
    const lice = passage("The chicken body louse lives on chickens. These lice complete their entire 2-3-week life cycle on their chicken host.");
    expect(check("chicken lice - eggs ok to eat while treating?", [lice])).toMatchObject({ covered: false, missing: "detail" });
    const withdrawal = passage("Chicken lice are treated with permethrin powder; the egg withdrawal period after treatment is 7 days.");
    expect(check("chicken lice - eggs ok to eat while treating?", [withdrawal])).toMatchObject({ covered: true });
  });

  it("needs a number for a value asked by name ('what ICPI value…')", () => {
    const ndv = passage("NDV strains are classified as velogenic, mesogenic and lentogenic. Pathogenicity is determined with the intracerebral pathogenicity index (ICPI) in chickens.");
    expect(check("What ICPI value does an NDV isolate need to be classed as velogenic in chickens?", [ndv])).toMatchObject({ covered: false, missing: "detail" });
    const withValue = passage("NDV isolates with an intracerebral pathogenicity index (ICPI) of 0.7 or more in chickens are classed as virulent.");
    expect(check("What ICPI value does an NDV isolate need to be classed as virulent in chickens?", [withValue])).toMatchObject({ covered: true });
  });

  it("does not take a span the question states itself for the one it asks", () => {
    const bluetongue = passage("Bluetongue is a notifiable disease. Monovalent vaccines are available. Cattle require two doses separated by 2 weeks.");
    expect(check("After the two bluetongue doses 2 weeks apart in cattle, how often do they need a booster?", [bluetongue])).toMatchObject({ covered: false, missing: "detail" });
    expect(check("After the first bluetongue dose in cattle, how long until the second?", [bluetongue])).toMatchObject({ covered: true });
    // An age states no span of the disease.
    const fip = passage("There is no effective treatment for FIP and 95% of affected cats die within one year of the onset of disease.");
    expect(check("Our 1-year-old cat was just diagnosed with FIP. How long do cats usually survive?", [fip])).toMatchObject({ covered: true });
    // Nor are the candidates it offers for the answer.
    const stringhalt = passage("The prognosis of stringhalt is poor. The recovery time for stringhalt in horses varies from 3 months to 3 years.");
    expect(check("How long until a horse recovers from stringhalt – 3 months or 3 years?", [stringhalt])).toMatchObject({ covered: true });
    expect(check("Is stringhalt recovery in horses 3 or 6 months?", [stringhalt])).toMatchObject({ covered: true });
  });

  it("reads a span said as an age as an age: it answers 'at what age', not 'how often' or 'how long'", () => {
    const duckPlague = passage("Live-attenuated and killed duck plague vaccines are used in breeder ducks above 2 weeks of age.");
    expect(check("How often should breeder ducks be revaccinated against duck plague?", [duckPlague])).toMatchObject({ covered: false, missing: "detail", what: ["interval"] });
    expect(check("From what age can breeder ducks get duck plague vaccine?", [duckPlague])).toMatchObject({ covered: true });
    const gudair = passage("Sheep farmers worry about resurgence of OJD if they stop vaccinating lambs with Gudair after a few years without cases.");
    expect(check("At what age should lambs be given Gudair?", [gudair])).toMatchObject({ covered: false, missing: "detail", what: ["duration"] });
  });

  it("asks 'is there a vaccine for it?' and a meat withdrawal of the passages, but not 'are there any common factors?'", () => {
    const aleutian = passage("Aleutian disease is a parvovirus disease lethal to mink; in ferrets it causes diarrhoea and is rarely fatal.");
    expect(check("Aleutian disease in ferrets: is there a vaccine for it?", [aleutian])).toMatchObject({ covered: false, missing: "detail", what: ["treatment"] });
    expect(check("Aleutian disease in ferrets: is there a vaccine for it?", [passage("No vaccine protects ferrets against Aleutian disease.")])).toMatchObject({ covered: true });
    const pigs = passage("Pigs are wormed with ivermectin 300 µg/kg s.c.; as with all medication, meat withdrawal periods must be followed.");
    expect(check("ivermectin in pigs - meat withdrawal?", [pigs])).toMatchObject({ covered: false, missing: "detail", what: ["duration"] });
    expect(check("What's the meat withholding period for ivermectin in pigs?", [pigs])).toMatchObject({ covered: false, missing: "detail", what: ["duration"] });
    expect(check("What's the meat withholding period for ivermectin in pigs?", [passage("Ivermectin in pigs has a meat withdrawal period of 28 days.")])).toMatchObject({ covered: true });
    expect(frameOf("In a naive horse, how does the picture differ in vaccinated horses?").asked).not.toContain("treatment");
  });

  it("asks how long a survival is of a sentence about surviving ('viable', 'succumb'), not of any span", () => {
    const scrapie = passage("Classical scrapie in sheep has a variable pre-clinical period (2-5 years) that culminates in neurologic signs.");
    expect(check("How long do sheep with classical scrapie survive once signs appear?", [scrapie])).toMatchObject({ covered: false, missing: "detail", what: ["duration"] });
    const parvo = passage("Canine parvovirus is highly resistant and can remain viable outside of its host for at least a year.");
    expect(check("How long can canine parvovirus survive in the environment?", [parvo])).toMatchObject({ covered: true });
    // Hosts that survived a disease say nothing of how long its virus lasts outside them.
    const geese = passage("Goslings from breeder geese that had survived goose parvovirus infection were protected for the initial 1-2 weeks.");
    expect(check("How long can goose parvovirus survive in the environment?", [geese])).toMatchObject({ covered: false, missing: "detail", what: ["duration"] });
    const scid = passage("Arabian foals with SCID typically succumb to opportunistic infection before 5 months of age.");
    expect(check("How long do Arabian foals with SCID survive?", [scid])).toMatchObject({ covered: true });
    // "When do the signs settle?" is answered by a span that ends with them, not by any span on the topic.
    const calici = passage("Feline calicivirus has been a problem in cats for the past 30 years despite vaccination.");
    expect(check("How long do calicivirus signs take to settle in cats?", [calici])).toMatchObject({ covered: false, missing: "detail", what: ["duration"] });
    const settles = passage("In cats the clinical symptoms of feline calicivirus are relieved 14 to 18 days after the infection.");
    expect(check("How long do calicivirus signs take to settle in cats?", [settles])).toMatchObject({ covered: true });
  });

  it("reads the end of a passage's last paragraph in its tail, from the chunk after", () => {
    const question = "How is bluetongue confirmed in cattle?";
    const start = "Bluetongue in cattle is mostly asymptomatic apart from abortions and stillbirths.";
    expect(check(question, [passage(start)])).toMatchObject({ covered: false, missing: "detail", what: ["diagnosis"] });
    expect(check(question, [{ ...passage(start), tail: "The diagnosis is confirmed by PCR for viral RNA." }])).toMatchObject({ covered: true });
    // A last paragraph the question's words reach only with its tail is read too, beside a paragraph that has them.
    const settle = "In kittens with calicivirus, how long before the clinical signs settle?";
    const signs = passage("Common clinical signs of calicivirus infection in kittens include oral ulcers and sneezing.");
    const fcv = {
      ...passage("Feline calicivirus (FCV) is a respiratory pathogen of felines."),
      tail: "The clinical signs are relieved 14 to 18 days after the infection, but FCV is still shed.",
    };
    expect(check(settle, [signs, fcv])).toMatchObject({ covered: true });
  });

  it("judges what a passage is about with the rest of its last paragraph ('…vaccines… two doses' after bluetongue)", () => {
    const question = "how many bluetongue jabs does a cow need";
    const bluetongue = { ...passage("Bluetongue is a notifiable disease; the first recorded case in the UK was in a cow."), tail: "There are vaccines for each serotype. Cattle require two doses separated by 2 weeks." };
    const ranch = passage("A better understanding of vaccines and other methods of control is needed in working cattle.");
    const result = checkCoverage(question, termsOf(question).map((t) => (t.term === "jab" ? { ...t, alternatives: [["vaccin"]] } : t)), frameOf(question), [ranch, bluetongue]);
    expect(result).toMatchObject({ covered: true });
    expect(result.covered && result.supporting[0]).toBe(bluetongue);
  });

  it("reads a passage's first paragraph with its lead, the start of the paragraph in the chunk before", () => {
    const question = "How is equine grass sickness diagnosed?";
    const start = "Equine grass sickness is a dysautonomia of horses grazing pasture in spring, with colic and weight loss.";
    const continued = "Ileal biopsy at laparotomy confirms it.\nGrass sickness outbreaks follow cold dry weather and grass cutting.";
    expect(check(question, [passage(start), passage(continued)])).toMatchObject({ covered: false, missing: "detail", what: ["diagnosis"] });
    expect(check(question, [passage(start), { ...passage(continued), lead: start }])).toMatchObject({ covered: true });
  });

  it("takes 'how common' as answered by a share or by how common in words, and a diet as a treatment", () => {
    const mmvd = passage("Myxomatous mitral valve degeneration is the most common acquired heart disease of dogs.");
    expect(check("How common is myxomatous mitral valve degeneration in dogs?", [mmvd])).toMatchObject({ covered: true });
    expect(check("What is the prevalence of myxomatous mitral valve degeneration in dogs?", [mmvd])).toMatchObject({ covered: false, what: ["rate"] });
    const xanthoma = passage("Cutaneous xanthomas in cats regress when the hyperlipidaemia is corrected with a low-fat diet.");
    expect(check("How are cutaneous xanthomas treated in cats?", [xanthoma])).toMatchObject({ covered: true });
  });

  it("does not ask an essay or a yes/no question for one typed value", () => {
    expect(check("Does goat pox increase mortality in goats?", [GOAT_POX])).toMatchObject({ covered: true });
    expect(check("Explain the clinical course of goat pox in goats and how long recovery takes.", [GOAT_POX])).toMatchObject({ covered: true });
  });
});

describe("named things in a text", () => {
  it("finds a genus the passage writes only in abbreviated binomials, beside the disease named after it", () => {
    const ovine = "Among the six species implicated in ovine babesiosis (B. crassa, B. motasi, B. ovis), B. ovis is the most pathogenic.";
    expect(namesThing("Babesia", ovine)).toBe(true);
    // An abbreviation alone, or the disease alone, does not name the genus.
    expect(namesThing("Babesia", "B. ovis is the most pathogenic species in sheep.")).toBe(false);
    expect(namesThing("Bacillus", ovine)).toBe(false);
  });

  it("finds an inflammation or a disorder named within a compound ('gingivostomatitis' is a stomatitis, 'polyneuropathy' a neuropathy)", () => {
    expect(namesThing("stomatitis", "Feline chronic gingivostomatitis is a chronic inflammatory mucosal disease.")).toBe(true);
    expect(namesThing("arthritis", "Erysipelas causes a polyarthritis in pigs.")).toBe(true);
    expect(namesThing("neuropathy", "Affected dogs display signs of a generalized polyneuropathy.")).toBe(true);
    // Not a word that merely ends alike, nor another condition.
    expect(namesThing("stomatitis", "Stomach ulcers and gastritis are common.")).toBe(false);
    expect(namesThing("arthritis", "Osteoarthrosis of the hock.")).toBe(false);
  });

  it("finds a binomial with its genus written out or abbreviated, and never another genus's species", () => {
    expect(namesThing("Trypanosoma vivax", "transmitted by flies: T. vivax in cattle")).toBe(true);
    expect(namesThing("Dichelobacter nodosus", "virulent $D$  nodosus strains")).toBe(true);
    expect(namesThing("Borrelia burgdorferi", "not susceptible to  $B$ . burgdorferi infection")).toBe(true);
    expect(namesThing("Mycobacterium bovis", "Babesia bovis (B. bovis) in cattle")).toBe(false);
  });

  it("finds a code typed without its hyphen where the passage writes it with one, or in LaTeX", () => {
    expect(namesThing("BPI3", "Bovine parainfluenza virus type 3 (BPI-3) causes respiratory disease.")).toBe(true);
    expect(namesThing("NH3", "Portosystemic shunts impair the ability to detoxify \\(NH_{3}\\) through the urea cycle.")).toBe(true);
    expect(namesThing("PCV3", "PCV2 is classified into genotypes PCV2a to PCV2f.")).toBe(false);
  });

  it("finds word forms and spelled-out acronyms", () => {
    expect(namesThing("Algerian", "In Algeria, few studies")).toBe(true);
    expect(namesThing("FIV", "feline immunodeficiency virus infection")).toBe(true);
    // Function words spell no letter of one: "tests may show" is not TMS.
    expect(namesThing("TMS", "Clinical tests may show hypoalbuminaemia.")).toBe(false);
    // Nor does an adverb: "greatly enlarged" is not GE.
    expect(namesThing("GE", "the greatly enlarged capacity of a dilated esophagus")).toBe(false);
    expect(namesThing("PD", "70% of dogs have some form of periodontal disease")).toBe(true);
    // Unless told not to read initials (an abbreviation search knows the long forms of).
    expect(namesThing("GE", "a gastrointestinal emergency", { spelledOut: false })).toBe(false);
  });

  it("finds a virus named by its family's word in a genus of that family or in its adjective", () => {
    expect(namesThing("coronavirus", "Ferret epizootic coronaviral enteritis is an alphacoronavirus.")).toBe(true);
    expect(namesThing("coronavirus", "Ferret epizootic enteritis is an alphacoronavirus.")).toBe(true);
    expect(namesThing("provirus", "the virus can remain latent as proviral DNA")).toBe(true);
    expect(namesThing("coronavirus", "Ferret enteritis is caused by a rotavirus.")).toBe(false);
  });
});

describe("how it is diagnosed", () => {
  it("is asked by 'how' with a word of diagnosing close after it, not by a word of detecting further on", () => {
    expect(HOW_DIAGNOSED.test("how do I confirm it?")).toBe(true);
    expect(HOW_DIAGNOSED.test("How would you go about confirming FIP in a kitten?")).toBe(true);
    expect(HOW_DIAGNOSED.test("best way to confirm it?")).toBe(true);
    expect(HOW_DIAGNOSED.test("Does training change how fast a gelding clears drugs, so that published detection times might not apply?")).toBe(false);
  });

  it("is asked by a marker wanted ('is there a blood marker…?'), and said by a sentence giving one", () => {
    expect(HOW_DIAGNOSED.test("Is there a blood marker that helps diagnose mammary tumours?")).toBe(true);
    expect(HOW_DIAGNOSED.test("Which biomarkers are used for FIP?")).toBe(true);
    expect(DIAGNOSING.test("AGP is considered the most powerful biomarker of FIP.")).toBe(true);
    // (A marker told, not asked: "the marker went up" asks nothing of diagnosing.)
    expect(HOW_DIAGNOSED.test("The marker went up again - is that bad?")).toBe(false);
  });
});

describe("which drug, said in another passage on the subject", () => {
  it("takes the drugs named for the question's pathogen from another relevant passage, under the name its document defines", () => {
    const treatment = passage("In horses, peracute colitis because of Clostridioides difficile (C. difficile) often leads to severe systemic inflammatory response syndrome. Typical treatments for C. difficile colitis in horses include fluid therapy.");
    const causes = passage(
      "Two major risk factors for the development of $C$ difficile associated disease (CDAD) in adult horses are hospitalization and antimicrobial treatment. The drugs most commonly associated with CDAD in horses are erythromycin, clindamycin and rifampicin.",
    );
    const question = "Which antibiotics are most often linked to C. difficile colitis in horses?";
    // Its content words: the passage on the drugs shares fewer of them than the one on treatment.
    const terms = termsOf("antibiotics linked C. difficile colitis horses");
    expect(checkCoverage(question, terms, frameOf(question), [treatment, causes])).toMatchObject({ covered: true });
    expect(checkCoverage(question, terms, frameOf(question), [treatment])).toMatchObject({ covered: false, missing: "detail", what: ["drug"] });
    expect(abbreviationsDefinedIn(causes.text)).toContainEqual({ abbreviation: "CDAD", words: ["c", "difficile", "associated", "disease"] });
  });
});

describe("typed values", () => {
  it("needs a number with the right unit, next to what was asked", () => {
    // A count is a number: "several researchers" gives none.
    expect(holdsValue("count", "Horses' spinal column is composed of seven cervical, eighteen thoracic and six lumbar vertebrae.", null)).toBe(true);
    expect(holdsValue("count", "Strands of connective tissue are claimed by several researchers to take over part of the forces.", null)).toBe(false);
    expect(holdsValue("dose", "Give 0.1 mg/kg once daily.", null)).toBe(true);
    expect(holdsValue("dose", "Give it once daily with food.", null)).toBe(false);
    expect(holdsValue("rate", "It affects 0.7% to 12% of cats.", null)).toBe(true);
    expect(holdsValue("rate", "In approximately one third of infected cats the virus persists.", null)).toBe(true);
    // How many die of it a year is a count per year ("how many people die of snake bites a year?"), not a dose a day.
    expect(holdsValue("rate", "Worldwide, there are approximately 81,000 to 138,000 deaths per year due to snake envenomation.", "die")).toBe(true);
    expect(holdsValue("rate", "Give 2 tablets per day for 5 days.", null)).toBe(false);
    expect(holdsValue("duration", "The incubation period is 6 to 13 days.", "incubation")).toBe(true);
    expect(holdsValue("duration", "Lesions heal within 3 weeks.", "incubation")).toBe(false);
    // The time before signs is the incubation, however hyphenated.
    expect(holdsValue("duration", "Classical scrapie has a variable pre-clinical period (2-5 years).", "incubation")).toBe(true);
    // An age asked beside a dose is of when to give it, not of the dose.
    expect(holdsValue("dose", "Individual treatments are i.m. doramectin at 3 mg/10 kg.", "age")).toBe(true);
    // A span written without a numeral; "a-d" (figure panels) is no span.
    expect(holdsValue("duration", "The virus can remain viable outside of its host for at least a year.", null)).toBe(true);
    expect(holdsValue("duration", "Lesions are shown in panels a-d of the figure.", null)).toBe(false);
    // Years that date an account are no span of the disease; hours before an event are one.
    expect(holdsValue("duration", "FURTD remains a significant problem, despite the widespread use of vaccination over the past 30 years.", null)).toBe(false);
    expect(holdsValue("duration", "The cuticle is deposited during the last 5 h before oviposition.", null)).toBe(true);
    // A figure's number is no count.
    expect(holdsValue("count", "A substantial number of RBC must be present in urine before a pink color is observed (Figure 4.5).", "rbcs")).toBe(false);
    expect(holdsValue("count", "Light pink urine was seen with approximately 600 RBC/hpf (Table 2).", null)).toBe(true);
    // An interval said as a span is one between doses: an incubation period is none.
    expect(holdsValue("interval", "The virus typically has a three- to nine-day incubation period.", null)).toBe(false);
    expect(holdsValue("interval", "A booster is given 2 to 4 weeks later.", null)).toBe(true);
    expect(holdsValue("interval", "Rabbits are vaccinated annually.", null)).toBe(true);
    expect(holdsValue("interval", "Cattle require two doses separated by 2 weeks.", null)).toBe(true);
    // A number word is a whole word: "tend to" is not "ten d(ays)".
    expect(holdsValue("duration", "Infected hairs tend to be larger in diameter with a fuzzy outline.", null)).toBe(false);
    expect(holdsValue("duration", "Signs resolve in ten days.", null)).toBe(true);
    // "Which local anaesthetic…?" is answered by one ("-caine"), not by a sedative named beside it.
    expect(holdsValue("drug", "This can be carried out under heavy sedation, normally with xylazine.", "local anaesthetic")).toBe(false);
    expect(holdsValue("drug", "The nerve is blocked with 2% lidocaine.", "local anaesthetic")).toBe(true);
    expect(holdsValue("drug", "This can be carried out under heavy sedation, normally with xylazine.", null)).toBe(true);
    // The asked period by name, hyphenated or not; another period does not answer it.
    expect(holdsValue("duration", "Classical scrapie has a variable pre-clinical period (2-5 years).", "preclinical")).toBe(true);
    expect(holdsValue("duration", "More than 10,500 cases were diagnosed in goats over a 15-year period.", "preclinical")).toBe(false);
    expect(holdsValue("count", "The horse has eighteen thoracic vertebrae.", "thoracic")).toBe(true);
    // "Case fatality rate" is found as the fixed phrase it is, even mistyped; another rate is not it.
    expect(holdsValue("rate", "Case fertility rate of the disease is 55-85% in goat and less than 10% in sheep.", "fatality")).toBe(true);
    expect(holdsValue("rate", "Infection rates during outbreaks are above 50-90% in endemic areas.", "fatality")).toBe(false);
    // "One of the most devastating diseases" is no share; "one in ten" is.
    expect(holdsValue("rate", "Classical swine fever is one of the most devastating diseases of pigs, with high mortality.", "mortality")).toBe(false);
    expect(holdsValue("rate", "Mortality reaches one in ten of the affected pigs.", "mortality")).toBe(true);
    // "How deadly is PPR?" asks the same share.
    expect(holdsValue("rate", "Case fertility rate of the disease is 55-85% in goat and less than 10% in sheep.", "mortality")).toBe(true);
    // A course of treatment is said as the treatment or therapy it is.
    expect(holdsValue("duration", "Most cases receive daily therapy for 20 to 30 days.", "course")).toBe(true);
    expect(holdsValue("duration", "Relapses occur within 20 to 30 days.", "course")).toBe(false);
    // A vaccine's primary course is said as its doses.
    expect(holdsValue("interval", "Cattle require two doses separated by 2 weeks.", "course")).toBe(true);
    // Pressures and molecular sizes are quantities.
    expect(holdsValue("quantity", "A mean pressure >11 kPa is a reasonable threshold for back pain.", null)).toBe(true);
    expect(holdsValue("quantity", "The capsid is 27-30 nm in diameter.", null)).toBe(true);
    expect(holdsValue("quantity", "The capsid is small and icosahedral.", null)).toBe(false);
    // A pH has no unit.
    expect(holdsValue("quantity", "An increase in urinary pH (>6.4) favors struvite uroliths and a reduction (<6.2) favors the oxalate form.", null)).toBe(true);
    expect(holdsValue("quantity", "Urinary pH favors struvite uroliths in cats.", null)).toBe(false);
    // A prevalence said by what the share of animals has.
    expect(holdsValue("rate", "One study of British dressage horses demonstrated that 25% had a history of back-related problems.", "prevalence")).toBe(true);
    expect(holdsValue("rate", "Of the treated horses, 25% had recovered by day ten.", "prevalence")).toBe(false);
    // A share of the body weight is an amount.
    expect(holdsValue("quantity", "No more than 1% of the body weight should be taken in blood volume from healthy amphibians.", null)).toBe(true);
    expect(holdsValue("year", "RHDV2 was first detected in France in 2010.", null)).toBe(true);
    // How long until death: said with the death, not after a sentence that calls the disease fatal.
    expect(holdsValue("duration", "The virus can cause fatal disease within two to four days of infection.", "survival")).toBe(true);
    expect(holdsValue("duration", "It has spread in the 12 years since its discovery.", "survival", "RHDV2 is a highly contagious and lethal pathogen causing fatal disease.")).toBe(false);
  });

  it("reads a gene symbol, not an abbreviation the passage defines or the gene the question names", () => {
    const defined = new Map([["RTS", tokenize("rat tail syndrome")]]);
    expect(holdsValue("gene", "RTS is expressed with the MC1R locus.", null, "", ["PMEL"], defined)).toBe(true);
    expect(holdsValue("gene", "The PMEL locus underlies rat tail syndrome (RTS).", null, "", ["PMEL"], defined)).toBe(false);
    // A retrovirus's genes are written in lower case.
    expect(holdsValue("gene", "PCR tests targeting conserved sequences such as those present within the pol region can also be used.", null)).toBe(true);
    expect(holdsValue("gene", "PCR tests targeting conserved sequences can also be used.", null)).toBe(false);
  });

  it("answers 'which residues' with residues named by position, not a protein's or a subtype's code", () => {
    expect(holdsValue("residue", "IKKε phosphorylates IRF7 at Ser477 and Ser479.", null)).toBe(true);
    expect(holdsValue("residue", "Degradation was regulated by a region of three residues (M24, L25, and I27).", null)).toBe(true);
    expect(holdsValue("residue", "Binding needs tyrosine 701 of STAT1.", null)).toBe(true);
    expect(holdsValue("residue", "TBK1 phosphorylates IRF3, leading to its translocation to the nucleus.", null)).toBe(false);
    expect(holdsValue("residue", "The E2 protein and the L1 capsid protein bind the H5 receptor.", null)).toBe(false);
    expect(holdsValue("residue", "Activated JAKs phosphorylate tyrosine residues within the receptors.", null)).toBe(false);
  });

  it("answers 'which antibiotic' with a drug's name, not the drug the question names nor the word 'antibiotics'", () => {
    expect(holdsValue("drug", "MRSP pyoderma may be treated with topical chlorhexidine and, by culture, amikacin.", null)).toBe(true);
    expect(holdsValue("drug", "P. aeruginosa is resistant to most antibiotics used in veterinary medicine.", null)).toBe(false);
    expect(holdsValue("drug", "Amoxicillin is no longer effective against MRSP.", null, "", ["amoxicillin"])).toBe(false);
    // A genus ending like a trypanocide ("isometamidium") is no drug.
    expect(holdsValue("drug", "Clostridium difficile is one of the most important causes of enterocolitis in horses.", null)).toBe(false);
    expect(holdsValue("drug", "Cattle were treated with isometamidium.", null)).toBe(true);
  });
});

describe("names the knowledge base has never written", () => {
  /** Terms as search reads them, with the words no passage holds at df 0. */
  const termsWithUnseen = (question: string, unseen: string[]): QueryTerm[] =>
    [...new Set(tokenize(question))].map((term) => ({ term, weight: 1, df: unseen.flatMap((w) => tokenize(w)).includes(term) ? 0 : 3, idf: 1 }));

  it("reads an unseen word asked as the thing given, or an unseen abbreviation in capitals, as a name to cover", () => {
    expect(unseenNames("Metformin dose for a horse with EMS?", termsWithUnseen("Metformin dose for a horse with EMS?", ["metformin"]))).toEqual(["Metformin"]);
    expect(unseenNames("What's the protocol for melarsomine in dogs?", termsWithUnseen("What's the protocol for melarsomine in dogs?", ["melarsomine"]))).toEqual(["melarsomine"]);
    expect(unseenNames("Which FAMACHA scores should get drenched?", termsWithUnseen("Which FAMACHA scores should get drenched?", ["famacha"]))).toEqual(["FAMACHA"]);
    expect(unseenNames("PCV3 genotypes - how many are there?", termsWithUnseen("PCV3 genotypes - how many are there?", ["PCV3"]))).toEqual(["PCV3"]);
    expect(unseenNames("ICPI of the LaSota vaccine strain?", termsWithUnseen("ICPI of the LaSota vaccine strain?", ["lasota"]))).toEqual(["LaSota"]);
    // Named as an example: "a plant like flatweed".
    expect(unseenNames("what causes the Australian form, is it a plant like flatweed?", termsWithUnseen("what causes the Australian form, is it a plant like flatweed?", ["flatweed"]))).toEqual(["flatweed"]);
  });

  it("reads a procedure or test named by a compound no passage found writes ('ear-notch antigen test') as a name to cover", () => {
    const question = "BVD eradication - is the ear-notch antigen test the best way to find PI calves?";
    const terms = termsWithUnseen(question, []);
    expect(unseenNames(question, terms, () => false, () => false)).toEqual(["ear-notch"]);
    expect(unseenNames(question, terms, () => false, (words) => words === "ear notch")).toEqual([]);
    expect(unseenNames("success rate for tie-back surgery?", termsWithUnseen("success rate for tie-back surgery?", []), () => false, () => false)).toEqual(["tie-back"]);
    // Not a describing compound ("long-acting vaccine"), nor one that names no procedure.
    expect(unseenNames("is the long-acting vaccine better?", termsWithUnseen("is the long-acting vaccine better?", []), () => false, () => false)).toEqual([]);
    expect(unseenNames("is a half-day fast enough?", termsWithUnseen("is a half-day fast enough?", []), () => false, () => false)).toEqual([]);
    // Typed without its hyphen, when its second word is one the passages write once, in another sense ("Notch signalling").
    const unhyphenated = "can we use ear notch samples to screen our calves for BVD PIs?";
    const notchOnce = termsWithUnseen(unhyphenated, []).map((t) => (t.term === "notch" ? { ...t, df: 1 } : t));
    expect(unseenNames(unhyphenated, notchOnce, () => false, () => false)).toEqual(["ear notch"]);
    expect(unseenNames(unhyphenated, notchOnce, () => false, (words) => words === "ear notch")).toEqual([]);
    // Not two words the passages often write ("heartworm antigen test"), nor across a comma.
    expect(unseenNames(unhyphenated, termsWithUnseen(unhyphenated, []), () => false, () => false)).toEqual([]);
    expect(unseenNames("pigs in the ear, notch samples?", notchOnce, () => false, () => false)).toEqual([]);
    // Nor a word that only says which one is meant ("the older RHD vaccine" is the vaccine against RHD).
    const older = "Some of the dead had the older RHD vaccine. Does that fit with the newer strain?";
    const rhdOnce = termsWithUnseen(older, []).map((t) => (t.term === "rhd" ? { ...t, df: 1 } : t));
    expect(unseenNames(older, rhdOnce, () => false, () => false)).toEqual([]);
    expect(unseenNames("Some of the dead had the Lapinject RHD vaccine.", termsWithUnseen("Some of the dead had the Lapinject RHD vaccine.", []).map((t) => (t.term === "rhd" ? { ...t, df: 1 } : t)), () => false, () => false)).toEqual(["Lapinject RHD"]);
  });

  it("reads a sickness named by a word the passages never write before it ('grass sickness') as a name to cover", () => {
    const question = "Is equine grass sickness the same dysautonomia that's described in cats and dogs?";
    const terms = termsWithUnseen(question, []);
    expect(unseenNames(question, terms, () => false, (words) => words === "horse sickness")).toEqual(["grass sickness"]);
    const ahs = "What are the signs of African horse sickness?";
    expect(unseenNames(ahs, termsWithUnseen(ahs, []), () => false, (words) => words === "horse sickness" || words === "African horse sickness")).toEqual([]);
    // And a syndrome named by a word before its host that no passage writes so.
    const foal = "Paint mare going to an overo stallion — what's the risk of lethal white foal syndrome and is there a test for it?";
    expect(unseenNames(foal, termsWithUnseen(foal, []), () => false, () => false)).toEqual(["white foal syndrome"]);
    expect(unseenNames("What causes African horse sickness?", termsWithUnseen("What causes African horse sickness?", []), () => false, (words) => words === "African horse sickness" || words === "horse sickness")).toEqual([]);
  });

  it("reads a disease named by a hyphenated phrase no passage writes ('hole-in-the-head disease') as a name to cover", () => {
    const hole = "Those pits on his head - is that hole-in-the-head disease, and how do I treat it?";
    expect(unseenNames(hole, termsWithUnseen(hole, []), () => false, () => false)).toEqual(["hole-in-the-head"]);
    const fmd = "How is foot-and-mouth disease spread between farms?";
    expect(unseenNames(fmd, termsWithUnseen(fmd, []), () => false, (words) => words === "foot and mouth")).toEqual([]);
  });

  it("reads a hyphenated name no passage holds ('chloramine-T') asked as a concentration as a name to cover", () => {
    const question = "What concentration of chloramine-T should I use to bath rainbow trout?";
    expect(unseenNames(question, termsWithUnseen(question, ["chloramine"]))).toEqual(["chloramine-T"]);
  });

  it("reads an unseen word that names a disease with the noun after it ('lavender foal syndrome') as a name to cover", () => {
    const lavender = "Is there a DNA test for lavender foal syndrome in Arabians?";
    expect(unseenNames(lavender, termsWithUnseen(lavender, ["lavender"]))).toEqual(["lavender"]);
    const tyzzer = "How is tyzzer disease diagnosed in rabbits?";
    expect(unseenNames(tyzzer, termsWithUnseen(tyzzer, ["tyzzer"]))).toEqual(["tyzzer"]);
    // A describing word before the syndrome, or a word two before it with no host between, names none.
    const broader = "Which broader neurologic syndrome do older dogs with laryngeal paralysis have?";
    expect(unseenNames(broader, termsWithUnseen(broader, ["broader"]))).toEqual([]);
    const worsen = "Which drug could worsen corneal disease?";
    expect(unseenNames(worsen, termsWithUnseen(worsen, ["worsen"]))).toEqual([]);
  });

  it("reads an unseen surgical procedure proposed to be done ('should we do a left-sided gastropexy?') as a name to cover", () => {
    const pexy = "After we reduce a gastro-oesophageal intussusception in a pup, should we do a left-sided gastropexy so it doesn't happen again?";
    expect(unseenNames(pexy, termsWithUnseen(pexy, ["gastropexy"]))).toEqual(["gastropexy"]);
    const tracheo = "Should we perform a temporary tracheostomy on a horse with laryngeal paralysis?";
    expect(unseenNames(tracheo, termsWithUnseen(tracheo, ["tracheostomy"]))).toEqual(["tracheostomy"]);
    // (Only named, it may be written in a longer word: "success rate of digital extensor tenectomy" by "myotenectomy".)
    const tenectomy = "Stringhalt – success rate of digital extensor tenectomy, duration of Botox effect, and expected recovery time?";
    expect(unseenNames(tenectomy, termsWithUnseen(tenectomy, ["tenectomy"]))).not.toContain("tenectomy");
    // (A word that only ends alike is none: "biology".)
    const biology = "What does the biology of the mite tell us?";
    expect(unseenNames(biology, termsWithUnseen(biology, ["biology"]))).toEqual([]);
  });

  it("does not read a describing word, a word the passages hold, or an incidental unseen word as a name", () => {
    expect(unseenNames("What intramuscular dose of doramectin is used?", termsWithUnseen("What intramuscular dose of doramectin is used?", ["intramuscular"]))).toEqual([]);
    expect(unseenNames("What is the ivermectin dose for pigs?", termsWithUnseen("What is the ivermectin dose for pigs?", []))).toEqual([]);
    expect(unseenNames("Can I buy meloxicam online for my cat?", termsWithUnseen("Can I buy meloxicam online for my cat?", ["online", "buy"]))).toEqual([]);
    // A question in capitals throughout writes no word as a name by its case.
    const title = "PREVALENCE OF STREPTOCOCCUS AGALACTIAE IN MELILLA";
    expect(unseenNames(title, termsWithUnseen(title, ["melilla"]))).toEqual([]);
  });

  it("does not read a word the passages write another way ('wormer' for 'anthelmintic') as a name no passage writes", () => {
    const question = "Individual wormer doses for pigs - doramectin and ivermectin?";
    const terms = termsWithUnseen(question, ["wormer"]);
    expect(unseenNames(question, terms)).toEqual(["wormer"]);
    const anthelmintic = passage("Resistance of helminths to anthelmintics has not been found in pigs.");
    const withSynonym = terms.map((t) => (t.term === tokenize("wormer")[0] ? { ...t, alternatives: [tokenize("anthelmintic")] } : t));
    const writtenOtherwise = (t: QueryTerm) => holdsTerm(passageTerms(anthelmintic), t);
    expect(unseenNames(question, withSynonym, writtenOtherwise)).toEqual([]);
    // A synonym no passage uses does not make the word seen.
    expect(unseenNames(question, withSynonym, (t) => holdsTerm(passageTerms(passage("Doramectin is given to pigs.")), t))).toEqual(["wormer"]);
  });

  it("refuses through the coverage check once such a name is required", () => {
    // (A drug no list holds: the frame does not read it as one.)
    const question = "Pentosan dose for a horse with insulin dysregulation?";
    const frame = frameOf(question);
    const horse = passage("Insulin dysregulation in the horse is treated with levothyroxine at a dose of 0.1 mg/kg once daily.");
    expect(check(question, [horse])).toMatchObject({ covered: true });
    expect(checkCoverage(question, termsOf(question), { ...frame, names: [...frame.names, "Pentosan"] }, [horse])).toMatchObject({ covered: false, missing: "name", what: ["Pentosan"] });
  });
});

describe("a detail asked after a case told first", () => {
  it("needs the withdrawal, the storage or how long animals stay contagious when a case is told before a short question", () => {
    const tears = passage("Oxytetracyclines are ideal as they appear in the tears and have long-acting formulations. Treatment may need repeating after 3 days.");
    const milk = "Milking about 300 ewes for cheese and pink eye is working its way through them. If I use the long-acting oxytetracycline injection, how long does their milk have to stay out of the tank?";
    expect(check(milk, [tears])).toMatchObject({ covered: false, missing: "detail" });
    const withheld = passage("Milk from ewes treated with long-acting oxytetracycline must be withheld from the tank for 7 days.");
    expect(check(milk, [withheld])).toMatchObject({ covered: true });
    const ms222 = passage("Amphibians can be anesthetized for venipuncture in a 2%-3% MS222 solution, buffered with sodium bicarbonate, for 10 minutes.");
    expect(check("Exotics nurse here. When we make up MS222 to knock down frogs before a blood draw, does it need buffering, and how long can the made-up solution be kept in the fridge?", [ms222])).toMatchObject({ covered: false, missing: "detail" });
    const ferrets = passage("In ferrets, clinical signs include lethargy and green diarrhoea for a period of 48-72 hours after infection.");
    expect(check("We had green slime diarrhoea go through our ferrets and they all seem better now. How long after recovering are they still contagious?", [ferrets])).toMatchObject({ covered: false, missing: "detail" });
  });

  it("needs a vaccine's dose said of a vaccine, not another drug's dose", () => {
    const antifungal = passage("Fluconazole (5-10 mg/kg/day) is another option for cats and may have fewer adverse effects.");
    expect(check("What dose of the domestic cat vaccine would a 10 kg cat need?", [antifungal])).toMatchObject({ covered: false, missing: "detail" });
    const vaccine = passage("The feline calicivirus vaccine is given to cats at one dose of 1 ml subcutaneously.");
    expect(check("What dose of the domestic cat vaccine would a 10 kg cat need?", [vaccine])).toMatchObject({ covered: true });
  });

  it("does not answer of an animal the knowledge base never names from passages that name none", () => {
    const woods = passage("A Wood's lamp examination is a simple screening tool for dermatophytosis, but only M. canis produces the classic apple-green fluorescence of the hair shaft.");
    const question = "Volunteer at a hedgehog rescue: several of our hogs have crusty, bald patches. Which fungus do hedgehogs usually carry, and will it glow under a Wood's lamp?";
    expect(checkCoverage(question, termsOf(question), { ...frameOf(question), unnamed: ["hedgehog"] }, [woods])).toMatchObject({ covered: false, missing: "species" });
    // (Passages that name none still answer of an animal the knowledge base names elsewhere.)
    expect(checkCoverage(question, termsOf(question), frameOf(question), [woods])).toMatchObject({ covered: true, namesNoSpecies: true });
  });

  it("needs a passage saying the asked animal gets the disease when asked whether it spreads to them, not one on another disease of theirs", () => {
    const cows = passage("Cows infected in the early gestational period with BVDV may produce persistently infected calves, which spread BVDV throughout herds.");
    expect(check("Goat pox has turned up in the next village. Can it spread to my dairy cows, or is it only a goat and sheep problem?", [GOAT_POX, cows])).toMatchObject({ covered: false, missing: "species" });
  });

  it("reads a keeper's nursing training as who asks, not a nursing mother", () => {
    const jugular = passage("The right jugular vein is larger than the left in chickens and is used for blood collection; bruising is common there.");
    expect(check("Backyard hen keeper with a bit of nursing training: if I have to take blood from the neck, is one jugular better than the other?", [jugular])).toMatchObject({ covered: true });
  });

  it("needs a test's turnaround said of its results, not an age or another span in the passage", () => {
    const scid = passage("Since the development of a DNA test to detect the mutation in healthy carriers, Arabian horses can be screened before mating. Foals with SCID typically succumb to opportunistic infection before the age of 3 months.");
    expect(check("Arabian stud owner: how long does the SCID carrier DNA test take to come back from the lab?", [scid])).toMatchObject({ covered: false, missing: "detail" });
    const pcr = passage("Results of the DNA test for SCID carriers in Arabian horses are usually reported within 5 days.");
    expect(check("Arabian stud owner: how long does the SCID carrier DNA test take to come back from the lab?", [pcr])).toMatchObject({ covered: true });
  });

  it("refuses an animal the passages never name when the animals named are only a reason given ('since that parvovirus hits mink and ferrets')", () => {
    const aleutian = passage("A parvovirus known as Aleutian disease is particularly lethal to mink, but in ferrets it produces unpleasant diarrhoea. It may produce melaenic faeces and loss of weight.");
    expect(check("Sanctuary keeper: one of our Eurasian otters has tarry black droppings and is losing weight. Could Aleutian disease be behind it, since that parvovirus hits mink and ferrets?", [aleutian])).toMatchObject({ covered: false, missing: "species" });
  });

  it("needs a product named as one for a brand, and a person said to have done it for 'who first described'", () => {
    const pigs = passage("Individual treatments can be given by i.m. injection of doramectin at 3 mg/10 kg or by s.c. injection of ivermectin at 300 µg/kg in pigs.");
    expect(check("What brand of ivermectin injection should I buy for my pigs?", [pigs])).toMatchObject({ covered: false, missing: "detail" });
    expect(check("What brand of ivermectin injection should I buy for my pigs?", [passage("Ivermectin for pigs is marketed as Ivomec® injection.")])).toMatchObject({ covered: true });
    expect(check("What brand of OJD vaccine do sheep farmers in Australia use?", [passage("Within its first few years of release in Australia, vaccination of sheep with Gudair contributes to a delayed onset of OJD.")])).toMatchObject({ covered: true });
    const scrapie = passage("Scrapie has long been known in sheep and goats (Chelle 1942). In 1998 a new, atypical type of scrapie was identified in sheep (Benestad et al. 2003).");
    expect(check("Who first described scrapie in sheep?", [scrapie])).toMatchObject({ covered: false, missing: "detail" });
    expect(check("Who first described scrapie in sheep?", [passage("Scrapie in sheep was first described by Leopoldt in 1759.")])).toMatchObject({ covered: true });
  });

  it("needs how long a product keeps said of its storage, not a course's length", () => {
    const shampoo = passage("Topical therapy with 2% chlorhexidine shampoo two to three times per week for three to four weeks is recommended for active infection in dogs.");
    expect(check("How long does an opened bottle of chlorhexidine shampoo keep?", [shampoo])).toMatchObject({ covered: false, missing: "detail" });
  });

  it("needs the value a case's one short question asks, however long the case told before it", () => {
    const haemonchosis = passage("Maintaining a good body condition score through the provision of a balanced diet remains a workable strategy to control haemonchosis in sheep.");
    const asked = "Farm nutritionist here: it's a 400-ewe Texel-cross flock on a worm-heavy lowland farm, and the notes talk about keeping body condition up with a balanced diet to help control haemonchosis. How many grams of supplementary crude protein per ewe per day does it recommend?";
    expect(check(asked, [haemonchosis])).toMatchObject({ covered: false, missing: "detail", what: ["count"] });
  });

  it("needs a booster's interval said of boosters, not the primary course's gap", () => {
    const btv = passage("Monovalent bluetongue vaccines are available. Cattle require two doses separated by 2 weeks.");
    const booster = "I'm locuming on a beef unit that vaccinated the suckler cows against bluetongue last spring with the two-dose primary course. The farmer wants to know when they're due a booster - is it every year?";
    expect(frameOf(booster)).toMatchObject({ asked: ["interval"], attribute: "booster" });
    expect(check(booster, [btv])).toMatchObject({ covered: false, missing: "detail" });
    const annual = passage("Cattle require two doses separated by 2 weeks, then an annual booster every 12 months.");
    expect(check("When are cattle due a bluetongue booster?", [annual])).toMatchObject({ covered: true });
  });

  it("needs an age asked in so many words beside another value ('From what age…, and how often … a booster?')", () => {
    const btv = passage("Monovalent bluetongue vaccines are available. Cattle require two doses separated by 2 weeks.");
    const asked = "Suckler herd, bluetongue vaccination planned for spring. From what age can the calves have the first of the two doses, and once the cows have had the primary course how often do they need a booster?";
    expect(check(asked, [btv])).toMatchObject({ covered: false, missing: "detail" });
    const aged = passage("Calves may receive the first of the two bluetongue doses from 1 month of age; cattle require two doses separated by 2 weeks and an annual booster.");
    expect(check(asked, [aged])).toMatchObject({ covered: true });
  });

  it("needs a study's size as a number of its animals, not a share it found", () => {
    const dressage = passage("One recent large-scale study of British dressage horses demonstrated that 25% had a history of back-related problems.");
    const asked = "How many horses were in the British dressage study that found 25% had back problems?";
    expect(frameOf(asked).attribute).toBe("study size");
    expect(check(asked, [dressage])).toMatchObject({ covered: false, missing: "detail", what: ["count"] });
    const sized = passage("One recent large-scale study of 296 British dressage horses demonstrated that 25% had a history of back-related problems.");
    expect(check(asked, [sized])).toMatchObject({ covered: true });
  });

  it("needs how many a survey must take in as a number of animals sampled, not how widely the animals are spread", () => {
    const asked = "How many pigs do we need to sample to be sure we'd pick up brucellosis in the feral herd?";
    expect(frameOf(asked).attribute).toBe("study size");
    const spread = passage("Feral swine are found in at least 38 states and are a reservoir for brucellosis in pigs.");
    expect(check(asked, [spread])).toMatchObject({ covered: false, missing: "detail" });
    const sampled = passage("To detect brucellosis in feral pigs at 5% prevalence, 59 pigs should be sampled per population.");
    expect(check(asked, [sampled])).toMatchObject({ covered: true });
  });

  it("counts the asked thing however it is named: by its initials ('QHs') or by a synonym ('polypeptides')", () => {
    const registry = passage("Almost 3 million Quarter Horses were registered in the United States in 2010, the largest breed registry.");
    expect(check("Roughly how many QHs were registered in the US in 2010?", [registry])).toMatchObject({ covered: true });
    const asfv = passage("ASF virus (ASFV) is a large DNA virus of pigs. The viral particle contains 54 structural proteins.");
    expect(check("How many structural polypeptides make up the ASFV virion in pigs?", [asfv])).toMatchObject({ covered: true });
    // (Not a count of another thing: the passage counts no structural polypeptides here.)
    const genome = passage("ASF virus (ASFV) is a large DNA virus of pigs whose genome is 170 kb long.");
    expect(check("How many structural polypeptides make up the ASFV virion in pigs?", [genome])).toMatchObject({ covered: false, missing: "detail" });
  });

  it("needs a test's turnaround and a payment in money, not another span or the policy", () => {
    const fiv = passage("Detection of antibodies is the choice for FIV diagnosis using immunochromatography-based kits. FeLV-infected cats die within 1 to 3 years after the initial diagnosis.");
    expect(check("How long does the immunochromatography kit take for FIV in cats?", [fiv])).toMatchObject({ covered: false, missing: "detail" });
    const csf = passage("Currently, classical swine fever is controlled in pigs by a non-vaccination, stamping-out policy or prophylactic vaccination.");
    expect(frameOf("What compensation does the farmer get per pig?").asked).toEqual(["cost"]);
    expect(check("Under the classical swine fever stamping-out policy, how much is paid per pig?", [csf])).toMatchObject({ covered: false, missing: "detail", what: ["cost"] });
  });

  it("needs a marker's code the question asks of ('CA 27.29'), its letters and numbers apart", () => {
    const markers = passage("Canine carcinoembryonic antigen (CEA) and cancer antigen (CA 15-3) are the most widely used serum tumor markers for mammary tumours in dogs.");
    const asked = "The owner is asking about blood markers - I know CEA and CA 15-3 get discussed, but is CA 27.29 any use for canine mammary tumours?";
    expect(frameOf(asked).names).toEqual(["CA 15-3", "CA 27.29"]);
    expect(check(asked, [markers])).toMatchObject({ covered: false, missing: "name", what: ["CA 27.29"] });
    expect(check("Is CA 15-3 any use for canine mammary tumours?", [markers])).toMatchObject({ covered: true });
  });
});

describe("values written as a lab report writes them (set 45's kinds)", () => {
  it("reads a span written in LaTeX as the reader sees it quoted, and a return to control levels as a resolution", () => {
    const sentence = "LPS administration through intravenous injection into 7- to 8-month old chickens was reported to rapidly reduce the number of monocytes; these values returned to control levels at 6 to  $24\\mathrm{h}$  post-LPS injection [2].";
    expect(holdsValue("duration", sentence, null)).toBe(true);
    expect(holdsValue("duration", sentence, "resolution")).toBe(true);
    expect(holdsValue("duration", "The number of monocytes fell sharply after the injection.", "resolution")).toBe(false);
  });

  it("reads an angle in degrees as an amount", () => {
    expect(holdsValue("quantity", "The sawing direction should be at an angle of 45° above the horizontal.", null)).toBe(true);
    expect(holdsValue("quantity", "The sawing direction should be at a steep angle above the horizontal.", null)).toBe(false);
  });
});

describe("names the knowledge base never writes, and spans of what is asked (set 47's near-miss questions)", () => {
  const termsOf = (q: string, unseen: string[]): QueryTerm[] => tokenize(q).map((term) => ({ term, weight: 1, df: unseen.includes(term) ? 0 : 1, idf: 1 }));

  it("reads a product named before the form it is applied in, written as a name, as one the passages must name", () => {
    const bath = "Is a chloramine-T bath a suitable treatment for bacterial gill disease?";
    expect(unseenNames(bath, termsOf(bath, ["chloramin"]))).toEqual(["chloramine-T"]);
    // (Not an everyday word: "a lukewarm dip" is how the dip is made up.)
    const dip = "Leopard gecko with stuck shed: what tank changes or a lukewarm dip might help?";
    expect(unseenNames(dip, termsOf(dip, ["lukewarm"]))).toEqual([]);
  });

  it("reads a company's compound number and what an animal is swabbed for as names", () => {
    const compound = "She's read online about GS-441524. Does that antiviral actually work for FIP?";
    expect(unseenNames(compound, termsOf(compound, ["gs"]))).toEqual(["GS-441524"]);
    const swab = "New intake of tree frogs - should we swab for chytrid before they go in with the resident frogs?";
    expect(unseenNames(swab, termsOf(swab, ["chytrid"]))).toEqual(["chytrid"]);
  });

  it("needs a thing's time in place said of that thing", () => {
    const attribute = frameOf("What's the longest the tourniquet can safely stay on?").attribute;
    expect(holdsValue("duration", "Antibiotic and NSAID cover should be given for at least 1 week.", attribute)).toBe(false);
    expect(holdsValue("duration", "The tourniquet should not be left in place for more than 90 minutes.", attribute)).toBe(true);
  });
});

describe("coverage: questions read in session 71", () => {
  it("reads a compound saying what state its thing is in as no procedure's name ('which live-bird/egg tests')", () => {
    const question = "Which live-bird/egg tests are used to decide how pathogenic a Newcastle disease isolate is?";
    const terms = tokenize(question).map((term) => ({ term, weight: 1, df: 1, idf: 1 }));
    expect(unseenNames(question, terms, () => false, () => false)).toEqual([]);
    const earNotch = "Are ear-notch antigen tests reliable for it?";
    expect(unseenNames(earNotch, tokenize(earNotch).map((term) => ({ term, weight: 1, df: 1, idf: 1 })), () => false, () => false)).toEqual(["ear-notch"]);
  });

  it("answers a question of several short parts, each asking a value, only where one of them is said", () => {
    const question = "County fair organiser. To cut the risk of swine flu, what's the maximum number of days pigs should stay on the fairground, and how long should exhibitors keep them apart at home after the fair?";
    const noValue = passage("The structure of many agricultural fairs results in co-housing multi-source pigs in a single location for multiple days, a time period sufficient for the spread of swine flu through the pigs at the fairground.");
    const value = passage("To cut the risk of swine flu at the fairground, exhibitors keep pigs apart at home after the fair: the virus stays infectious in the environment of the pens for up to 7 days.");
    expect(check(question, [noValue])).toMatchObject({ covered: false, missing: "detail" });
    expect(check(question, [value])).toMatchObject({ covered: true });
  });
});

describe("coverage: questions read in session 74 (set 54's kinds)", () => {
  it("splits a question's parts where one opens with a preposition or asks yes or no, and needs a value of one of them", () => {
    const wolbachia = "I foster heartworm-positive dogs for a rescue. The vet says the worms need their Wolbachia, so they give an antibiotic before the melarsomine. Which antibiotic is used against the Wolbachia, and for how many weeks?";
    const noValue = passage("Scientists demonstrated the obligate nature of the Wolbachia symbiosis in heartworms of dogs by treating the worms with antibiotics, which curtailed embryogenesis and growth of adult worms.");
    const value = passage("Before melarsomine, heartworm-positive dogs are given doxycycline against Wolbachia for 4 weeks to weaken the worms.");
    expect(check(wolbachia, [noValue])).toMatchObject({ covered: false, missing: "detail" });
    expect(check(wolbachia, [value])).toMatchObject({ covered: true });
    const theileriosis = "Dairy vet. For tropical theileriosis in our cattle we're weighing acaricides against the local attenuated cell-line vaccine. How long does immunity from the cell-line vaccine last, and do heifers need a booster?";
    const control = passage("The control of tropical theileriosis in cattle can be carried out by acaricide application on cattle and barn walls, or by vaccination with the local attenuated cell line vaccine.");
    expect(check(theileriosis, [control])).toMatchObject({ covered: false, missing: "detail" });
  });

  it("needs a bound said as one for 'what cut-off values', and an age for 'at what age', however long the case before", () => {
    const markers = "Path resident. We're thinking of adding serum CEA and CA 15-3 to the workup for canine mammary tumours. What cut-off values are used in dogs to call CA 15-3 raised, and in what units?";
    const used = passage("Canine CEA and CA 15-3 are serum tumour markers of mammary tumours in dogs, used in the clinic for the diagnosis of human breast cancer for more than 30 years.");
    const bound = passage("In dogs with mammary tumours, serum CA 15-3 above a cut-off of 2.5 U/ml was considered raised.");
    expect(check(markers, [used])).toMatchObject({ covered: false, missing: "detail" });
    expect(check(markers, [bound])).toMatchObject({ covered: true });
    const goslings = "I keep geese and swans. For duck plague the live and killed vaccines are given to ducks from 2 weeks old. At what age should goslings get a duck plague vaccine, and is it the same vaccine?";
    const ducks = passage("Duck plague is a disease of ducks, geese and swans. For prophylaxis, live-attenuated and killed vaccines are used in broiler and breeder ducks above 2 weeks of age.");
    expect(check(goslings, [ducks])).toMatchObject({ covered: false, missing: "detail" });
  });

  it("names a virus by its family, subfamily or a genus made with its word", () => {
    expect(namesThing("parvovirus", "Members of the Parvoviridae family are classified into the Parvovirinae and Densovirinae subfamilies.")).toBe(true);
    expect(namesThing("parvovirus", "The genus Dependoparvovirus infects birds, reptiles and mammals.")).toBe(true);
    expect(namesThing("parvovirus", "Circoviruses infect birds and pigs.")).toBe(false);
  });

  it("reads a short name ending in a capital, as bacterial toxins are written ('NetB'), as a name the passages must hold", () => {
    const question = "Which Clostridium perfringens toxin drives necrotic enteritis lesions in broilers, is it NetB or alpha toxin?";
    const terms = tokenize(question).map((term) => ({ term, weight: 1, df: term === "netb" ? 0 : 1, idf: 1 }));
    expect(unseenNames(question, terms)).toContain("NetB");
    // (Not a degree: "PhD" has one small letter between.)
    const phd = "virology PhD student here: which human herpesvirus drives tumours?";
    expect(unseenNames(phd, tokenize(phd).map((term) => ({ term, weight: 1, df: term === "phd" ? 0 : 1, idf: 1 })))).not.toContain("PhD");
  });

  it("needs a gene's name for 'which gene', not the DNA a test reads", () => {
    const scid = "Microbiology lecturer here. Which gene is mutated in Arabian foal SCID, and what's the actual mutation?";
    const test = passage("Arabian horses are susceptible to SCID. Since the development of a DNA test to detect the mutation in healthy carriers, horses can be screened before mating.");
    const gene = passage("SCID in Arabian foals is caused by a 5-bp deletion in the PRKDC gene, found by a DNA test.");
    expect(check(scid, [test])).toMatchObject({ covered: false, missing: "detail" });
    expect(check(scid, [gene])).toMatchObject({ covered: true });
  });

  it("needs a span asked outright in a part of its own, and a share asked outright, however long the question", () => {
    const goatPox = "We have around 200 Sirohi goats in Rajasthan and goat pox went through the next village last month. Which vaccine strain is used against goat pox in India, and how long does the immunity last?";
    const recorded = passage("Goat pox is enzootic in Africa and the Middle East. In India, goat pox in goats has been recorded in different states, and the vaccine strain used is a live attenuated one.");
    const lasting = passage("In India, goats vaccinated against goat pox with the live attenuated Uttarkashi vaccine strain have immunity that lasts at least 40 months.");
    expect(check(goatPox, [recorded])).toMatchObject({ covered: false, missing: "detail" });
    expect(check(goatPox, [lasting])).toMatchObject({ covered: true });
    const cheetahs = "Big-cat keeper. We lost a young cheetah to FIP last year and it went neurological at the end. I know it's different in domestic cats. Is there a figure for how often cheetahs with FIP develop neurological signs?";
    const noFigure = passage("FIP in cheetahs causes fever and weight loss, and neurological signs or ocular lesions in the dry form.");
    expect(check(cheetahs, [noFigure])).toMatchObject({ covered: false, missing: "detail" });
  });

  it("needs a share that die, not a count a year, and a country where one is asked", () => {
    const lethal = passage("The most lethal of these presentations is meningeal tuberculosis with an estimate of more than 100,000 cases per year.");
    expect(check("What proportion of patients with meningeal tuberculosis die of it?", [lethal])).toMatchObject({ covered: false, missing: "detail" });
    // (A count a year is asked that way.)
    expect(check("How many cases of meningeal tuberculosis are there per year?", [lethal])).toMatchObject({ covered: true });
    const isolated = passage("Other pestiviruses have been isolated from cattle (Hobi-like viruses) and from giraffes.");
    const found = passage("Hobi-like pestiviruses were first isolated from foetal calf serum imported from Brazil into Europe.");
    expect(check("In which country were Hobi-like pestiviruses first isolated?", [isolated])).toMatchObject({ covered: false, missing: "detail" });
    expect(check("In which country were Hobi-like pestiviruses first isolated?", [found])).toMatchObject({ covered: true });
  });

  it("needs a share of the animals testing positive, not another share the passage gives", () => {
    const fiv = "I'm volunteering on a leopard cat project on Tsushima. Roughly what proportion of Tsushima leopard cats test positive for FIV?";
    const decline = passage("The number of Tsushima leopard cats continues to decrease at approximately 10% every 10 years. FIV infection has been reported in Tsushima leopard cats.");
    const positive = passage("Of the Tsushima leopard cats sampled, 4% tested positive for FIV antibodies.");
    expect(check(fiv, [decline])).toMatchObject({ covered: false, missing: "detail" });
    expect(check(fiv, [positive])).toMatchObject({ covered: true });
  });

  it("reads a disease named by a word before its host ('infectious salmon anaemia') as a name the passages must write so", () => {
    const question = "We know pancreas disease well enough. What virus family causes infectious salmon anaemia, and which countries have had ISA outbreaks?";
    const terms = tokenize(question).map((term) => ({ term, weight: 1, df: 1, idf: 1 }));
    expect(unseenNames(question, terms, () => false, (words) => words !== "infectious salmon anaemia")).toContain("infectious salmon anaemia");
    // (One the passages write is seen: "African swine fever".)
    const asf = "Is African swine fever carried by warthogs?";
    expect(unseenNames(asf, tokenize(asf).map((term) => ({ term, weight: 1, df: 1, idf: 1 })), () => false, () => true)).toEqual([]);
  });

  it("finds a type beside how common it is: 'how common' is said of the share, not of the type", () => {
    const fcov = passage(
      "FIP is relatively uncommon in the general cat population, but it is the leading cause of death in young cats. FCoVs are also classified into two serotypes, I and II. FCoV serotype I is more prevalent than serotype II, which appears to be derived from recombination with canine coronavirus in the spike (S) protein.",
    );
    expect(check("How common is FIP really, and which FCoV serotype is the usual one in cats?", [fcov])).toMatchObject({ covered: true });
    // (A value said in a sentence naming another virus's host, and not the asked virus, is still of that host.)
    const ccov = passage("FIP is uncommon in cats. Canine coronavirus serotype II is the usual one in dogs.");
    expect(check("How common is FIP really, and which FCoV serotype is the usual one in cats?", [ccov])).toMatchObject({ covered: false, missing: "detail" });
    expect(holdsValue("type", "FCoV serotype I is more prevalent than serotype II.", "how common")).toBe(true);
  });

  it("covers a scheme named after its authors where the passage speaks of every scheme of its kind, and not otherwise", () => {
    const mct = passage(
      "There is no supporting evidence for the usefulness of grading these tumours with any of the cutaneous grading systems, but a few studies have looked at the prognostication of subcutaneous MCTs as a separate entity. Surgery is curative for the majority of these tumours.",
    );
    expect(check("Subcutaneous MCT on a dog's flank: do I apply the usual Patnaik/Kiupel grading, and is surgery alone enough?", [mct])).toMatchObject({ covered: true });
    const graded = passage("Cutaneous MCTs are graded histologically, and surgery is curative for the majority of low-grade tumours in dogs.");
    expect(check("Subcutaneous MCT on a dog's flank: do I apply the usual Patnaik/Kiupel grading, and is surgery alone enough?", [graded])).toMatchObject({ covered: false, missing: "name" });
    // (A name that stands before no scheme's word is required as before.)
    expect(check("Was any of the cutaneous grading systems devised by Kiupel?", [mct])).toMatchObject({ covered: false, missing: "name" });
  });

  it("takes a family's members written with their numbers ('TLR3 and TLR7') for the family a question names by its long form and abbreviation", () => {
    expect(namesThing("TLRs", "In avian species only TLR3 and TLR7 are involved in the recognition of RNA viruses.")).toBe(true);
    expect(namesThing("PCVs", "PCV2 infection is common in weaners.")).toBe(true);
    // (Not a member's number alone, nor letters inside another word.)
    expect(namesThing("TLRs", "Receptor 3 recognises double-stranded RNA.")).toBe(false);
    expect(namesThing("TLRs", "The XTLR3 construct was used.")).toBe(false);
    const avian = passage(
      "In mammals, TLR3 recognises double-stranded RNA from viral sources. In avian species, TLR8 is non-functional and TLR9 is absent, and only TLR3 and TLR7 are involved in the recognition of RNA viruses.",
    );
    const human = passage("Human beta-defensin 3 induces costimulatory molecules on immune cells through Toll-like receptors 1 and 2 in people.");
    const question = "How does sensing of viral RNA by Toll-like receptors differ between birds and mammals - which TLRs do birds actually use?";
    expect(check(question, [human, avian])).toMatchObject({ covered: true, supporting: expect.arrayContaining([avian]) });
  });

  it("takes a size asked in units of size or against another thing, an amount of a fluid in a volume, mass or share, and a molecule's units only of a molecule", () => {
    const zone = ["farm", "protection", "zone"];
    expect(holdsValue("quantity", "In infected holdings, up to 43% of pregnant sows may become carriers.", "size", "", zone)).toBe(false);
    expect(holdsValue("quantity", "The CSFV genome is approximately 12,300 nucleotides in length.", "size", "", zone)).toBe(false);
    expect(holdsValue("quantity", "The CSFV genome is approximately 12,300 nucleotides in length.", null, "", zone)).toBe(false);
    expect(holdsValue("quantity", "Warts may grow up to 10 cm in diameter.", "size", "", ["warts"])).toBe(true);
    expect(holdsValue("quantity", "The chicken genome is one-third the size of the human genome.", "size", "", ["genome"])).toBe(true);
    expect(holdsValue("quantity", "The CSFV genome is approximately 12,300 nucleotides in length.", "size", "", ["genome"])).toBe(true);
    // (A protein named by its abbreviation is a molecule: "how big is RANTES?")
    expect(holdsValue("quantity", "Mature RANTES is a 68-amino acid protein of about 8 kDa.", "size", "", ["RANTES"])).toBe(true);
    // (An animal's size is often its weight.)
    expect(holdsValue("quantity", "Males weigh 3-5 kg and females 3-4 kg.", "size", "", ["leopard", "cat"])).toBe(true);
    expect(holdsValue("quantity", "If eggs are to be cleaned, use water 20 °F (11 °C) warmer than the egg.", "water", "", ["water", "drink"])).toBe(false);
    expect(holdsValue("quantity", "Hens drink about 250 ml of water per day.", "water", "", ["water", "drink"])).toBe(true);
    const cells = passage("Hens drink about 250 ml of water per day in temperate weather, and up to twice that in heat.");
    const eggs = passage("If eggs are to be cleaned then it is recommended to use water that is warmer, specifically 20 °F (11 °C) warmer, than the egg.");
    expect(check("Keeping 20 laying hens through a hot summer - roughly how much water does each hen drink per day?", [eggs])).toMatchObject({ covered: false, missing: "detail" });
    expect(check("Keeping 20 laying hens through a hot summer - roughly how much water does each hen drink per day?", [cells])).toMatchObject({ covered: true });
  });

  it("takes whether a disease has been reported in an animal as said where a sentence names both, the disease by the words asked of", () => {
    const porphyria = passage(
      "The occurrence of beeturia in urine of dogs and cats is not known. Intermittent porphyria and congenital erythropoietic porphyria have been described in cats. Porphyrinuria gives the urine a red to brown colour.",
    );
    expect(check("Has congenital erythropoietic porphyria been reported in dogs?", [porphyria])).toMatchObject({ covered: false, missing: "species", what: ["dogs"] });
    expect(check("Is congenital erythropoietic porphyria described in dogs?", [porphyria])).toMatchObject({ covered: false, missing: "species" });
    expect(check("Has congenital erythropoietic porphyria been reported in cats?", [porphyria])).toMatchObject({ covered: true });
  });

  it("takes a physical quantity asked (a force, a cross-sectional area) as one in its units, and how long an animal stays free of signs said in words", () => {
    const neck = "Building a finite-element model of a dog's neck. What force and physiological cross-sectional area should I assign to the main neck muscles?";
    const forces = passage("Studies in dogs have shown the substantial effect of muscle forces on cervical spine kinematics and injury potential on the neck structure.");
    const measured = passage("In dogs, the longus colli muscle had a physiological cross-sectional area of 2.1 cm² and a maximal force of 48 N.");
    expect(check(neck, [forces])).toMatchObject({ covered: false, missing: "detail" });
    expect(check(neck, [measured])).toMatchObject({ covered: true });
    expect(holdsValue("duration", "Overall, atherosclerosis could remain asymptomatic for decades before clinical manifestations.", null)).toBe(true);
    expect(holdsValue("duration", "Infected sheep may remain clinically normal for several years.", null)).toBe(true);
    // (Not a span said in words of anything else: "studied for decades", "the virus lasts for months".)
    expect(holdsValue("duration", "Atherosclerosis has been studied for decades.", null)).toBe(false);
    expect(holdsValue("duration", "It may produce melaenic faeces and the virus lasts for months.", null)).toBe(false);
  });

  it("takes the nature of a thing a case names (what it encodes, what sort of organism it is) as the same in any host, and its effect as the told animal's", () => {
    const cdv = passage("Canine distemper virus (CDV) infects dogs and many wild carnivores. CDV belongs to the genus Morbillivirus and its genome encodes six structural proteins, the haemagglutinin H and the fusion protein F among them.");
    expect(check("Distemper is our biggest fear with ferrets. What proteins does canine distemper virus encode?", [cdv])).toMatchObject({ covered: true });
    expect(check("Distemper is our biggest fear with ferrets. Which genus does canine distemper virus belong to?", [cdv])).toMatchObject({ covered: true });
    // (Its signs in them are theirs, and so is what is asked of them by name.)
    expect(check("Distemper is our biggest fear with ferrets. What signs does canine distemper virus cause?", [cdv])).toMatchObject({ covered: false, missing: "species", what: ["ferrets"] });
    expect(check("What proteins does canine distemper virus encode in ferrets?", [cdv])).toMatchObject({ covered: false, missing: "species" });
    // (Nor a thing named for the told animals, nor one asked of them by pointing back.)
    const hev = passage("Swine hepatitis E virus (swine HEV) belongs to the species Orthohepevirus A, and HEV-3 and HEV-4 are zoonotic.");
    expect(check("Broiler breeder flock with enlarged livers. Which Orthohepevirus species does avian hepatitis E virus belong to?", [hev])).toMatchObject({ covered: false, missing: "species" });
    const parvo = passage("The genus Dependoparvovirus of the subfamily Parvovirinae is associated with the widest host spectrum, from dogs to pigs.");
    expect(check("I get snakes and lizards through the door. Is there a parvovirus genus that infects all of those?", [parvo])).toMatchObject({ covered: false, missing: "species" });
  });
});

describe("codes written with their host's initial, and bounds said as below or above (set 81's kinds)", () => {
  it("finds 'PI-3' where the text writes 'BPI-3', and 'HV-1' in 'BoHV-1', not another number or another code", () => {
    const text = "Infections with bovine parainfluenza virus-3 (BPI-3) predispose calves to pneumonia; BoHV-1 is latent in ganglia.";
    expect(namesThing("PI-3", text)).toBe(true);
    expect(namesThing("HV-1", text)).toBe(true);
    expect(namesThing("PI-2", text)).toBe(false);
    expect(namesThing("RSV-3", text)).toBe(false);
  });

  it("reads a value below or above which something happens as a bound, not a value alone", () => {
    expect(holdsValue("quantity", "Dissolved oxygen below 4.0 mg/L and pH above 9 preceded the worst losses.", "bound")).toBe(true);
    expect(holdsValue("quantity", "Dissolved oxygen averaged 6.5 mg/L over the season.", "bound")).toBe(false);
    // (Not an amount found: "samples contained over 600 RBC/hpf".)
    expect(holdsValue("quantity", "Most samples with haematuria contained over 600 RBC/hpf.", "bound")).toBe(false);
  });
});

describe("animals of many kinds (set 85's kinds)", () => {
  it("reads a count of wild and domestic mammals as of no animal named before it", () => {
    const question = "How many kinds of animals can carry Schistosoma japonicum, and does moving livestock around make a difference?";
    const schisto = passage(
      "Schistosomiasis is among the most burdensome helminth infections worldwide, with approximately 230 million people in need of preventative treatment. A poignant example is found in Schistosoma japonicum transmission in China. S. japonicum is transmitted by at least 40 species of wild and domestic mammals, and animal activities near likely transmission sites may be important sources of reemergence. The high frequency of livestock movement within mountainous regions of China may facilitate the spread of S. japonicum.",
    );
    expect(check(question, [schisto])).toMatchObject({ covered: true });
    // (A count said of the people named before it is still theirs: no count of the animals.)
    const people = passage(
      "Schistosomiasis is among the most burdensome helminth infections worldwide, with approximately 230 million people in need of preventative treatment. Schistosoma japonicum is transmitted in China, where 450 counties remained endemic in 2020. The high frequency of livestock movement within mountainous regions of China may facilitate the spread of S. japonicum.",
    );
    expect(check(question, [people])).toMatchObject({ covered: false, missing: "detail" });
  });
});

describe("a span offered for the answer to confirm (session 105's kinds)", () => {
  const fair =
    "I'm the vet for our county fair's swine barn. What's the longest the pigs should be kept on the fairground to stop influenza amplifying - is it 72 hours? - and should exhibition pigs be tested for flu before they're allowed in?";

  it("needs a span where the question offers one, however long the question", () => {
    const days = passage("Agricultural fairs house pigs from many sources together for multiple days, long enough for influenza to spread and amplify; exhibition pigs should be tested before the fair.");
    expect(check(fair, [days])).toMatchObject({ covered: false, missing: "detail" });
  });

  it("counts the offered span itself when a passage gives it", () => {
    const hours = passage("Keeping pigs on the fairground for no more than 72 hours limits how far influenza spreads and amplifies; exhibition pigs should be tested for influenza before the fair.");
    expect(check(fair, [hours])).toMatchObject({ covered: true });
    // (Offered, it is not a span the question states of something else: "how long…?" is answered by it.)
    expect(check("How long should pigs stay on the fairground - is it 72 hours?", [hours])).toMatchObject({ covered: true });
  });
});

describe("an asked species found elsewhere only by its group, beside the topic (session 105's kinds)", () => {
  it("does not take the species from a group named in a paragraph of another topic, in a chunk whose other paragraphs share the question's words", () => {
    const question = "At what cell stage does a donkey embryo switch on its own genes and stop running on the mother's stored RNA, and on what day after ovulation is it at the blastocyst stage?";
    const sheep = passage("Around the fourth cell cycle in sheep, the embryo switches on its own genes and stops running on the mother's stored RNA; it reaches the blastocyst stage by day 7 after ovulation.");
    const mixed = passage(
      "Bovine papillomaviruses cause sarcoids in equids; the virus is not passed from the mother to the embryo, and the tumours stop growing at some stage.\nThe viral RNA is made in the cells, and its genes switch on in order.",
    );
    expect(check(question, [sheep, mixed])).toMatchObject({ covered: false, missing: "species" });
    // (A paragraph naming the animal itself is read as before: it says what it says of donkeys.)
    const byName = passage(mixed.text.replace("in equids", "in donkeys"));
    expect(check(question, [sheep, byName])).toMatchObject({ covered: true });
    // (A paragraph naming the species where it speaks of the topic still answers.)
    const equids = passage("In equids, the embryo switches on its own genes at the cell stage after the mother's stored RNA runs out, and reaches the blastocyst stage on day 7 after ovulation.");
    expect(check(question, [sheep, equids])).toMatchObject({ covered: true });
  });
});
