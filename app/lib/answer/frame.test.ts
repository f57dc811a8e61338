import { describe, expect, it } from "vitest";
import { BODY_SITE_ATTRIBUTE, DOSES_USED_ATTRIBUTE, HOSTS_ASKED, OPENS_WITH_PRONOUN, foundUpVerbs, passingVerbs, askingClause, quotedTermAsked, askingParts, switchLeadWords, namesDrug, sceneWords, speciesModifiers, asksWhetherSpeciesGets, breedsIn, speciesByLabel, leadingLabel, petNames, withoutChatter, comparedOnlyWords, correctableEdits, correctedQuestion, definedAbbreviations, frameLabel, frameOf, listAsked, statesList, mentionsSpecies, openingSubjectOf, otherSpeciesIn, placesOfPersistence, readConversation, readQuestion, saysRoleAsked, searchText, signsSearchText, speciesIn, subjectSearchText, speciesSpokenOf, speciesWordNear, suspectedCondition, suspectedDiagnosis, withAnswersSubject } from "./frame";

describe("species in a text", () => {
  it("reads a species' scientific name as the species ('pet rabbits (Oryctolagus cuniculus)', 'Sus scrofa')", () => {
    expect([...speciesIn("mammary tumours in female pet rabbits (Oryctolagus cuniculus)").species]).toEqual(["rabbit"]);
    expect([...speciesIn("Feral swine are the same species as domesticated swine, Sus scrofa").species]).toEqual(["pig"]);
    expect([...speciesIn("Gallus gallus domesticus").species]).toEqual(["chicken"]);
    // (And the label a follow-up carries for them: "big cats", "birds of prey".)
    expect([...speciesIn("how long before she improves? big cats calicivirus").species]).toEqual(["big-cat"]);
    expect([...speciesIn("birds of prey").species]).toEqual(["raptor"]);
    // (And a plural a learner of English writes: "many sheeps".)
    expect([...speciesIn("Many sheeps in my farm have the eye red").species]).toEqual(["sheep"]);
  });

  it("reads a farm breed as its species ('a Tamworth sow', 'the Merinos', 'Khaki Campbells')", () => {
    expect([...speciesIn("Worming a Tamworth sow by injection").species]).toEqual(["pig"]);
    expect([...speciesIn("If we keep vaccinating the Merinos with Gudair").species]).toEqual(["sheep"]);
    expect([...speciesIn("our Khaki Campbells are laying less").species]).toEqual(["duck"]);
    expect([...speciesIn("two Saanen does kidded").species]).toEqual(["goat"]);
    expect([...speciesIn("Old Leonberger with laryngeal paralysis is scuffing her hind feet").species]).toEqual(["dog"]);
    expect([...speciesIn("our Rhodesian Ridgeback and two Vizslas").species]).toEqual(["dog"]);
    expect([...speciesIn("a Hanoverian gelding and a Dartmoor pony").species]).toEqual(["horse"]);
    expect([...speciesIn("my Tonkinese has stopped grooming").species]).toEqual(["cat"]);
    // (A mountain range's adjective is no cat: "herding yaks in the Himalayan foothills".)
    expect([...speciesIn("herding yaks in the Himalayan foothills").species]).not.toContain("cat");
    expect(frameOf("If we keep vaccinating the Merinos with Gudair, will that stop them shedding Johne's completely?").names).not.toContain("Merinos");
  });


  it("reads names, plurals, adjectives, sexes and young as their species", () => {
    expect([...speciesIn("A feline patient").species]).toEqual(["cat"]);
    expect([...speciesIn("Dosing in bitches and puppies").species]).toEqual(["dog"]);
    expect([...speciesIn("bovine, heifers and calves").species]).toEqual(["cattle"]);
    expect([...speciesIn("ewes and lambs; ovine flocks").species]).toEqual(["sheep"]);
    expect([...speciesIn("mares and a foal").species]).toEqual(["horse"]);
    expect(speciesIn("three kittens").young).toBe(true);
    expect([...speciesIn("Can Gudair be used in a beef herd?").species]).toEqual(["cattle"]);
    expect([...speciesIn("parvoviruses of ophidians").species]).toEqual(["snake"]);
  });

  it("searches a sign described as an owner would by its clinical words ('won't put his foot down'), an animal named by an unwritten word by its species ('drakes')", () => {
    const frame = frameOf("My dog won't put one of his feet down at all. What goes wrong in the paw?");
    expect(searchText("My dog won't put one of his feet down at all. What goes wrong in the paw?", frame)).toMatch(/non-weight-bearing lameness$/);
    expect(searchText("Holding up his front paw since the walk", frameOf("Holding up his front paw since the walk"))).toMatch(/non-weight-bearing lameness$/);
    expect(searchText("Which dogs put on weight after neutering?", frameOf("Which dogs put on weight after neutering?"))).not.toMatch(/lameness/);
    // Animals named only by words the knowledge base never writes are searched by their species too.
    const unwritten = (word: string) => /^(?:drakes|ganders)$/i.test(word);
    expect(speciesByLabel("Are drakes and ganders really resistant to Newcastle disease?", unwritten)).toEqual(["ducks", "geese"]);
    expect(speciesByLabel("Are ewes resistant to it?", unwritten)).toEqual([]);
    expect(speciesByLabel("Are drakes and ducks resistant to it?", unwritten)).toEqual([]);
  });

  it("reads a production type said of another bird as that bird ('broiler and breeder ducks')", () => {
    expect([...speciesIn("vaccines are used in broiler and breeder ducks above 2 weeks of age").species]).toEqual(["duck"]);
    expect([...speciesIn("broiler chickens and ducks").species]).toEqual(["chicken", "duck"]);
    expect([...speciesIn("the broiler was vaccinated at day old").species]).toEqual(["chicken"]);
  });

  it("prefers the longest name: a guinea pig is not a pig, a leopard cat is not a cat", () => {
    expect([...speciesIn("guinea pigs kept with pigs").species].sort()).toEqual(["guinea-pig", "pig"]);
    expect([...speciesIn("Tsushima leopard cats").species]).toEqual(["leopard-cat"]);
    // Nor is a prairie dog a dog, a civet cat a cat, a seahorse a horse, a zebra finch a zebra.
    expect([...speciesIn("prairie dogs and civet cats").species].sort()).toEqual(["civet", "prairie-dog"]);
    expect([...speciesIn("a sea horse in the tank").species]).toEqual(["seahorse"]);
    expect([...speciesIn("zebra finches in an aviary").species]).toEqual(["finch"]);
    expect([...speciesIn("the brachial plexus in a lynx").species]).toEqual(["lynx"]);
    // (A serval is no wildcat, nor a mountain lion: each small wild cat is a species of its own, and "felids" covers them all.)
    expect([...speciesIn("FIP in servals").species]).toEqual(["serval"]);
    expect([...speciesIn("wildcats, cheetahs, mountain lions").species]).toEqual(["wildcat", "big-cat", "puma"]);
    // Breeds name their species, and are read as breeds too.
    expect([...speciesIn("Do Appaloosas carry HYPP?").species]).toEqual(["horse"]);
    expect(breedsIn("he's a German Shepherd x border collie - is it a breed thing?")).toEqual(["german shepherd", "border colli"]);
    expect(frameOf("the vet says Bruno has megaoesophagus, is that bad?").conditions).toEqual(["megaoesophagus"]);
  });

  it("reads owners' and breeders' words for animals as their species ('whitetail', 'hogget', 'jill', 'beardie')", () => {
    expect([...speciesIn("whitetail does and bucks").species]).toEqual(["deer"]);
    expect([...speciesIn("our hoggets and shearlings").species]).toEqual(["sheep"]);
    expect([...speciesIn("a jill in season").species]).toEqual(["ferret"]);
    // (A degu is a rodent of its own, not a guinea pig or a chinchilla.)
    expect([...speciesIn("diabetic degus").species]).toEqual(["degu"]);
    expect([...speciesIn("my beardie is off his food").species]).toEqual(["lizard"]);
    // (A chameleon is a reptile of its own: what a passage says of agamid lizards or geckos is not said of it.)
    expect([...speciesIn("my veiled chameleon has swollen lips").species]).toEqual(["chameleon"]);
    expect([...speciesIn("agamid lizards").species]).toEqual(["lizard"]);
    expect([...speciesIn("the staffie next door").species]).toEqual(["dog"]);
    // A moose or a reindeer is not "deer" (a passage on cervids speaks of all three).
    expect([...speciesIn("moose and reindeer herds").species].sort()).toEqual(["moose", "reindeer"]);
    expect(speciesIn("cervids").groups.size).toBe(1);
  });

  it("reads a group's abbreviation as written in capitals, not the same letters in lower case", () => {
    const llamas = speciesIn("SACs copulate in the prone position");
    expect(llamas.groups.size).toBe(1);
    expect(mentionsSpecies(llamas, "llama") && mentionsSpecies(llamas, "alpaca")).toBe(true);
    expect(speciesIn("the air sac and the yolk sacs").groups.size).toBe(0);
  });

  it("matches whole words only", () => {
    expect(speciesIn("indicate the location of the catheter").species.size).toBe(0);
    expect(speciesIn("dogma and hamstring").species.size).toBe(0);
  });

  it("reads aquaculture as the fish it farms", () => {
    const fish = speciesIn("warm-water fish").groups;
    expect(fish.size).toBe(1);
    expect([...speciesIn("disease losses in warm-water aquaculture").groups]).toEqual([...fish]);
  });

  it("lets a narrow group cover its members, not a broad one", () => {
    expect(mentionsSpecies(speciesIn("in small ruminants"), "goat")).toBe(true);
    expect(mentionsSpecies(speciesIn("in equids"), "donkey")).toBe(true);
    expect(mentionsSpecies(speciesIn("in birds"), "quail")).toBe(false);
    expect(mentionsSpecies(speciesIn("in teleost fish"), "zebrafish")).toBe(false);
    // (Not one the text names beside other members instead: poultry there are chickens.)
    expect(mentionsSpecies(speciesIn("colonization in the chicken intestinal tract costs the poultry industry billions"), "duck")).toBe(false);
    expect(mentionsSpecies(speciesIn("colonization in the chicken intestinal tract costs the poultry industry billions"), "chicken")).toBe(true);
    expect(mentionsSpecies(speciesIn("a costly disease of poultry"), "duck")).toBe(true);
  });

  it("lets a group named whole ('all species of Equidae') cover every member, though the text names one of them", () => {
    const ahs = speciesSpokenOf("African horse sickness (AHS) is an infectious and non-contagious disease, affecting all species of Equidae.");
    expect(mentionsSpecies(ahs, "mule")).toBe(true);
    expect(mentionsSpecies(ahs, "donkey")).toBe(true);
    expect(mentionsSpecies(speciesIn("all birds are susceptible"), "quail")).toBe(true);
    // (Not a group beside a member named instead, nor a group not named whole.)
    expect(mentionsSpecies(speciesIn("African horse sickness is a disease of equids"), "mule")).toBe(false);
    expect(mentionsSpecies(speciesIn("most birds are susceptible"), "quail")).toBe(false);
  });

  it("reads seals by the names they are called by ('grey seals', 'pinnipeds'), and not the verb", () => {
    expect([...speciesIn("two of our grey seals have cloudy eyes").species]).toEqual(["marine-mammal"]);
    expect([...speciesIn("pinnipeds in rehabilitation").species]).toEqual(["marine-mammal"]);
    expect(speciesIn("the cuticle seals the pores").species.size).toBe(0);
    // (Seals said as animals: "spilled from dogs into seals", "the seals at the rescue".)
    expect([...speciesIn("has CDV spilled from dogs into seals?").species]).toEqual(["dog", "marine-mammal"]);
    expect([...speciesIn("the seals at the rescue").species]).toEqual(["marine-mammal"]);
    expect(speciesIn("a wax that seals the ear canal").species.size).toBe(0);
  });

  it("reads 'the chicks' as the young of the bird named, not hens' chicks ('Ostrich farm … lice on the chicks')", () => {
    expect([...speciesIn("Ostrich farm with feather lice on the chicks.", { asked: true }).species]).toEqual(["ostrich"]);
    expect(speciesIn("Ostrich farm with feather lice on the chicks.", { asked: true }).young).toBe(true);
    expect([...speciesIn("Duck farm: the chicks are coughing").species]).toEqual(["duck"]);
    // (Hens' chicks where no other bird is named, or where the hens are; and chicks listed beside another bird.)
    expect([...speciesIn("lice on the chicks").species]).toEqual(["chicken"]);
    expect([...speciesIn("the chicks of our hens and the ducks").species].sort()).toEqual(["chicken", "duck"]);
    expect([...speciesIn("Chicks and ducks share the shed").species].sort()).toEqual(["chicken", "duck"]);
  });

  it("reads the young named after another species' word as that species' young ('pheasant poults')", () => {
    expect([...speciesIn("what does it do in pheasant poults?").species]).toEqual(["gamebird"]);
    expect(speciesIn("pheasant poults").young).toBe(true);
    expect([...speciesIn("turkey poults").species]).toEqual(["turkey"]);
    expect([...speciesIn("poults").species]).toEqual(["turkey"]);
    expect([...speciesIn("a game bird rearer").species]).toEqual(["gamebird"]);
  });

  it("reads a disease named by its host's adjective and asked of another species as no mention of the host", () => {
    const donkey = speciesIn("How do you diagnose equine metabolic syndrome in a donkey?", { asked: true });
    expect([...donkey.species]).toEqual(["donkey"]);
    expect(donkey.diseases).toEqual(["equine metabolic syndrome"]);
    expect([...speciesIn("can avian influenza in cats be treated?", { asked: true }).species]).toEqual(["cat"]);
    // Asked of the host itself, or read in a passage, the adjective names the host.
    expect([...speciesIn("what causes equine metabolic syndrome in horses?", { asked: true }).species]).toEqual(["horse"]);
    expect([...speciesIn("equine metabolic syndrome in a donkey").species].sort()).toEqual(["donkey", "horse"]);
    // So is a disease named by its host's word, "duck hepatitis", asked of chicks.
    const chicks = speciesIn("can duck hepatitis A virus type 3 kill young chicks as well?", { asked: true });
    expect([...chicks.species]).toEqual(["chicken"]);
    expect(chicks.diseases).toEqual(["duck hepatitis"]);
  });

  it("reads a species a passage sets its subject against as not spoken of ('Unlike dogs, …')", () => {
    expect([...speciesSpokenOf("Unlike dogs, cardiac chambers are unlikely to be changed by heartworm infection.").species]).toEqual([]);
    expect([...speciesSpokenOf("In contrast to cattle, sheep rarely show signs.").species]).toEqual(["sheep"]);
    expect([...speciesIn("Unlike dogs, cardiac chambers are unlikely to be changed.").species]).toEqual(["dog"]);
  });
});

describe("the frame of a question", () => {
  it("is read once per text and shared, so no caller can change what the next one reads", () => {
    const question = "What is the dose of meloxicam in cats?";
    const frame = frameOf(question);
    expect(frameOf(question)).toBe(frame);
    expect(() => (frame.species as string[]).push("dog")).toThrow(TypeError);
    expect(() => Object.assign(frame, { drugs: [] })).toThrow(TypeError);
    expect(frameOf(question)).toMatchObject({ species: ["cat"], drugs: ["meloxicam"] });
    // A follow-up's frame is its own object, built from the shared ones.
    const followUp = readQuestion("and in dogs?", frame);
    expect(followUp).not.toBe(frame);
    expect(followUp).toMatchObject({ species: ["dog"], drugs: ["meloxicam"] });
    expect(frame.species).toEqual(["cat"]);
  });

  it("reads species, drug and the asked kind", () => {
    const frame = frameOf("What is the oral itraconazole dose for a cat with Malassezia dermatitis?");
    expect(frame.species).toEqual(["cat"]);
    expect(frame.drugs).toEqual(["itraconazole"]);
    expect(frame.asked).toContain("dose");
    expect(frameLabel(frame)).toMatch(/^cats · itraconazole.* · dose/);
  });

  it("reads a disease a case's lab result names with a sign's word ('lab says African swine fever') as its condition, and a place-like word of it as no other name", () => {
    const frame = frameOf("Necropsy on a backyard pig: widespread haemorrhages, lab says African swine fever. What's the natural reservoir in Africa?");
    expect(frame.conditions).toContain("african swine fever");
    expect(frame.species).toEqual(["pig"]);
  });

  it("reads the share asked of animals that become something as of that finding ('become persistently infected')", () => {
    expect(frameOf("What proportion of piglets infected with CSF before birth become persistently infected?").attribute).toBe("with persistently infected");
  });

  it("reads a share named by the words before it ('what lean meat percentage') as of those words", () => {
    expect(frameOf("What lean meat percentage does the Black Muscovy duck reach?").attribute).toBe("with lean meat");
    expect(frameOf("Which body fat percentage is normal for an indoor cat?").attribute).toBe("with body fat");
    // (A share of the animals, or of a rate's own kind, is read as before.)
    expect(frameOf("What percentage of dogs with parvo die?").attribute).toBe("die");
    expect(frameOf("What mortality percentage does DHAV-3 cause?").attribute).toBe("mortality");
  });

  it("reads 'culprits' as no topic of a question and 'firm it up' as asking the diagnosis", () => {
    expect(frameOf("What are the usual culprits in the paw?").topic).toEqual(["paw"]);
    expect(frameOf("Is there a blood marker that helps firm it up?").asked).toContain("diagnosis");
  });

  it("reads two species, and none", () => {
    expect(frameOf("Which MRSA sequence types predominate in cats? Are they the lineages reported in dogs?").species).toEqual(["cat", "dog"]);
    const none = frameOf("Which special stains demonstrate copper in liver biopsies?");
    expect(none.species).toEqual([]);
    expect(none.groups).toEqual([]);
  });

  it("takes the species of the question sentence, not of its context", () => {
    const frame = frameOf("A client keeps rabbits and guinea pigs in one shed and lost a rabbit to RHDV2. Can RHDV2 infect the guinea pigs?");
    expect(frame.species).toEqual(["guinea-pig"]);
  });

  it("does not ask about a species the question sets aside", () => {
    expect(frameOf("Apart from cattle, which mammals can Mycobacterium bovis infect?").species).toEqual([]);
    expect(frameOf("Besides dogs and cats, which species carry Trypanosoma cruzi? Is it found in horses?").species).toEqual(["horse"]);
  });

  it("reads a host's word before a virus's abbreviation or family name as part of its name, not before 'viruses'", () => {
    expect(speciesIn("the only PVs clearly documented to infect more than one species are bovine PV types 1, 2, and 13", { asked: true })).toMatchObject({ hosts: ["cattle"] });
    expect(speciesIn("13 types of bovine papillomaviruses are well characterized", { asked: true }).species.has("cattle")).toBe(false);
    expect(frameOf("which of the emerging pig viruses are zoonotic?").species).toEqual(["pig"]);
  });

  it("does not take a species word inside a disease's name as the asked species", () => {
    const frame = frameOf("How many serotypes of African horse sickness virus are recognised?");
    expect(frame.species).toEqual([]);
    expect(frame.conditions).toContain("african horse sickness");
    expect(frame.asked).toContain("count");
    expect(frame.attribute).toBe("serotypes");
  });

  it("reads no topic in a chat's opener ('Right, quiz time.', 'OK,')", () => {
    expect(frameOf("where did it come from anyway?").topic).not.toContain("anyway");
    // Nor a tag asking for agreement.
    expect(frameOf("and they don't cycle like ewes, right?").topic).not.toContain("right");
    expect(frameOf("Right, quiz time. Commonest causes of pneumothorax in dogs?")).toMatchObject({ species: ["dog"], conditions: ["pneumothorax"], topic: [] });
    expect(frameOf("OK, what are the possible outcomes after a cat is infected with FeLV?").acronyms).toEqual(["FeLV"]);
    // (A test's or method's abbreviation read as the means names no thing: "what does the virus look like on EM?")
    expect(frameOf("What does the spring viraemia of carp virus look like on EM?").acronyms).toEqual([]);
    expect(frameOf("Is EM useful for diagnosing it?").acronyms).toEqual(["EM"]);
    // (A post-mortem is such a means: "haemorrhages everywhere at PM" names no thing a follow-up carries.)
    expect(frameOf("Duck unit with sudden deaths and haemorrhages everywhere at PM - worried about duck plague. Which birds are at risk?").acronyms).toEqual([]);
    expect(readConversation(["Sudden deaths and haemorrhages at PM in the ducks - duck plague?", "how do I confirm it?"])[1]!.acronyms).toEqual([]);
    expect(frameOf("quick one - vertebral formula of the horse?").topic).not.toContain("quick");
    // "Right" means a side elsewhere.
    expect(frameOf("Is the right jugular vein used for blood sampling in chickens?").topic).toContain("right");
  });

  it("counts what a word for kinds is of", () => {
    expect(frameOf("How many cone types in a duck's retina vs a human's?").attribute).toBe("cone");
    expect(frameOf("How many types of vaccine are there for bluetongue?").attribute).toBe("vaccine");
    expect(frameOf("How many serogroups of Dichelobacter nodosus are there?").attribute).toBe("serogroups");
  });

  it("recognises pathogens, codes and proper nouns that must be in the passages", () => {
    const frame = frameOf("What dose of GS-441524 should I use for a cat with effusive FIP, and when was Babesia divergens first detected in the United States?");
    expect(frame.names).toEqual(expect.arrayContaining(["GS-441524", "United", "States"]));
    expect(frame.pathogens).toContain("Babesia divergens");
    expect(frame.acronyms).toContain("FIP");
  });

  it("does not search again for the species a carried disease's full name says ('pigs' beside 'african swine fever'); a short everyday name keeps it", () => {
    const asf = readQuestion("Why is there still no vaccine?", frameOf("Necropsy on a backyard pig: lab says African swine fever. What's the natural reservoir in Africa?"));
    expect(asf).toMatchObject({ species: ["pig"], conditions: ["african swine fever"] });
    expect(searchText("Why is there still no vaccine?", asf)).not.toMatch(/\bpigs?\b/);
    const flu = readQuestion("How far can it travel through the air?", frameOf("Several horses in the shipment have a harsh dry cough and nasal discharge. Equine flu?"));
    expect(searchText("How far can it travel through the air?", flu)).toMatch(/\bhorses\b/);
  });

  it("reads a people's adjective said of a thing ('Scottish outbreaks') as a place, not carried into a follow-up; not a breed's", () => {
    const sav = "Fish-farm manager: pancreas disease confirmed at one of our Scottish sea sites. Which SAV subtypes have been linked to Scottish outbreaks?";
    expect(frameOf(sav).places).toEqual(["Scottish"]);
    expect(readConversation([sav, "How does it spread between fish?"])[1]).toMatchObject({ acronyms: ["SAV"], names: [] });
    expect(frameOf("Do Persian cats get polycystic kidney disease?").places).toEqual([]);
    expect(frameOf("Is the Bernese mountain dog prone to histiocytic sarcoma?").places).toEqual([]);
  });

  it("reads one of two viruses spoken of, named alone in a follow-up, as what it asks of, whatever its 'it' points to", () => {
    const retroviruses = readConversation(["For a stray cat, what does the usual snap test look for with FIV versus FeLV?", "which cats are the higher-risk ones?", "If a cat is FeLV antigen-negative, could it still be carrying the virus?"]);
    expect(retroviruses[1]).toMatchObject({ acronyms: ["FIV", "FeLV"] });
    expect(retroviruses[2]).toMatchObject({ acronyms: ["FeLV"] });
  });

  it("reads a question asking an animal's role ('What's the natural reservoir?') as answered by a sentence saying that role", () => {
    expect(saysRoleAsked("What's the natural reservoir in Africa?", "ASF virus circulates between the natural reservoirs of the virus (warthogs and soft ticks).")).toBe(true);
    expect(saysRoleAsked("What's the natural reservoir in Africa?", "Warthogs are infected without disease.")).toBe(false);
    expect(saysRoleAsked("Which ticks are the vectors?", "Soft ticks of the genus Ornithodoros are vectors.")).toBe(true);
    expect(saysRoleAsked("How long does the virus survive?", "Wild boars are a reservoir host.")).toBe(false);
  });

  it("reads a binomial's shorthand ('C. diff') as the binomial, and carries it into a follow-up", () => {
    const frame = frameOf("What are the main risk factors for C. diff colitis in adult horses?");
    expect(frame.pathogens).toEqual(["C. difficile"]);
    expect(frame.topic).not.toContain("diff");
    const followUp = readQuestion("how do we confirm it?", frame);
    expect(followUp.pathogens).toEqual(["C. difficile"]);
    expect(searchText("how do we confirm it?", followUp)).toContain("C. difficile");
    // A lay name of the disease is no shorthand: a passage may say "heartworm" and never name the worm.
    expect(frameOf("How is heartworm prevented in dogs?").pathogens).toEqual([]);
  });

  it("reads a virus's clipped name the vocabulary knows ('calici') as the virus, which a follow-up names as its own subject", () => {
    expect(frameOf("two cats with facial and limb swelling - could be virulent systemic calici. how deadly is that?").pathogens).toEqual(["calicivirus"]);
    // (Not a genus clipped, "staph": passages name its species, "S. aureus"; nor a word written as another, "kneecap".)
    expect(frameOf("Is staph the usual cause of pyoderma in dogs?").pathogens).toEqual([]);
    expect(frameOf("Which dogs luxate the kneecap?").pathogens).toEqual([]);
    const [, calici] = readConversation(["How common is FIP, and which FCoV serotype is the usual one?", "we've also had cats with limb swelling - could be virulent systemic calici. how deadly is that?"]);
    expect(calici).toMatchObject({ pathogens: ["calicivirus"], acronyms: [] });
  });

  it("reads a condition named by clipped shorthand ('lar par'), which a follow-up carries", () => {
    expect(frameOf("Old retriever, roaring on exercise - lar par? What nerve is involved?").conditions).toEqual(["laryngeal paralysis"]);
    const [, weak] = readConversation(["Old retriever, roaring on exercise - lar par? What nerve is involved?", "he's also weak on his back legs - part of the same thing?"]);
    expect(weak).toMatchObject({ conditions: ["laryngeal paralysis"] });
    expect(weak!.inherited).toContain("conditions");
    // (Not a plural or a place written short: "ear canal" is no clipped "ear canals".)
    expect(frameOf("What lines the ear canal of a dog?").conditions).toEqual([]);
  });

  it("reads a case's signs as what it is told by when it names the disease feared ('worried about PPR')", () => {
    const feared = frameOf("Goat herd with fever and diarrhoea, three dead - I'm worried about PPR. Which virus causes it?");
    expect(feared).toMatchObject({ acronyms: ["PPR"], conditions: [] });
    expect(feared.signs).toContain("diarrhoea");
    // (Not what is feared when the question names no disease: the kids, or resistance.)
    expect(frameOf("Calves with diarrhoea - worried about the kids catching it. What causes it?").conditions).toEqual(["diarrhoea"]);
  });

  it("does not carry the means a procedure was asked to be done by ('without a GA') into the next question", () => {
    const [, block] = readConversation(["Ewe with a ruptured eye - can I take it out under sedation rather than a GA?", "which nerve do I block, and where?"]);
    expect(block!.acronyms).toEqual([]);
    // (A test the case was worked up with is not carried either; a disease's abbreviation is.)
    const [, shed] = readConversation(["Kitten with FCV - can she be spayed under GA yet?", "how long will she shed it?"]);
    expect(shed!.acronyms).toEqual(["FCV"]);
  });

  it("reads 'other thing then' as a new topic, carrying nothing from the question before", () => {
    const [, other] = readConversation(["What's the meat withdrawal after long-acting ivermectin in ewes?", "right, other thing then: two lambs were born shaky and hairy. what spreads that?"]);
    expect(other!.inherited).toEqual([]);
    // (Not the other thing spoken of: "is the other thing he has related?" goes on.)
    const [, same] = readConversation(["Old dog with laryngeal paralysis - which nerve is involved?", "is the other thing he has, the weak back legs, part of it?"]);
    expect(same!.inherited).not.toEqual([]);
  });

  it("reads 'the usual picture' of a disease as its signs asked", () => {
    expect(frameOf("Kitten with a sore mouth and sneezing - is that the usual picture for calicivirus?").asked).toContain("signs");
    expect(frameOf("What is the typical presentation of canine distemper?").asked).toContain("signs");
  });

  it("reads a follow-up naming its animals after a word or two ('the in-contact goats') as going on with the disease", () => {
    const [, contacts] = readConversation(["Goats dying with fever and diarrhoea - is it PPR? what virus causes it?", "how long after mixing before the in-contact goats fall ill?"]);
    expect(contacts!.acronyms).toEqual(["PPR"]);
    const [, inContact] = readConversation(["Goats dying with fever and diarrhoea - is it PPR? what virus causes it?", "what about the in-contact goats?"]);
    expect(inContact!.acronyms).toEqual(["PPR"]);
  });

  it("reads an outcome's rate, a breed and an amount of specimen as typed values", () => {
    expect(frameOf("I'm removing xanthomas from a diabetic cat - what's the recurrence rate after surgery?")).toMatchObject({ asked: ["rate", "treatment"], attribute: "recurrence" });
    expect(frameOf("What's the success rate of digit amputation for septic pedal arthritis in sheep?")).toMatchObject({ asked: ["rate"], attribute: "success" });
    expect(frameOf("Which breeds are predisposed to primary copper-associated hepatopathy?").asked).toEqual(["breed"]);
    // (Breeding is no breed asked, nor is a breed spoken of.)
    expect(frameOf("How fast do feral hogs breed?").asked).not.toContain("breed");
    expect(frameOf("he's a German Shepherd x border collie - is it a breed thing?").asked).not.toContain("breed");
    expect(frameOf("How much serum do I need to send off for a feline heartworm antigen test?").asked).toContain("quantity");
    // (How much blood turns urine pink is answered by a count of cells, not asked as an amount to collect.)
    expect(frameOf("How much blood has to be in a dog's pee before it actually looks pink?").asked).not.toContain("quantity");
  });

  it("reads the names owners give animals, not eponyms or pathogens named after a place", () => {
    expect(petNames("hi, sorry the video's a bit laggy - Bella's wee has gone pink. what causes that?")).toEqual(["Bella"]);
    expect(petNames("Sorry to ring again, it's about Barney, my little terrier.")).toEqual(["Barney"]);
    expect(petNames("Our rescue cat Mochi has just tested positive for FeLV.")).toEqual(["Mochi"]);
    // (A host's adjective before a genus names the parasite: "the canine Theileria one".)
    expect(petNames("and what about the canine Theileria one, is there a treatment there?")).toEqual([]);
    // A pet's name is no name the passages must write.
    expect(frameOf("owner rang because her rabbit Thumper's wee is bright red today. She wants to know if red urine always means blood.").names).toEqual([]);
    expect(petNames("Is Johne's disease in goats? Koch's postulates? Marek's vaccine?")).toEqual([]);
    expect(petNames("Vet suspects duck Tembusu virus (DTMUV).")).toEqual([]);
    expect(petNames("How much does an Iriomote leopard cat weigh?")).toEqual([]);
  });

  it("reads a label before the question, not a question before a dash", () => {
    expect(leadingLabel("New grad here, first solo derm consult: greasy, itchy westie with Malassezia. Topical or oral?")).toBe("New grad here, first solo derm consult");
    expect(leadingLabel("how long does it hang about in the hutch - when's it safe to bring a new bunny in?")).toBeNull();
    expect(leadingLabel("Mentor question: the horse has diarrhoea.")).toBeNull();
  });

  it("reads 'would they look the same?' as asking the signs, and 'hydatid cysts' as the disease", () => {
    expect(frameOf("Our riding school ponies are all vaccinated. Would they look any different if they got it?").asked).toContain("signs");
    expect(frameOf("Would it look the same in a goat?").asked).toContain("signs");
    expect(frameOf("Found hydatid cysts in a ewe's liver at slaughter. How common are they in sheep?").conditions).toEqual(["hydatid"]);
  });

  it("reads 'where does it come into it?' as the part something plays, not where it is", () => {
    expect(frameOf("and where do the ticks come into it?").asked).not.toContain("location");
    expect(frameOf("where does yeast fit in with these ear cases?").asked).not.toContain("location");
    expect(frameOf("where do the ticks attach on the dog?").asked).toContain("location");
  });

  it("reads what someone takes the case for ('what the vet thinks is a sole abscess') as the case's subject, carried on", () => {
    const told = "Smallholder here. My old ram has what the vet thinks is a sole abscess. Are long antibiotics worth a go?";
    expect(suspectedDiagnosis(told)).toBe("sole abscess");
    expect(suspectedDiagnosis("what the vet said was important is the diet")).toBeNull();
    const [, after] = readConversation([told, "and after the surgery, how often should the dressing be changed?"]);
    expect(after!.conditions).toEqual(["sole abscess"]);
    // ("…the amputation", "the enucleation": a procedure with "the" is the one spoken of.)
    const [, , amputation] = readConversation([told, "if we take the digit off instead, how is it done?", "Are there circumstances where we shouldn't do the amputation?"]);
    expect(amputation!.inherited).toEqual(expect.arrayContaining(["species", "conditions"]));
  });

  it("reads a part of the body with 'the' as the case's ('why do the lungs end up so damaged?')", () => {
    const [, lungs] = readConversation(["Calves on the unit confirmed with BRSV. How is it diagnosed?", "ok. why do the lungs end up so badly damaged?"]);
    expect(lungs!.inherited).toEqual(expect.arrayContaining(["species", "acronyms"]));
    expect(lungs!.acronyms).toEqual(["BRSV"]);
    // (One naming its own subject is its own question.)
    const [, own] = readConversation(["Calves on the unit confirmed with BRSV. How is it diagnosed?", "How does Fasciola hepatica damage the liver in sheep?"]);
    expect(own!.inherited).toEqual([]);
  });

  it("keeps the animals spoken of when a follow-up asks whether others catch it from them", () => {
    const first = "Our rabbits have confirmed myxomatosis. How did they catch it?";
    for (const question of ["the neighbour keeps guinea pigs - how likely is it to spread to them?", "could the neighbour's guinea pigs catch it?"]) {
      const [, others] = readConversation([first, question]);
      expect(others).toMatchObject({ species: ["guinea-pig"], conditions: ["myxomatosis"], asked: ["transmission"], passesFrom: ["rabbit"] });
      expect(searchText(question, others!)).toMatch(/\brabbits\b/);
    }
    // (A question of their own for the other animals asks of them alone.)
    const [, dose] = readConversation([first, "what dose of ivermectin would you use in guinea pigs?"]);
    expect(dose!.species).toEqual(["guinea-pig"]);
    // (Asked at once too: whether it jumps to other animals asks how it passes, not whether it spreads in the body.)
    expect(frameOf("Our ewes have orf. Is it likely to jump to the neighbour's goats?").asked).toContain("transmission");
    expect(frameOf("Our ewes have orf. Is it likely to spread to the udder?").asked).not.toContain("transmission");
    // (The next turn goes on with the case's own animals: "his" is the rabbit's.)
    const [, , next] = readConversation([first, "could the neighbour's guinea pigs catch it?", "his eyelids are swollen shut too - what can we do for him?"]);
    expect(next!.species).toEqual(["rabbit"]);
  });

  it("reads a name put forward with 'if this is', not a word ('if this is basic')", () => {
    expect(suspectedDiagnosis("Inspector at a goat holding - fever, nasal discharge, diarrhoea and several deaths. If this is PPR, what case fatality are we looking at?")).toBe("PPR");
    expect(suspectedDiagnosis("if it's bluetongue, how long do they shed?")).toBe("bluetongue");
    // (With a word that only stresses it, and a name of two words: "Is that basically Newcastle disease?")
    expect(suspectedDiagnosis("Racing pigeon loft - a few birds have twisted necks and the club reckons PPMV-1. Is that basically Newcastle disease?")).toBe("Newcastle disease");
    expect(suspectedDiagnosis("is it just parvo?")).toBe("parvo");
    // ("…ate beetroot - plausible?" asks what the owner's claim is worth.)
    expect(frameOf("owner swears he ate beetroot - plausible?").conditions).toEqual([]);
    expect(suspectedDiagnosis("New grad here, sorry if this is basic: why do heartworm protocols add an antibiotic?")).toBeNull();
    expect(suspectedDiagnosis("If this is a problem, what do I do?")).toBeNull();
    // (A short question about the animal's own state puts no name forward.)
    expect(suspectedDiagnosis("We repeated the snap test six weeks on and he's antigen negative. so he's clear?")).toBeNull();
    expect(suspectedDiagnosis("Her littermates are off colour too. Parvo?")).toBe("Parvo");
    // (A genus's initial does not end the name put forward.)
    expect(suspectedDiagnosis("Mentor question: gelding on TMPS for a wound has now got profuse diarrhoea. Could this be C. diff?")).toBe("C. diff");
  });

  it("reads a diagnosis put forward before a question that points back to it, and one a host's name begins ('swine erysipelas')", () => {
    const question = "Finisher pig on the line with raised diamond-shaped red patches on the skin - swine erysipelas? Is that a whole carcass rejection or can it be trimmed?";
    expect(suspectedDiagnosis(question)).toBe("swine erysipelas");
    expect(frameOf(question).conditions).toContain("swine erysipelas");
    // (A species alone, or one that ends the words, is no disease: "older dogs?".)
    expect(frameOf("Laryngeal paralysis in a Labrador, noisy breathing on walks - older dogs?").conditions).not.toContain("older dogs");
  });

  it("reads a disease's name asked of the case ('is this parvo??'), not a word ('is this normal?')", () => {
    expect(suspectedDiagnosis("pupy we pulled from the pound has bloody runny poo n wont eat, is this parvo?? how bad is it")).toBe("parvo");
    expect(suspectedDiagnosis("My kitten is sneezing, is it FIP?")).toBe("FIP");
    expect(suspectedDiagnosis("She is drinking a lot, is this normal?")).toBeNull();
  });

  it("reads a value asked in everyday words: 'how much blood can I safely take', 'a normal rectal temp', 'what size needle'", () => {
    expect(frameOf("how much blood can I safely take from a hen?").asked).toContain("quantity");
    const temp = frameOf("whats a normal rectal temp for a dog?");
    expect(temp.asked).toContain("quantity");
    expect(temp.attribute).toBe("bound");
    expect(frameOf("What size needle should I use on a hen's wing vein?")).toMatchObject({ asked: ["quantity"], attribute: "gauge" });
    expect(frameOf("What temp should the vivarium be for a corn snake?").attribute).toBe("temperature");
  });

  it("reads how often something is checked as an interval of those checks, not of the doses", () => {
    expect(frameOf("do you check liver enzymes while they're on it, and how often?")).toMatchObject({ asked: ["interval"], attribute: "checks of liver enzymes" });
    expect(frameOf("how often should we recheck bloods on phenobarbital?").attribute).toBe("checks of bloods");
    expect(frameOf("how often do you repeat the dose?").attribute).toBeNull();
  });

  it("does not carry the words of a label that names nothing ('From the repro lecture -') into follow-ups", () => {
    const [first, then] = readConversation(["From the repro lecture - roughly when do the testes pass through the inguinal canal in the bovine foetus?", "why is the horse the odd one out then?"]);
    expect(first!.askedTopic).toEqual(["testes", "pass", "inguinal", "canal", "foetus"]);
    expect(then!.topic).not.toContain("lecture");
    // (A label that names an animal or a sign is the case: "Leopard gecko is struggling to shed - …".)
    expect(frameOf("Leopard gecko is struggling to shed - what should I change in the setup?").askedTopic).toContain("struggling");
  });

  it("reads 'how do I separate X from Y' as telling them apart, and 'is it because…?' as asking the cause", () => {
    expect(frameOf("How do I separate myoglobin from Hb in-house?").asked).toContain("comparison");
    expect(frameOf("Is it because show pigs are sicker than farm pigs that they're the flu risk?").asked).toContain("cause");
    expect(frameOf("Is it safe because it is licensed?").asked).not.toContain("cause");
  });

  it("reads a short species word typed with a letter doubled, left single or swapped ('pupy'), not another word ('lami', 'vien')", () => {
    expect(speciesWordNear("pupy")).toBe("puppy");
    expect(speciesWordNear("gaot")).toBe("goat");
    expect(speciesWordNear("dogg")).toBe("dog");
    // ("lami" is laminitis, one letter from "lamb"; "vien" a vein, one letter from "vixen".)
    expect(speciesWordNear("lami")).toBeNull();
    expect(speciesWordNear("vien")).toBeNull();
  });

  it("reads 'what's top of my list?' as asking the likeliest diagnosis", () => {
    expect(frameOf("6 yo dog regurgitating, rads show a massively dilated oesophagus. What's top of my list?").asked).toContain("diagnosis");
    expect(frameOf("6 yo dog regurgitating, rads show a massively dilated oesophagus. What's top of my list?").topic).not.toContain("top");
  });

  it("reads 'the usual culprits in the paw' and 'most of the strains' as follow-ups on the case before", () => {
    const [, culprits] = readConversation(["Rotation case: a dog is non-weight-bearing on one forelimb. How should I examine the paw?", "What are the usual culprits in the paw?"]);
    expect(culprits!.species).toEqual(["dog"]);
    expect(culprits!.inherited).toContain("species");
    const [, , strains] = readConversation([
      "My ewes keep going lame with footrot even after vaccinating. Why is it so hard to control?",
      "Does a footbath help?",
      "Are most of the strains the nasty kind or the benign kind?",
    ]);
    expect(strains!.conditions).toContain("footrot");
    expect(strains!.species).toEqual(["sheep"]);
  });

  it("carries a genus the case reports found, and a follow-up's own genus replaces it", () => {
    const [first, wild, other] = readConversation([
      "Rescue dog imported from South Africa, big Babesia piroplasms on the smear. Which species causes the nastiest disease out there?",
      "where does it circulate in the wild?",
      "and if the PCR says Theileria instead, what's worked best?",
    ]);
    expect(first!.names).toEqual(["Babesia"]);
    expect(wild!.names).toEqual(["Babesia"]);
    expect(other!.names).toEqual(["Theileria"]);
    // (A place the case names is still no subject: "…imported from Spain: fever, …".)
    expect(frameOf("Dog imported from Spain last month, fever and weight loss. What should I test for?").names).toEqual([]);
  });

  it("reads the imaging whose findings are asked as a name the passages must hold, not carried into a follow-up", () => {
    expect(frameOf("what does a hydatid cyst actually look like on ultrasound in a sheep's liver? revising for finals").names).toEqual(["ultrasound"]);
    expect(frameOf("Dog hit by a car, query pneumothorax. What am I actually looking for on the lateral chest radiograph?").names).toEqual(["radiograph"]);
    const [rads, adults] = readConversation(["cat with suspected heartworm - what would you expect on thoracic rads?", "and where do the adults sit in a dog?"]);
    expect(rads!.names).toEqual(["rads"]);
    expect(adults!.names).toEqual([]);
  });

  it("carries the topic a question only weighed ('do those dogs really work or is it hype?') into a follow-up, not the weighing", () => {
    const [, results] = readConversation(["Completely different question: my neighbour is training her collie as a cancer sniffer dog. do these dogs actually work or is it hype?", "why are the results all over the place?"]);
    expect(results!.topic).toEqual(expect.arrayContaining(["cancer", "sniffer"]));
  });

  it("does not carry a pathogenicity index asked for into the next question (ICPI is a test's index)", () => {
    const [, , ducks] = readConversation(["How are Newcastle disease virus (NDV) strains classified?", "what ICPI score makes an NDV strain virulent?", "what about ducks and geese, do they get sick from it or just carry it?"]);
    expect(ducks!.acronyms).not.toContain("ICPI");
    expect(ducks!.acronyms).toContain("NDV");
  });

  it("reads a patient in another kennel or bed as another case, and one in the same as the same", () => {
    const [, , other, then] = readConversation([
      "Cat in kennel 4 with really angry gums, query FCGS. How common is it in cats generally?",
      "where in the mouth does it usually show?",
      "The blocked tom in kennel 6 has a urine pH of 7 - which crystal type does that favour?",
      "and if it was under 6.2?",
    ]);
    expect(other).toMatchObject({ acronyms: [], inherited: [] });
    expect(then!.acronyms).toEqual([]);
    expect(then!.inherited).toContain("topic");
    const [, same] = readConversation(["Dog in kennel 2 with pyoderma - which antibiotic first?", "kennel 2 again - how long should the course run?"]);
    expect(same!.conditions).toEqual(["pyoderma"]);
  });

  it("reads an animal that has come in as another case, unless the question points back to the one before", () => {
    const [, other, then] = readConversation([
      "Shelter cat with sore gums - what is chronic gingivostomatitis?",
      "sorry, one more thing - we've got a bearded dragon in that needs bloods. where do they take it from?",
      "and in a snake?",
    ]);
    expect(other).toMatchObject({ conditions: [], signs: [], inherited: [] });
    expect(then!.conditions).toEqual([]);
    expect(then!.inherited).toContain("topic");
    const [, same] = readConversation(["Shelter cat with sore gums - what is chronic gingivostomatitis?", "a dog came in with the same thing - do they get it too?"]);
    expect(same!.conditions).toEqual(["gingivostomatitis"]);
  });

  it("reads the species of the question after a label that names another animal where the asker is ('on my way to a calving -')", () => {
    expect(frameOf("on my way to a calving, quick one - what's the ivermectin dose for a pig?").species).toEqual(["pig"]);
    expect(frameOf("Lambing shed this week: what's the incubation of orf in goats?").species).toEqual(["goat"]);
  });

  it("reads the animal of a label naming the question's topic as asked beside the one the question names, where it asks of 'it'", () => {
    expect(frameOf("Bluetongue in sheep - which tissues does it hit, and can people catch it?").species).toEqual(["sheep", "human"]);
  });

  it("reads a question after an asker's label that asks of all mammals as asked of no one species, not the label's", () => {
    expect(frameOf("Pig immunology lecturer: roughly how big is mammalian RANTES?").species).toEqual([]);
    expect(frameOf("Pig farmer: what dose of ivermectin?").species).toEqual(["pig"]);
  });

  it("reads a note's form ('SOAP') as no abbreviation asked about, and a layer flock as chickens", () => {
    expect(frameOf("SOAP - S: 8yo Lab, hindlimb weakness. A: laryngeal paralysis? P: is it part of a wider neuropathy?").acronyms).toEqual([]);
    expect(frameOf("Layer flock with lice round the vent - how long is their life cycle?").species).toEqual(["chicken"]);
  });

  it("reads a person named by title ('Dr Patel wants to know…') as who asks, no name the passages must hold", () => {
    expect(frameOf("Dr Patel wants to know the incubation period of bluetongue in sheep.").names).toEqual([]);
    expect(frameOf("Rounds question: Prof. Okafor asked which midges spread bluetongue").names).toEqual([]);
    expect(frameOf("Is Theileria orientalis found in New Zealand?").names).toContain("Zealand");
  });

  it("reads 'Also,' before a subject of its own as a new question, and 'Next slide:' as a switch", () => {
    const [, also] = readConversation(["Pink eye going through the ewes - what causes it?", "Also, what's the incubation period of bluetongue?"]);
    expect(also).toMatchObject({ conditions: ["bluetongue"], inherited: [] });
    const [, same] = readConversation(["Pink eye going through the ewes - what causes it?", "also - how long does it last?"]);
    expect(same!.inherited).toContain("topic");
    const [, slide] = readConversation(["Skin mass FNA from a boxer shows mast cells. Which grade?", "Next slide: lymph node aspirate from a cat - what are these cells?"]);
    expect(slide!.inherited).toEqual([]);
  });

  it("reads 'Also,' before a case with a topic of its own as a new question, though its pronoun points at its own animal", () => {
    const [, , stallion, bleeding] = readConversation([
      "Planning this season's matings for my Arabian mares - how do I make sure I don't end up with a SCID foal?",
      "and if two carriers did get bred by accident?",
      "Also, I've a Quarter Horse stallion standing at stud this year. Which single-gene disorders should he be tested for?",
      "are there inherited bleeding disorders in horses I should test for too?",
    ]);
    expect(stallion).toMatchObject({ acronyms: [], names: [], inherited: [] });
    expect(bleeding!.acronyms).toEqual([]);
    // ("Also, how long does it last?" goes on with the same subject.)
    const [, same] = readConversation(["Planning matings for my Arabian mares - how do I avoid a SCID foal?", "Also, how many foals would be affected?"]);
    expect(same!.acronyms).toEqual(["SCID"]);
  });

  it("reads the visit where the vet said a thing ('at her booster the vet said…') as naming nothing", () => {
    expect(withoutChatter("at her booster the vet said she's already got gum disease??")).not.toMatch(/booster/);
    expect(withoutChatter("During his annual check-up, the vet found a heart murmur.")).not.toMatch(/check-up/);
    // (Not the booster asked of.)
    expect(withoutChatter("What happens at her booster?")).toMatch(/booster/);
    expect(withoutChatter("At her booster the dose is halved, right?")).toMatch(/booster/);
  });

  it("reads 'e.g.' and 'i.e.' as naming nothing", () => {
    expect(withoutChatter("what are the secondary causes e.g. BM disease, DIC?")).not.toMatch(/e\.g\./);
    expect(withoutChatter("the Giemsa stain (i.e., Wright's)")).not.toMatch(/i\.e\./);
    expect(withoutChatter("is E. coli the cause?")).toBe("is E. coli the cause?");
  });

  it("reads 'is there a painkiller I can give her, and how much?' as asking a dose", () => {
    expect(frameOf("is there a painkiller I can give her at home and how much?").asked).toContain("dose");
    expect(frameOf("which painkiller is safe for cats?").asked).toContain("drug");
    expect(frameOf("and what's the first-line drug for rossi?").asked).toContain("drug");
  });

  it("reads people who say or compare something as no species asked about ('why do people compare it to malaria?')", () => {
    expect(frameOf("wait, so why do people compare it to malaria?").species).toEqual([]);
    expect(frameOf("why do people say goats are harder to treat?").species).toEqual(["goat"]);
    expect(frameOf("can people catch it?").species).toEqual(["human"]);
  });

  it("reads 'what are his chances?' as asking a prognosis, and 'the chances the other cat catches it' as no prognosis", () => {
    expect(frameOf("so what are his chances?").asked).toEqual(["prognosis"]);
    expect(frameOf("what are the chances the other cat catches it?").asked).not.toContain("prognosis");
  });

  it("reads 'what is the withdrawal on long-acting oxytet?' as asking a withdrawal period", () => {
    expect(frameOf("what is the withdrawal on long acting oxytet in sheep?")).toMatchObject({ asked: ["duration"], attribute: "withdrawal" });
    expect(frameOf("signs of withdrawal from opioids?").asked).not.toContain("duration");
  });

  it("reads a vital sign's rate ('the normal respiratory rate of a rabbit') as a value, not a share of animals", () => {
    expect(frameOf("What's the normal respiratory rate of a rabbit?")).toMatchObject({ asked: ["quantity"], attribute: "bound" });
    // A reference range is values in their units: "what are the normal ALT and ALP reference ranges in a ferret?"
    expect(frameOf("what are the ALT and ALP reference ranges in a ferret?").asked).toContain("quantity");
    expect(frameOf("Which normal values of bile acids apply to a puppy?").asked).toContain("quantity");
    expect(frameOf("Is his potassium within the normal range?").asked).not.toContain("quantity");
    expect(frameOf("what is the rate of infection in cats?").asked).toEqual(["rate"]);
  });

  it("reads 'how long do FIV positive cats live?' as asking their survival", () => {
    expect(frameOf("How long do FIV positive cats live?")).toMatchObject({ asked: ["duration"], attribute: "survival" });
    expect(frameOf("Found lice on my show hens. How long do they live on the bird?").attribute).not.toBe("survival");
  });

  it("carries the disease into 'You mentioned ticks…' and 'no vaccine for it', and the animals into a count that names none", () => {
    // "You mentioned ticks": what the answer said is taken up beside the disease spoken of, and "no vaccine for it" is for
    // that disease.
    const [, , ticks, vaccine] = readConversation([
      "Everyone's panicking about African swine fever. How many pigs die if it gets in?",
      "wait so warthogs don't get ill from it at all?",
      "You mentioned ticks. How do ticks get domestic pigs involved?",
      "why on earth is there still no vaccine for it",
    ]);
    expect(ticks!.conditions).toContain("african swine fever");
    expect(vaccine!.conditions).toContain("african swine fever");
    // "Roughly how many end up in the bad progressive group?" counts the cats spoken of: it names no counted thing of its own.
    const [, share] = readConversation(["She's just come back FeLV positive. What are the different ways an FeLV infection can play out in a cat?", "roughly how many end up in the bad progressive group?"]);
    expect(share).toMatchObject({ species: ["cat"], acronyms: ["FeLV"] });
    expect(share!.inherited).toEqual(expect.arrayContaining(["species", "acronyms"]));
  });

  it("reads a force, a torque or a cross-sectional area asked as a quantity, and forces that drive something as none", () => {
    expect(frameOf("What force and physiological cross-sectional area should I assign to the longus colli?").asked).toContain("quantity");
    expect(frameOf("Which tensile strength does the suture need?").asked).toContain("quantity");
    expect(frameOf("What forces drive the spread of the virus?").asked).not.toContain("quantity");
  });

  it("reads 'what separates X from Y in terms of…' as a comparison and 'how long before they show signs' as a span", () => {
    // "What separates an unstable plaque from a stable one in terms of … size of the lipid core?" compares them; the size is
    // what they differ in, not an amount asked. The anaesthetist prepping a session is who asks.
    const plaque = frameOf("cardiac anaesthetist prepping a teaching session: what separates an unstable atheromatous plaque from a stable one in terms of cap thickness and size of the lipid core?");
    expect(plaque.asked).toEqual(["comparison"]);
    expect(plaque.topic).not.toContain("anaesthetist");
    expect(frameOf("what is the size of the lipid core in an unstable plaque?").asked).toContain("quantity");
    // (Nor is a value whose threshold is asked: "what MDT in hours separates velogenic from mesogenic strains?")
    expect(frameOf("what MDT in hours separates velogenic from mesogenic strains?").asked).not.toContain("comparison");
    // "How long could it take before they show signs?" asks how long until the signs show, not which signs.
    const onset = frameOf("If my pigs were exposed to classical swine fever last week, how long could it take before they show signs?");
    expect(onset).toMatchObject({ asked: ["duration"], attribute: "incubation" });
    expect(frameOf("how long before they show signs, and what signs should I look for?").asked).toEqual(expect.arrayContaining(["duration", "signs"]));
  });

  it("reads a disease named after its host or a person: asked of the host beside animals only compared with, a name in lower case", () => {
    // A disease named after its host is asked of that host where the other animals are only compared with: "…the way
    // HEV-3 and HEV-4 from pigs are?"
    expect(frameOf("Is there a camel hepatitis E genotype, and is it zoonotic the way HEV-3 and HEV-4 from pigs are?").species).toEqual(["camel"]);
    expect(frameOf("Is hepatitis E zoonotic in pigs?").species).toEqual(["pig"]);
    // (A disease named after a person, typed in lower case, is a name; whose disease it is, is not.)
    expect(frameOf("pig vet here. what's the incubation for aujeszky's disease in finishers?").names).toContain("Aujeszky");
    // (So is it after a label saying who asks, which the question after it writes in lower case.)
    expect(frameOf("Pig vet: what's the incubation for aujeszky's disease in finishers?").names).toContain("Aujeszky");
    expect(frameOf("is the farmer's disease catching?").names).toEqual([]);
  });

  it("reads 'Toll-like receptors' as no comparison, and what a receptor detects as no diagnosis", () => {
    // "Toll-like receptors in chickens" compares nothing: "-like" ends a name. What a receptor detects is no diagnosis.
    const tlr = frameOf("Which Toll-like receptors do chickens rely on to detect RNA viruses?");
    expect(tlr.species).toEqual(["chicken"]);
    expect(tlr.asked).not.toContain("diagnosis");
    expect(frameOf("how do you detect FeLV in a cat?").asked).toContain("diagnosis");
  });

  it("reads 'how many times has it…' as counting the times it happened, and 'how many times a day' as an interval", () => {
    expect(frameOf("How many times has pdm09 H1N1 spilled back from people into pigs?")).toMatchObject({ asked: ["count"], attribute: "times" });
    expect(frameOf("how many times a day should he be fed?").asked).toEqual(["interval"]);
  });

  it("reads 'how often?' alone after a dose as asking how often it is given", () => {
    const [, often] = readConversation(["what's the ivermectin dose for pigs", "how often"]);
    expect(often).toMatchObject({ asked: ["interval"], drugs: ["ivermectin"], species: ["pig"] });
    expect(frameOf("how often do cats get it?").asked).toEqual(["rate"]);
  });

  it("reads 'what's the longest I can leave it on?' as asking a span", () => {
    expect(frameOf("Digit amputation in a ewe - what's the longest I can safely leave the tourniquet on?").asked).toContain("duration");
    expect(frameOf("what's the longest course of meloxicam in cats?").asked).toContain("duration");
    expect(frameOf("which is the longest bone in the body?").asked).not.toContain("duration");
  });

  it("reads a case that names its own subject before asking 'what is it?' as a new case, not a follow-up", () => {
    const [, , hypp] = readConversation([
      "Gelding with a high-stepping hind leg at the walk - stringhalt. What's the outlook?",
      "any treatment worth trying?",
      "Quarter horse yearling, muscle tremors after exercise, and the breeder says HYPP runs in the family. What is it?",
    ]);
    expect(hypp).toMatchObject({ conditions: [], acronyms: ["HYPP"], inherited: [] });
    // (Nothing named of its own: the pronoun points back.)
    const [, colder] = readConversation(["Gelding with a high-stepping hind leg at the walk - stringhalt. What's the outlook?", "The owner says he's worse in the cold. Is that typical of it?"]);
    expect(colder!.conditions).toEqual(["stringhalt"]);
  });

  it("reads a quiz's 'and a tougher one on that?' and an acknowledgement ('Good.', 'Great,') as chatter, and 'basics' as no topic", () => {
    expect(withoutChatter("and a tougher one on that? how does it show in sheep")).toBe("how does it show in sheep");
    expect(withoutChatter("Great. which test confirms it?")).toBe("which test confirms it?");
    expect(withoutChatter("thanks - and in goats?")).toBe("and in goats?");
    expect(withoutChatter("Good prognosis in most cats?")).toBe("Good prognosis in most cats?");
    expect(frameOf("Teaching the basics first: what kind of virus causes bluetongue?").topic).not.toContain("basics");
  });

  it("reads what a result means for an animal 'long term' as asking the prognosis, and spread 'cat to cat' as transmission", () => {
    expect(frameOf("FIV positive on the snap test - what does that mean for him long-term?").asked).toContain("prognosis");
    expect(frameOf("what does it mean for them in the long run?").asked).toContain("prognosis");
    expect(frameOf("which strain actually spreads cat to cat?").asked).toContain("transmission");
    expect(frameOf("can it pass from pig to pig in the same pen?").asked).toContain("transmission");
    expect(frameOf("does it spread between birds in a flock?").asked).toContain("transmission");
    expect(frameOf("does the tumour spread from the lung to the liver?").asked).not.toContain("transmission");
  });

  it("reads a flash card's 'peak season?' as asking the season, with 'peak' no topic", () => {
    const card = frameOf("Q: BTV - which midge? peak season?");
    expect(card.asked).toContain("season");
    expect(card.topic).not.toContain("peak");
  });

  it("reads the span asked of several questions from the one that asks how long, and 'after diagnosis' as no diagnosis asked", () => {
    const course = frameOf("FIV positive twice now. For his file: what course does this usually take and how long do these cats survive after diagnosis?");
    expect(course).toMatchObject({ attribute: "survival" });
    expect(course.asked).not.toContain("diagnosis");
    expect(frameOf("How is FIV diagnosed in shelter cats?").asked).toContain("diagnosis");
  });

  it("reads a drug's half-life, time to peak and onset as spans asked of them, and 'after a dose' as no dose asked", () => {
    expect(frameOf("What's the plasma half-life of meloxicam in cats?")).toMatchObject({ asked: ["duration"], attribute: "half-life" });
    expect(frameOf("time to peak effect of buprenorphine in rabbits?")).toMatchObject({ asked: ["duration"], attribute: "peak" });
    expect(frameOf("How long after an oral dose do blood levels peak in horses?")).toMatchObject({ asked: ["duration"], attribute: "peak" });
    expect(frameOf("What is the dose of meloxicam in cats?").asked).toEqual(["dose"]);
  });

  it("reads whether a disease is notifiable as asked, in a yes/no question too", () => {
    expect(frameOf("Is swine fever notifiable?").asked).toEqual(["notifiable"]);
    expect(frameOf("Do I have to report a suspect case of rabies?").asked).toEqual(["notifiable"]);
    expect(frameOf("what are the reporting requirements for avian influenza?").asked).toContain("notifiable");
    expect(frameOf("Is swine fever contagious?").asked).not.toContain("notifiable");
  });

  it("reads 'what % are we likely to lose?' as asking a rate, and a quiz's 'and a harder one on that -' as chatter", () => {
    expect(frameOf("what % are we likely to lose?").asked).toEqual(["rate"]);
    expect(withoutChatter("and a harder one on that - is the cow standing or down for it?")).toBe("is the cow standing or down for it?");
    expect(withoutChatter("An easier one: what does it numb?")).toBe("what does it numb?");
  });

  it("reads 'how often do we see…' as asking how common it is, not an interval", () => {
    expect(frameOf("FeLV antigen negative but provirus PCR positive. How often do we see that combination?").asked).toEqual(["rate"]);
    expect(frameOf("how often do you find it in healthy dogs?").asked).toEqual(["rate"]);
    expect(frameOf("how often do we retest her?").asked).toEqual(["interval"]);
    // ("Given how common spinal injuries are…" states why it asks, not a rate asked.)
    expect(frameOf("have the neck models built for people been adapted for dogs, given how common spinal injuries are in them?").asked).not.toContain("rate");
    // (Nor "given how many…": it says why it asks, and what it asks is whether a model exists.)
    expect(frameOf("is there a hip joint model for horses, given how many horses go lame, and what would it take to make one?").asked).not.toContain("rate");
    expect(frameOf("considering how many sheep get footrot, which vaccine works best?").asked).not.toContain("rate");
    expect(frameOf("how many sheep get footrot in a wet year?").asked).toContain("rate");
  });

  it("reads residues asked by name and position, not a drug's residues in food", () => {
    expect(frameOf("Which tyrosine residues of STAT1 does JAK1 phosphorylate?").asked).toContain("residue");
    expect(frameOf("what residues of the capsid decide which host it infects?").asked).toContain("residue");
    expect(frameOf("Which antibiotic residues should we screen the milk for?").asked).not.toContain("residue");
    expect(frameOf("What residues stay in the eggs after treating layers?").asked).not.toContain("residue");
  });

  it("reads dinosaurs as animals asked of", () => {
    expect(frameOf("Did dinosaurs get bigger over time?").species).toEqual(["dinosaur"]);
  });

  it("reads the wild and zoo animals the lexicon names, and their groups", () => {
    expect(frameOf("Do capybaras carry Mycobacterium bovis?").species).toEqual(["capybara"]);
    expect(frameOf("Can meerkats get bovine TB?").species).toEqual(["meerkat"]);
    expect(frameOf("Is it seen in jackals or coyotes?").species).toEqual(["wild-canid"]);
    // (African wild dogs are a species of their own, no jackal and no dog.)
    expect(frameOf("Does Babesia rossi make African wild dogs as ill as domestic dogs?").species).toEqual(["african-wild-dog", "dog"]);
    expect(frameOf("Our painted dogs were darted for collars - do they get B. rossi like jackals?").species).not.toContain("wild-canid");
    expect(frameOf("What causes mortality in vicuñas?").species).toEqual(["guanaco"]);
    // (A passage on "ruminants" or "canids" speaks of them too.)
    expect(mentionsSpecies(speciesIn("Babesia species infect wild canids."), "wild-canid")).toBe(true);
    expect(mentionsSpecies(speciesIn("Bluetongue virus infects ruminants."), "antelope")).toBe(true);
  });

  it("reads the species a case is compared with 'like you see in' as compared only", () => {
    expect(frameOf("Pygmy hedgehog with black tarry faeces, fever and weight loss - could it be Aleutian disease like you see in ferrets?").species).toEqual(["hedgehog"]);
  });

  it("asks for a typed value only in a wh-question", () => {
    expect(frameOf("What mortality percentage does Babesia bovis cause in cattle?").asked).toContain("rate");
    expect(frameOf("Does body mass index influence mortality after gastrectomy?").asked).not.toContain("rate");
    expect(frameOf("What's the incubation period of goat pox?")).toMatchObject({ attribute: "incubation" });
    expect(frameOf("How long is the preclinical period of scrapie?")).toMatchObject({ asked: ["duration"], attribute: "preclinical" });
    expect(frameOf("How long do foals with SCID survive?")).toMatchObject({ attribute: "survival" });
    expect(frameOf("How long after infection do calicivirus signs settle in kittens, and do they stop shedding then?").attribute).toBe("resolution");
    expect(frameOf("What is the incubation period of goat pox, and how long does it last?").attribute).toBe("incubation");
    // Lasting somewhere outside a host is the pathogen's persistence, not a patient's survival or prognosis.
    expect(frameOf("how long can parvo survive in the environment?")).toMatchObject({ asked: ["duration"], attribute: "persistence" });
    expect(frameOf("How long do coccidial oocysts remain infective in the soil?")).toMatchObject({ attribute: "persistence" });
    expect(frameOf("At what age should lambs be given Gudair?")).toMatchObject({ asked: ["duration"], attribute: "age" });
    expect(frameOf("how often should I be vaccinating against it?").asked).toEqual(["interval"]);
    // "How many doses" counts the doses (no amount is asked); "how far apart" asks the interval.
    expect(frameOf("How many doses of bluetongue vaccine does a cow need, and how far apart?")).toMatchObject({ asked: ["interval", "count", "treatment"], conditions: ["bluetongue"], topic: ["vaccine"] });
    expect(frameOf("How many doses of ivermectin, and at what dose?").asked).toContain("dose");
    expect(frameOf("and the vaccine — how many shots do they need?").asked).not.toContain("dose");
    // A breed is its species; "Lab" is no proper noun a passage must name.
    expect(frameOf("Mast cell tumour removed from a 7-year-old Lab: is surgery alone enough?")).toMatchObject({ names: [] });
    expect(frameOf("Are Labradors prone to laryngeal paralysis?").species).toEqual(["dog"]);
    // A relative "where" asks no place; "therapeutic" asks a treatment.
    expect(frameOf("In an outbreak of pink eye in sheep where Mycoplasma is suspected, which therapeutic approach is best?").asked).toEqual(["treatment"]);
    expect(frameOf("Explain where estrogens are synthesized in the body").asked).toEqual(["location"]);
    expect(frameOf("Babesia bovis - where?").asked).toEqual(["location"]);
    // "How often is it fatal?" asks what share die, not an interval.
    expect(frameOf("if a cat picks up SFTS from a tick, how often is it fatal?")).toMatchObject({ asked: ["rate"], attribute: "mortality" });
    // "What ICPI value…", "which FAMACHA score…" ask a number.
    expect(frameOf("What ICPI value does an NDV isolate need to be classed as velogenic?").asked).toContain("count");
    expect(frameOf("Which FAMACHA score should I drench at?").asked).toContain("count");
    // "What do I dust them with?" asks a treatment; "eggs ok to eat while treating?" how long they are withheld.
    expect(frameOf("what do I dust them with?").asked).toEqual(["treatment"]);
    expect(frameOf("eggs ok to eat while treating?")).toMatchObject({ attribute: "withdrawal" });
    expect(frameOf("eggs ok to eat while treating?").asked).toContain("duration");
    // "What's the booster interval…" asks an interval.
    expect(frameOf("what's the booster interval on the RHDV2 vaccine?").asked).toContain("interval");
    expect(frameOf("Which dosing interval is used for ivermectin in pigs?").asked).toContain("interval");
    // "Does anything work?" asks what treats it.
    expect(frameOf("stringhalt - does anything actually work?").asked).toEqual(["treatment"]);
    expect(frameOf("What actually helps with lice in hens?").asked).toContain("treatment");
    // The switch marker is no comparison ("different"); "how quickly" asks how long.
    expect(frameOf("Different question: how quickly does RHDV2 kill rabbits?").asked).toEqual(["duration"]);
    expect(frameOf("with feline calicivirus, when do the clinical signs usually settle?").asked).toContain("duration");
    expect(frameOf("what's the carrier frequency of SCID in Arabian horses (%)?").asked).toEqual(["rate"]);
    expect(frameOf("FIP neuro signs % of cats").asked).toContain("rate");
    expect(frameOf("Mortality of parvo in untreated pups, and how long does it survive outside?").attribute).not.toBe("survival");
    // Nor a resolution: "…morbidity, mortality, and how long until young ferrets recover?" asks the rates of the disease.
    expect(frameOf("Ferret 'green slime disease' – morbidity, mortality, and how long until young ferrets recover?").attribute).toBe("morbidity");
  });

  it("reads game birds as a species, an age as a span of time and revaccination as an interval", () => {
    expect(frameOf("Does Mycoplasma gallisepticum cause sinusitis in pheasants and partridges?").species).toEqual(["gamebird"]);
    expect(frameOf("Are grey squirrels reservoirs for Lyme disease?").species).toEqual(["squirrel"]);
    expect(frameOf("Does BVDV persist in yak herds?").species).toEqual(["yak"]);
    expect(mentionsSpecies(speciesIn("BVDV infects ruminants worldwide."), "yak")).toBe(true);
    expect(frameOf("At what age do large-breed dogs develop laryngeal paralysis?").asked).toContain("duration");
    expect(frameOf("How often should breeder ducks be revaccinated against duck plague?").asked).toContain("interval");
    expect(frameOf("vaccine schedule for PPR?").asked).toContain("interval");
    expect(frameOf("Gastroesophageal intussusception in dogs - what age group gets it?").asked).toContain("duration");
  });

  it("does not end a sentence at an abbreviated genus ('T. annae')", () => {
    expect(frameOf("atovaquone dose for canine theileriosis (T. annae)?")).toMatchObject({ species: ["dog"], drugs: ["atovaquone"], asked: ["dose"] });
    expect(askingParts("Are grey squirrels reservoirs for B. burgdorferi?")).toHaveLength(1);
  });

  it("reads the species asked about, not one compared with or named in a disease's name", () => {
    expect(frameOf("Are grey squirrels reservoirs for B. burgdorferi, or like white-tailed deer are they not susceptible to infection?").species).toEqual(["squirrel"]);
    expect(frameOf("max blood volume I can take from a sick snake - is it 5% of body weight as in amphibians?").species).toEqual(["snake"]);
    expect(frameOf("is resistance a worry in pigs the way it is in sheep?").species).toEqual(["pig"]);
    expect(frameOf("Guinea pig with reddish urine, eats carrots. Could it just be plant pigment like it is in rabbits?").species).toEqual(["guinea-pig"]);
    expect(frameOf("Racing pigeon loft crawling with feather lice. How long is the life cycle on the bird - same 2-3 wks as chicken lice?").species).toEqual(["pigeon"]);
    expect(frameOf("SAC (alpaca) with septic pedal arthritis. Can I take the digit off the way you would in sheep/goats?").species).toEqual(["alpaca"]);
    expect(frameOf("My tree frog has old skin stuck to him. Should I soak him the way you would a gecko with a bad shed?").species).toEqual(["frog"]);
    expect(frameOf("Can I treat the calf like I would a lamb?").species).toEqual(["cattle"]);
    // ("As you would expect in dogs" compares nothing.)
    expect(frameOf("is it dosed the way you would expect in dogs?").species).toEqual(["dog"]);
    expect(frameOf("Anyone know if EMS is diagnosed and managed the same way in donkeys as in horses?").species).toEqual(["donkey"]);
    expect(frameOf("Which mutation gives Belgian Blues their double muscling - is it the same myostatin gene they talk about in horses?").species).toEqual(["cattle"]);
    // A disease named after its host asks about that host, not the one it is compared with.
    expect(frameOf("Canine flu going round a boarding kennels - can it spread on the wind the way equine flu does?").species).toEqual(["dog"]);
    expect(comparedOnlyWords("can it spread on the wind the way equine flu does?")).toContain("equine");
    expect(comparedOnlyWords("can it spread on the wind the way equine flu does?")).not.toContain("wind");
    // "…the swollen sinuses it causes in turkeys": what it does in turkeys is the comparison; "what does it cause in turkeys?" asks.
    expect(frameOf("Does Mycoplasma gallisepticum give ducks the swollen sinuses it causes in turkeys?").species).toEqual(["duck"]);
    expect(frameOf("What disease does it cause in turkeys?").species).toEqual(["turkey"]);
    expect(frameOf("Duck grower: is necrotic enteritis in ducks triggered by coccidial co-infection the way Eimeria maxima does it in broilers?").species).toEqual(["duck"]);
    // A question whose subject points back to the animals before it asks of those, not of the adjectives it uses.
    const camels = frameOf("Are dromedary camels a 'mixing vessel' for flu the way pigs are - do they have both the avian and human receptor types in their airways?");
    expect(camels.species).toContain("camel");
    expect(camels.species).not.toContain("pig");
    // Nor one whose dose is borrowed, or whose like the case may be.
    expect(frameOf("3-month-old goat kid with a heavy worm burden — can I just use ivermectin s.c. at the pig dose of 300 µg/kg?").species).toEqual(["goat"]);
    expect(frameOf("My tarantula is stuck half out of its old skin — do I soak it like you would a gecko with a bad shed?").species).toEqual(["spider"]);
    expect(frameOf("My redclaw crayfish tank has white faecal strings in it. Is that the same white faeces disease farmed shrimp get?").species).toEqual(["crayfish"]);
    expect(frameOf("are the lumpfish we stock as cleaner fish in the salmon pens susceptible to SAV?").species).toContain("cleaner-fish");
    expect(frameOf("Is spring viraemia of carp something I need to worry about in pond-reared tilapia?").species).toEqual(["tilapia"]);
    expect(frameOf("Is gastroesophageal intussusception seen in kittens too, or is it really just young dogs?").species).toEqual(["cat"]);
    expect(frameOf("My tarantula is stuck in its moult: do I soak it like you'd do for a reptile?").species).toEqual(["spider"]);
    expect(frameOf("Is turbot susceptible to salmonid alphavirus?").species).toEqual(["turbot"]);
    expect(frameOf("Velagliflozin is licensed for cats — is any SGLT2 inhibitor approved for horses?").species).toEqual(["horse"]);
    expect(frameOf("What is the case fatality rate of peste des petits ruminants in dromedary camels?")).toMatchObject({ species: ["camel"], groups: [] });
    // A statement, then a question about it for another species: that species is asked about.
    expect(frameOf("Elephant and hyrax testes stay intra-abdominal — is that also the case in dolphins?").species).toEqual(["marine-mammal"]);
    // Options to choose from are not what is asked about.
    expect(frameOf("PPR case fatality rate in camels — closer to goats (55–85%) or sheep (<10%)?").species).toContain("camel");
  });

  it("reads 'how many cats get it' as a share of the animals, and 'how many vertebrae' as a count", () => {
    expect(frameOf("How many pet cats get chronic gingivostomatitis?").asked).toEqual(["rate"]);
    expect(frameOf("How many dogs are infected with heartworm in Italy?").asked).toContain("rate");
    expect(frameOf("How many dogs are infected with heartworm in Italy?").asked).not.toContain("count");
    expect(frameOf("How many lumbar vertebrae does a horse have?").asked).toEqual(["count"]);
    expect(frameOf("How many serotypes of bluetongue virus are there?").asked).toEqual(["count"]);
    // (How many there have been is a number of them, not a share.)
    expect(frameOf("and how many goat cases have there been in Europe?")).toMatchObject({ asked: ["count"], attribute: "cases" });
    expect(frameOf("How many cases have been diagnosed in the UK?").asked).not.toContain("rate");
  });

  it("reads a figure the asker quotes for another species as compared with ('the same 10–30% quoted for ducks')", () => {
    expect(frameOf("What mortality does DTMUV cause in geese? Is it the same 10–30% quoted for ducks?").species).toEqual(["goose"]);
    expect(frameOf("What mortality does DTMUV cause in geese? Is it the same 10-30% as ducks?").species).toEqual(["goose"]);
  });

  it("reads a question on a vaccine that names no disease or animal as a follow-up on the disease spoken of", () => {
    const [, vaccine] = readConversation(["PPR has been confirmed in goats in three villages here. How bad can it get?", "which vaccine strain would you use, and how long does one shot protect?"]);
    expect(vaccine!.acronyms).toContain("PPR");
    expect(vaccine!.inherited).toContain("acronyms");
  });

  it("reads what the asker needs to know as asked, before a part comparing it with another species", () => {
    const parts = askingParts("to time the repeat treatment I need to know how long the pigeon louse life cycle is - is it the same 2-3 weeks as the chicken body louse, all on the bird?");
    expect(parts.join(" ")).toMatch(/pigeon/);
  });

  it("reads a question for clinical signs, and one for an organism's name", () => {
    expect(frameOf("What are the clinical signs of bovine babesiosis?").asked).toContain("signs");
    expect(frameOf("How does FIP present in young cats?").asked).not.toContain("signs");
    // "What does it look like" of a disease an animal catches asks how it shows; of a parasite under a lens, not.
    expect(frameOf("When cattle catch tick fever, what does it look like - do they go dull?").asked).toContain("signs");
    expect(frameOf("What does Babesia look like under the microscope?").asked).not.toContain("signs");
    // "What would I notice?" in an animal that has it asks how it shows; on a smear or a scan, what a test finds.
    expect(frameOf("A flock down the lane had scrapie confirmed. If one of my goats had it, what would I actually notice?").asked).toContain("signs");
    expect(frameOf("what would I actually see in a cow that's got it?").asked).toContain("signs");
    expect(frameOf("What would I see on the blood smear of a cow with babesiosis?").asked).not.toContain("signs");
    expect(frameOf("what would I expect to see on his bloods?").asked).not.toContain("signs");
    expect(frameOf("and if we tap CSF on one of those, what would we expect to see?").asked).not.toContain("signs");
    expect(frameOf("Which ticks transmit Babesia divergens?").asked).toContain("organism");
    expect(frameOf("Which bacteria cause footrot in sheep?").asked).toContain("organism");
    expect(frameOf("Which species are susceptible to bluetongue?").asked).not.toContain("organism");
  });

  it("takes the asking clause from the question word of a question, and the whole of an instruction", () => {
    expect(askingClause("A 3-year-old ewe aborted last week. Which vaccine prevents abortion in the flock?")).toBe("Which vaccine prevents abortion in the flock?");
    expect(askingClause("In ewes after abortion, what is the cause?")).toBe("what is the cause?");
    const instruction = "Describe (i) STING's localization and (ii) which RNA sensor it can bind.";
    expect(askingClause(`STING is a scaffold. ${instruction}`)).toBe(instruction);
  });

  it("takes a question relayed in someone's words as the one asked when the last sentence only asks what to tell them", () => {
    const eggs = "Owner is holding up a basket of muddy eggs from her hens on camera and asks whether she should wash them. What do I tell her?";
    expect(askingClause(eggs)).toBe("whether she should wash them");
    expect(askingParts(eggs)).toEqual(["whether she should wash them"]);
    // (A last sentence that asks something of its own is what is asked.)
    expect(askingClause("The owner asks whether she should wash them. Which water temperature is safe?")).toBe("Which water temperature is safe?");
  });

  it("reads a yes/no question whole when asked to, so each of its parts counts ('Should I wash them, and … how warm…?')", () => {
    const eggs = "I keep a dozen bantams and some eggs come out of the nest box muddy. Should I wash them, and if I really have to, how warm should the water be?";
    expect(askingClause(eggs)).toBe("how warm should the water be?");
    expect(askingClause(eggs, { yesNoWhole: true })).toBe("Should I wash them, and if I really have to, how warm should the water be?");
  });

  it("takes the whole question when its asking clause points back to the case before it", () => {
    const vignette = "A protein inhibits TGF-β signalling and its absence leads to muscle atrophy. Which protein best fits this profile?";
    expect(askingClause(vignette)).toBe(vignette);
    const aborted = "A 3-year-old ewe aborted last week. Which vaccine prevents this in the flock?";
    expect(askingClause(aborted)).toBe(aborted);
    // "This kind of dementia" names its own topic.
    expect(askingClause("Our Labrador is 11 and wanders about at night. How common is this kind of dementia in older dogs?")).toBe("How common is this kind of dementia in older dogs?");
    // "A dog like this" is an example of what the clause asks of, which it names.
    expect(askingClause("Stray collie, thin, coughing, from a rescue in the south. Which lungworm risks matter in a dog like this?")).toBe("Which lungworm risks matter in a dog like this?");
  });

  it("does not read a title's capitalised words as names", () => {
    expect(frameOf("Does Viral Co-Infection Influence the Severity of Acute Respiratory Infection in Children?").names).toEqual([]);
    // A subspecies, variety or serovar is named.
    expect(frameOf("Is C. fetus subsp. venerealis carried in the gut of healthy sheep?").names).toContain("venerealis");
    expect(frameOf("Which hosts does S. enterica serovar Dublin infect?").names).toContain("Dublin");
    // Nor an indefinite pronoun after an initial's full stop ("…and polymyxin B. Anything I should flag?").
    expect(frameOf("Mare with C. diff colitis – script has gentamicin and polymyxin B. Anything I should flag to the vet?").names).toEqual([]);
  });

  it("reads a group that holds none of the asked species as other animals, and one that holds an asked group's members as not", () => {
    expect(otherSpeciesIn(frameOf("How long can parvo survive in the house with a new puppy?"), "The virus persists in the infected fish for several months.")).toEqual(["fishes"]);
    expect(otherSpeciesIn(frameOf("How lethal is fowl typhoid in a poultry flock?"), "NDV infects a wide variety of birds.")).toEqual([]);
    expect(otherSpeciesIn(frameOf("How lethal is fowl typhoid in hens?"), "NDV infects a wide variety of birds.")).toEqual([]);
    expect(otherSpeciesIn(frameOf("How lethal is fowl typhoid in hens?"), "In dogs the virus is rare.")).toEqual(["dog"]);
  });

  it("reads a disease whose name ends like no condition as one ('classical scrapie')", () => {
    expect(frameOf("How long is the incubation for classical scrapie?").conditions).toContain("scrapie");
    expect(frameOf("is surgery worth trying for stringhalt?").conditions).toContain("stringhalt");
  });

  it("reads a gliflozin as a drug", () => {
    expect(frameOf("Can velagliflozin be used in diabetic dogs, and what dose?")).toMatchObject({ drugs: ["velagliflozin"], species: ["dog"], asked: ["dose"] });
  });

  it("reads a leopard gecko as a lizard, people named by their role as humans, and 'remind me' as no topic", () => {
    expect(frameOf("Leopard gecko is struggling to shed – what should I change in the setup?").species).toEqual(["lizard"]);
    const owners = frameOf("can MRSP pass to the owners?");
    expect(owners.species).toEqual(["human"]);
    expect(searchText("can MRSP pass to the owners?", owners)).toBe("can MRSP pass to the owners? humans");
    expect(frameOf("how do farm staff usually pick it up?").species).toEqual(["human"]);
    expect(readConversation(["our kitten has ringworm", "can we catch it?"])[1]!.species).toEqual(["human"]);
    // (Getting a dose is not catching it.)
    expect(frameOf("Can we get the meloxicam dose for cats?").species).toEqual(["cat"]);
    // The owner who feeds the dog is not asked about, nor is the household whose dog is.
    expect(frameOf("What should the owner feed the dog?").species).toEqual(["dog"]);
    expect(frameOf("could the household dog catch it?").species).toEqual(["dog"]);
    expect(frameOf("can the family catch it from the dog?").species).toContain("human");
    expect(frameOf("Remind me how FIP actually arises – the internal mutation idea?").topic).not.toContain("remind");
  });

  it("reads 'when is mortality highest?' as when it peaks, not as the mortality's value, and a function word as no part of a virus's name", () => {
    const carp = frameOf("spring viremia of carp – which virus genus causes it and when is mortality highest?");
    expect(carp.asked).toContain("season");
    expect(carp.asked).not.toContain("rate");
    expect(carp.conditions).not.toContain("carp which");
    expect(frameOf("what is the mortality and when is it highest?").asked).toEqual(["rate", "season"]);
  });

  it("reads 'how many end up with neuro signs?' as the share with that finding, and 'how many have been reported?' as a count", () => {
    expect(frameOf("how many end up with neuro signs?")).toMatchObject({ attribute: "with neuro signs" });
    expect(frameOf("how many end up with neuro signs?").asked).toContain("rate");
    expect(frameOf("How many of them develop uveitis?")).toMatchObject({ asked: ["rate"], attribute: "with uveitis" });
    expect(frameOf("how many have been reported?").asked).toEqual(["count"]);
  });

  it("reads a cat by its coat shorthand (DSH), and an owner's chatter as no topic", () => {
    expect(frameOf("4yo DSH, tongue ulcers, sneezing — does calici fit?").species).toEqual(["cat"]);
    expect(frameOf("goat pox - what sort of mortality are we talking?").topic).toEqual(["mortality"]);
    expect(frameOf("my rabbit was fine yesterday, the vet thinks RHDV2").topic).toEqual([]);
  });

  it("reads 'how fast does it kill?' as how long until death", () => {
    expect(frameOf("How fast does RHDV2 kill rabbits?")).toMatchObject({ asked: ["duration"], attribute: "survival" });
  });

  it("reads 'how often do they need bathing?' as an interval, and 'how often does it occur?' as a rate", () => {
    expect(frameOf("how often do they need bathing with it for an active infection?").asked).toEqual(["interval"]);
    expect(frameOf("how often does MRSP occur in dogs?").asked).toContain("rate");
  });

  it("reads a value asked by its noun in a longer query, by its unit, or as a maximum", () => {
    expect(frameOf("incubation period for African swine fever in domestic pigs?")).toMatchObject({ asked: ["duration"], attribute: "incubation" });
    expect(frameOf("typical age of onset for GOLPP in big dogs?")).toMatchObject({ asked: ["duration"], attribute: "age" });
    expect(frameOf("what IOP in mmHg counts as glaucoma in a horse?").asked).toContain("quantity");
    expect(frameOf("what humidity % should the vivarium be for a leopard gecko?").asked).toContain("quantity");
    expect(frameOf("max blood volume I can safely take from a sick corn snake?").asked).toContain("quantity");
    // A statement of a case with no verb asks no value.
    expect(frameOf("dogs vomiting after eating chocolate in the evening?").asked).toEqual([]);
  });

  it("reads 'how often are boosters?' as an interval", () => {
    expect(frameOf("when do pups need their CAV jab and how often are boosters?").asked).toContain("interval");
  });

  it("asks no value of a yes/no question whose question word only opens what it asks about", () => {
    expect(frameOf("Does hard training change how fast a racing gelding clears drugs?").asked).not.toContain("duration");
    expect(frameOf("How fast does a racing gelding clear flunixin?").asked).toContain("duration");
  });

  it("does not ask for a place or breed only the case names, but does for one its question names", () => {
    expect(frameOf("A 4-year-old Suffolk ewe shows itching with wool loss, tremor and an altered gait. How long is the preclinical period?").names).toEqual([]);
    expect(frameOf("3yo podenco imported from Spain: fever, severe weakness, red urine. Could this be canine theileriosis?").names).toEqual([]);
    expect(frameOf("We keep Suffolk ewes. Are Suffolk sheep more resistant to scrapie?").names).toEqual(["Suffolk"]);
    expect(frameOf("Are Suffolk sheep more resistant to scrapie?").names).toEqual(["Suffolk"]);
  });

  it("reads a case's signalment (sex, coat, a horse's breed) as no abbreviation of a subject", () => {
    expect(frameOf("4yo MN DSH from a shelter - sneezing and ulcers on the tongue. What are the usual culprits?").acronyms).toEqual([]);
    expect(frameOf("3yo FS podenco: fever and red urine. Could this be theileriosis?").acronyms).toEqual([]);
    expect(frameOf("Onc handover: 9yo FE bitch, 3cm caudal mammary mass. What fraction of canine mammary tumours are malignant?").acronyms).toEqual([]);
    const gelding = frameOf("8yo TB gelding on IV antibiotics, now profuse diarrhoea. C. diff?");
    expect(gelding.acronyms).toEqual([]);
    expect(gelding.species).toEqual(["horse"]);
    expect(frameOf("How is TB spread between badgers and cattle?").acronyms).toEqual(["TB"]);
  });

  it("reads the species a question compares with as not asked about ('how does it compare to the sheep figures?')", () => {
    const frame = frameOf("Hydatid (E. granulosus) prevalence in goats in southern Italy - how does it compare to the sheep figures?");
    expect(frame.species).toEqual(["goat"]);
    expect(frame.asked).toContain("rate");
  });

  it("reads a named period as a span asked ('prepatent period'), '% dead' as a share, and when signs 'ease' as their resolution", () => {
    expect(frameOf("What's the prepatent period of Haemonchus contortus in lambs?")).toMatchObject({ asked: ["duration"], attribute: "prepatent" });
    expect(frameOf("fip prognosis % dead within 1 yr").asked).toContain("rate");
    expect(frameOf("what humidity % should a leopard gecko vivarium have?").asked).not.toContain("rate");
    expect(frameOf("Calicivirus is confirmed in the kittens. When do the clinical signs usually ease?")).toMatchObject({ attribute: "resolution" });
    expect(frameOf("how long till she's over it?")).toMatchObject({ asked: ["duration"], attribute: "resolution" });
    expect(frameOf("Calicivirus is confirmed in the kittens. When do the clinical signs usually ease?").asked).toContain("duration");
  });

  it("reads a time point in gestation as no span, a multiple ('how many times the 9th rib') as no interval, and 'gap between' as one", () => {
    expect(frameOf("how do PI calves arise in BVD - noncytopathic strain, early or late in gestation?").asked).not.toContain("duration");
    expect(frameOf("How long is gestation in alpacas?")).toMatchObject({ asked: ["duration"], attribute: "gestation" });
    expect(frameOf("heartworm rads: caudal lobar arteries > how many times the 9th rib?").asked).not.toContain("interval");
    expect(frameOf("How many times should I repeat the ivermectin?").asked).toContain("interval");
    expect(frameOf("bluetongue vaccine in cattle: how many doses, and what gap between them?").asked).toContain("interval");
    // (How many times something happened is a count, not how often to do it.)
    expect(frameOf("how many times is pdm09 H1N1 thought to have gone back from people into pigs worldwide?").asked).not.toContain("interval");
  });

  it("reads 'single gene diseases' as diseases asked for, not a gene, and 'come through it' as the outlook", () => {
    expect(frameOf("what single gene diseases should i know about in quarter horses?").asked).not.toContain("gene");
    expect(frameOf("Which gene is mutated in HYPP?").asked).toContain("gene");
    // (A kind of gene is no gene's name: "a fast-response gene" answers it.)
    expect(frameOf("What sort of gene encodes COX-2?").asked).not.toContain("gene");
    expect(frameOf("What type of genes are involved?").asked).not.toContain("gene");
    expect(frameOf("She's a bit yellow, feverish and has been sick a couple of times. Do they usually come through it?").asked).toContain("prognosis");
  });

  it("reads 'which genotype', 'which serotype' as a type's label asked, and 'how many genotypes' as a count", () => {
    expect(frameOf("The ASF virus that came into the Caucasus in 2007 - which p72 genotype was it?").asked).toEqual(["type"]);
    expect(frameOf("which capsular serotype of Pasteurella multocida is usually behind duck fowl cholera?").asked).toContain("type");
    expect(frameOf("How many genotypes of HEV are there?").asked).not.toContain("type");
  });

  it("reads 'whereabouts on the wing' as asking where", () => {
    expect(frameOf("ok and whereabouts on the wing exactly do i put the needle in").asked).toContain("location");
  });

  it("reads 'where on the body' as asking a place on the body, not 'where is it found'", () => {
    const onBody = frameOf("Where on the body do alopecia areata lesions typically appear in dogs?");
    expect(onBody.asked).toContain("location");
    expect(onBody.attribute).toBe(BODY_SITE_ATTRIBUTE);
    expect(frameOf("Which parts of the body are affected by alopecia areata in horses?").attribute).toBe(BODY_SITE_ATTRIBUTE);
    expect(frameOf("Where is Babesia divergens found?").attribute).toBeNull();
  });

  it("reads 'how many feral swine are there?' as counting the animals there are, not a share of them affected", () => {
    expect(frameOf("Roughly how many feral swine are there in the US in total?")).toMatchObject({ asked: ["count"], attribute: "population of feral swine" });
    // (Or by their population named: "…the current estimate of the total feral swine population?")
    expect(frameOf("What's the current estimate of the total feral swine population in the US, and how many of them are in Texas?").attribute).toMatch(/^population of .*feral swine$/);
    expect(frameOf("How many cats get it?").asked).toEqual(["rate"]);
    expect(frameOf("Totally different - how many bovine papillomavirus types are there now?").attribute).not.toMatch(/^population/);
  });

  it("reads 'what ends up killing them?' as asking what causes their death", () => {
    expect(frameOf("what ends up killing them?").asked).toEqual(["cause"]);
    expect(frameOf("What do they usually die of?").asked).toEqual(["cause"]);
    expect(frameOf("How fast does RHDV2 kill rabbits?").asked).not.toContain("cause");
  });

  it("reads a drug the case only states as no drug of the frame where the question names a class of drugs", () => {
    const sglt2 = frameOf("Diabetic cat, and the owner won't inject insulin twice daily. Which SGLT2 inhibitors can cats be given?");
    expect(sglt2.drugs).toEqual([]);
    expect(sglt2.acronyms).toEqual(["SGLT2"]);
    // (The follow-up carries none either; a case's drug asked of again, or with no class named, is kept.)
    expect(readQuestion("and how do they work?", sglt2).drugs).toEqual([]);
    expect(frameOf("Diabetic cat on insulin twice daily. Can insulin be given with SGLT2 inhibitors?").drugs).toEqual(["insulin"]);
    expect(frameOf("Diabetic cat on insulin twice daily. How long until she is stable?").drugs).toEqual(["insulin"]);
  });

  it("reads 'how do they work?' as asking how they act, not how well", () => {
    expect(frameOf("how do they work again?").asked).toEqual(["cause"]);
    expect(frameOf("How does ivermectin actually work?").asked).toEqual(["cause"]);
    expect(frameOf("How well does it work?").asked).not.toContain("cause");
  });

  it("reads drugs named alone ('post-op meds and for how long?') as drugs asked of at large, and when stitches come out as a span", () => {
    const dose = readQuestion("what dose of xylazine?", frameOf("How should I sedate and block the eye for an enucleation?"));
    const meds = readQuestion("ok. post-op meds and for how long?", dose);
    expect(meds.asked).toEqual(expect.arrayContaining(["drug", "duration"]));
    expect(meds.drugs).toEqual([]);
    // (The meds pointed at are the drug spoken of.)
    expect(readQuestion("and how long do the meds need to continue?", dose).drugs).toEqual(["xylazine"]);
    expect(frameOf("what meds for a cat with a cold?").asked).toContain("drug");
    expect(frameOf("and when do the stitches come out?").asked).toEqual(["duration"]);
    expect(frameOf("When should the sutures be removed?").asked).toEqual(["duration"]);
    expect(frameOf("When do the testes descend?").asked).not.toContain("duration");
  });

  it("reads a term quoted just before a question saying 'it' as what that question asks of", () => {
    const q = "Adult cat just came up FeLV antigen positive on a snap test. The owner asked what 'progressive infection' means. How do I explain it, and how common is it among infected cats?";
    expect(quotedTermAsked(q)).toBe("progressive infection");
    expect(frameOf(q).askedTopic).toEqual(expect.arrayContaining(["progressive", "infection"]));
    // (Not an apostrophe, nor where the question names its own thing.)
    expect(quotedTermAsked("The owner's dog is coughing. Is it kennel cough?")).toBe("");
    expect(quotedTermAsked("The lab wrote 'regressive'. Is FeLV regressive infection common?")).toBe("");
  });

  it("reads what was relayed before a question that only asks for help", () => {
    const relayed = "We run a small stud in KwaZulu-Natal. New groom asked me if African horse sickness passes horse to horse like flu - I said no but couldn't explain how it does spread. Can you help?";
    expect(frameOf(relayed).asked).toContain("transmission");
    expect(askingClause(relayed)).toMatch(/^if African horse sickness passes horse to horse/);
  });

  it("reads 'a bit yellow' and 'feverish' as signs", () => {
    expect(frameOf("She's a bit yellow, feverish and has been sick a couple of times.").signs).toEqual(expect.arrayContaining(["jaundice", "pyrexia"]));
  });

  it("searches one sign by its clinical name where a question after it asks its cause, not where it asks why it matters", () => {
    const regurgitates = "I breed German shepherds and one pup in the current litter keeps bringing food back up, no retching, it just slides out undigested. What's the usual cause of that in dogs?";
    expect(signsSearchText(regurgitates, frameOf(regurgitates))).toContain("regurgitation");
    const shed = "My leopard gecko has bits of old skin stuck round her toes after a bad shed. Why does that matter?";
    expect(signsSearchText(shed, frameOf(shed))).toBeNull();
  });

  it("reads 'looks like alopecia areata' as what it may be, not what it is compared with", () => {
    expect(comparedOnlyWords("Patchy hair loss on a goat, looks like alopecia areata. Is it described in goats?")).toEqual([]);
    expect(comparedOnlyWords("do they cycle like ewes?")).toContain("ewes");
  });

  it("reads 'What actually is FIP?' and 'what's parvo?' as asking what it is", () => {
    expect(frameOf("the vet said it might be FIP. What actually is FIP?").asked).toEqual(["definition"]);
    expect(frameOf("what's parvo?").asked).toEqual(["definition"]);
  });

  it("reads 'how often should I expect X' as how common X is, not 'how often should I expect to repeat it'", () => {
    expect(frameOf("How often should I expect hydatid cysts in cattle down there compared with up north?").asked).toEqual(expect.arrayContaining(["rate"]));
    expect(frameOf("How often should I expect hydatid cysts in cattle down there compared with up north?").asked).not.toContain("interval");
    expect(frameOf("How often should I expect to repeat the dose?").asked).toContain("interval");
    expect(frameOf("How often should we worm the lambs?").asked).toEqual(["interval"]);
  });

  it("reads 'what is it and what causes it?' as asking what it is and the rest, not 'what is the dose and how often?'", () => {
    expect(frameOf("Had a lecture mention SFTS - what is it and what causes it?").asked).toEqual(expect.arrayContaining(["definition", "cause"]));
    expect(frameOf("What is bluetongue, and how is it spread?").asked).toEqual(expect.arrayContaining(["definition", "transmission"]));
    expect(frameOf("What is the dose and how often is it given?").asked).not.toContain("definition");
  });

  it("reads 'what survival should we quote' as a span, 'what survival rate' as a share", () => {
    expect(frameOf("For the FeLV info sheet - what survival should we quote to owners after a positive diagnosis?").asked).toContain("duration");
    expect(frameOf("What survival rate should we quote for FeLV?").asked).not.toContain("duration");
  });

  it("reads 'is it really catching like that?' as how it passes", () => {
    expect(frameOf("my instructor says it's flu - is it really catching like that?").asked).toContain("transmission");
  });

  it("reads 'which months' as a season asked that the passages must give, and 'what sets it off' as the cause", () => {
    expect(frameOf("Which months of the year is tick fever at its worst in cattle?").asked).toEqual(["season"]);
    expect(frameOf("and in snakes, what usually sets it off?").asked).toContain("cause");
  });

  it("reads 'how long before we'd know if she's caught it' as the incubation, and 'how long does the vaccine protection last' as of protection", () => {
    expect(frameOf("our other one seems fine. how long before we'd know if she's caught it?")).toMatchObject({ asked: ["duration"], attribute: "incubation" });
    expect(frameOf("how soon would he show signs?")).toMatchObject({ attribute: "incubation" });
    expect(frameOf("How long does RHDV2 vaccine protection last in pet rabbits?")).toMatchObject({ attribute: "protection" });
  });

  it("reads what the asker is writing ('For the discharge sheet -', 'for the FeLV info sheet -') as no topic, keeping a name", () => {
    expect(withoutChatter("For the discharge sheet - bluetongue vaccine in cattle: how many doses?")).toBe("bluetongue vaccine in cattle: how many doses?");
    expect(withoutChatter("For the FeLV info sheet - what survival should we quote?")).toBe("FeLV: what survival should we quote?");
    expect(withoutChatter("For the outcome section - how often is C. diff colitis fatal in horses?")).toBe("how often is C. diff colitis fatal in horses?");
    expect(withoutChatter("For the sitrep - what is the incubation period of bluetongue?")).toBe("what is the incubation period of bluetongue?");
    // Punctuation said aloud to voice dictation is punctuation.
    expect(withoutChatter("cow with a swollen jaw comma what causes it question mark")).toBe("cow with a swollen jaw, what causes it?");
    expect(withoutChatter("comma-shaped rods in calf scour - Campylobacter?")).toBe("comma-shaped rods in calf scour - Campylobacter?");
    // (A discharge asked about stays.)
    expect(withoutChatter("Is nasal discharge a sign of strangles?")).toBe("Is nasal discharge a sign of strangles?");
  });

  it("finds abbreviations the question defines", () => {
    expect(definedAbbreviations("the taxonomy of Duck Tembusu virus (DTMUV) and of South American camelids (SACs)")).toEqual([
      { abbreviation: "DTMUV", words: ["duck", "tembusu", "virus"] },
      { abbreviation: "SACs", words: ["south", "american", "camelids"] },
    ]);
  });

  it("reads the long form from the words just before the parenthesis: across quotation marks, within eight words, not across other marks", () => {
    expect(definedAbbreviations('so-called "rat tail syndrome" (RTS) in pigs')).toEqual([{ abbreviation: "RTS", words: ["rat", "tail", "syndrome"] }]);
    expect(definedAbbreviations("Borderline oxacillin-resistant S. aureus (BORSA) is another phenotype")).toEqual([{ abbreviation: "BORSA", words: ["borderline", "oxacillin-resistant", "s.", "aureus"] }]);
    expect(definedAbbreviations("in one of nine long words before the feline leukaemia virus (FeLV) test")).toEqual([{ abbreviation: "FeLV", words: ["feline", "leukaemia", "virus"] }]);
    // (A word joined to marks before it starts after them; a parenthesis ends the words before the next.)
    expect(definedAbbreviations("(see bovine viral diarrhoea (BVD)")).toEqual([{ abbreviation: "BVD", words: ["bovine", "viral", "diarrhoea"] }]);
    expect(definedAbbreviations("Peste des petits ruminants (PPR) (Kata)")).toEqual([{ abbreviation: "PPR", words: ["peste", "des", "petits", "ruminants"] }]);
    expect(definedAbbreviations("no space before(ABC) nor any words (DEF)")).toEqual([]);
  });

  it("pairs an abbreviation a question writes apart from the words it spells ('Toll-like receptors … which TLRs'), in a question only", () => {
    const question = "How does sensing of viral RNA by Toll-like receptors differ between birds and mammals - which TLRs do birds actually use?";
    expect(frameOf(question).aliases).toContainEqual({ abbreviation: "TLRs", words: ["toll", "like", "receptors"] });
    // (Not by words of which one is a function word, nor in a passage's text, where chance would pair them.)
    expect(frameOf("Is ALT raised at least two times in cats?").aliases).toEqual([]);
    expect(definedAbbreviations(question)).toEqual([]);
  });
});

describe("a case told by its signs", () => {
  const CASE = "My 8-month-old dog brings his food back up a few minutes after eating - no heaving, it just sort of slides out - and he's getting skinny.";

  it("reads the signs by their clinical names, shows them, and searches for them with the species alone", () => {
    const frame = frameOf(CASE);
    expect(frame.signs).toEqual(["regurgitation", "weight loss"]);
    expect(frameLabel(frame)).toBe("dogs · regurgitation, weight loss");
    expect(signsSearchText(CASE, frame)).toBe("regurgitation weight loss dogs");
  });

  it("searches a follow-up with the case's signs and its own words, and shows what it carried", () => {
    const frames = readConversation([CASE, "and in cats?"]);
    const cats = frames[1]!;
    expect(cats).toMatchObject({ species: ["cat"], signs: ["regurgitation", "weight loss"] });
    expect(cats.inherited).toContain("signs");
    expect(searchText("and in cats?", cats)).toContain("regurgitation");
    // (Its own search carries them: no second search.)
    expect(signsSearchText("and in cats?", cats)).toBeNull();
    expect(frameLabel(cats)).toBe("cats · regurgitation, weight loss (from the previous question: regurgitation, weight loss)");
  });

  it("is no case when it names what it is about, or tells one sign only", () => {
    const named = "My dog brings his food back up and is getting skinny. Could this be megaoesophagus?";
    expect(signsSearchText(named, frameOf(named))).toBeNull();
    const oneSign = "My dog brings his food back up after walks, why?";
    expect(signsSearchText(oneSign, frameOf(oneSign))).toBeNull();
  });
});

describe("follow-ups", () => {
  it("reads 'while I've got you -' as a switch of topic, and 'if one goes to slaughter' as one of the animals spoken of", () => {
    const mites = readConversation(["Ferret with green slimy diarrhoea - what is it?", "while I've got you - that snake skin scrape from Tuesday: tiny dark red mites under the scales. Which mite is that?"]);
    expect(mites[1]).toMatchObject({ species: ["snake"], inherited: [] });
    const slaughter = readConversation(["Why are we doing all this TB testing on the herd?", "if one goes to slaughter, where would we expect to see lesions?"]);
    expect(slaughter[1]!.inherited).toContain("acronyms");
    expect(slaughter[1]!.acronyms).toEqual(["TB"]);
  });

  it("reads a crossbreed's name as its species ('my labradoodle')", () => {
    expect(frameOf("My labradoodle keeps getting yeasty, smelly paws. What sort of shampoo should I be buying?").species).toEqual(["dog"]);
  });

  it("reads 'be back to normal' as no switch of topic: the ferret spoken of is still the one asked about", () => {
    const [, next] = readConversation(["our ferret's got bright green slimy poo and he was sick yesterday", "how soon will he be back to normal?"]);
    expect(next).toMatchObject({ species: ["ferret"], asked: ["duration"] });
    expect(next!.inherited).toContain("species");
    // Going back to something said before still opens a new reading of it.
    expect(readConversation(["Scrapie. What's the molecular hallmark of infection?", "Back to the horses: what spreads African horse sickness?"])[1]!.inherited).toEqual([]);
  });

  it("reads 'what about the rabbit - can she catch it off the cats?' as asking of the rabbit", () => {
    expect(frameOf("what about the rabbit - can she catch it off the cats?").species).toEqual(["rabbit", "cat"]);
    // (A statement before the dash still leaves the question to ask of its own species.)
    expect(frameOf("Velagliflozin is licensed for cats — is any SGLT2 inhibitor approved for horses?").species).toEqual(["horse"]);
  });

  it("counts the plural noun that ends 'how many …' ('classical swine fever outbreaks', 'serovars of H. parasuis')", () => {
    expect(frameOf("How many classical swine fever outbreaks did Japan report in 2018?")).toMatchObject({ asked: ["count"], attribute: "outbreaks" });
    expect(frameOf("How many serovars of Haemophilus parasuis are there, and which are the nasty ones?").attribute).toBe("serovars");
  });

  it("reads 'what temperature…?' as asking a temperature", () => {
    expect(frameOf("What temperature kills the virus in pork?")).toMatchObject({ asked: ["quantity"], attribute: "temperature" });
  });

  it("reads a molecular weight, or a size in kDa, as asking a molecule's mass", () => {
    expect(frameOf("What's the molecular weight of APP in kDa?")).toMatchObject({ asked: ["quantity"], attribute: "molecular size" });
    expect(frameOf("What is the molecular mass of RANTES?").attribute).toBe("molecular size");
    // ("How big" asks a size, which for a molecule is given in its units: coverage takes "8 kDa" for RANTES.)
    expect(frameOf("roughly how big is mammalian RANTES?").attribute).toBe("size");
  });

  it("reads a normal limit, a breakpoint or a cut-off as a bound asked", () => {
    expect(frameOf("What oxacillin MIC breakpoint do labs use to call a canine S. pseudintermedius isolate MRSP?")).toMatchObject({ asked: ["quantity"], attribute: "bound" });
    expect(frameOf("what's the normal upper limit for RBCs per hpf in canine urine?")).toMatchObject({ asked: ["quantity"], attribute: "bound" });
    expect(frameOf("How far can it travel on the wind?").attribute).toBe("distance");
  });

  it("reads 'do they get it as often?' as asking how common, not the year asked before", () => {
    const frames = readConversation(["Scrapie. What's the molecular hallmark of infection?", "what's atypical scrapie and when was it first picked up?", "is that the same in goats - do they get it as often?"]);
    expect(frames[2]).toMatchObject({ species: ["goat"], asked: ["rate"], attribute: "how common" });
    expect(frameOf("Is it as common in horses?").asked).toEqual(["rate"]);
    expect(frameOf("can I give it as often as needed?").asked).not.toContain("rate");
  });


  it("reads a case told by its signs with the pathogen its answer puts forward first, for the follow-up's 'it'", () => {
    const kitten = frameOf("Our new kitten has little sores on her tongue, keeps sneezing and has gunky eyes. What's going on?");
    const answered = withAnswersSubject(kitten, "In addition, oral ulcerations are often observed in cats with FCV infection, and dendritic corneal ulcers can occur in cats infected with FHV-1. [1]\n\n**Also in the cited passages:**");
    expect(answered).toMatchObject({ acronyms: ["FCV"], pathogens: [] });
    expect(readQuestion("can the dog catch it?", answered)).toMatchObject({ species: ["dog"], acronyms: ["FCV"] });
    // "Catch it" after a question that named no disease is the disease last spoken of.
    const flu = readConversation(["how far can equine flu travel between yards?", "what booster interval do competition horses need?", "can the dogs on the yard catch it?"]);
    expect(flu[2]).toMatchObject({ species: ["dog"], conditions: ["equine flu"] });
    // Another animal with a condition of its own is another case, though it says "this morning".
    const kennels = readConversation(["8-month-old kitten, febrile, belly swollen with fluid. FIP top of the list?", "ok, and the dog in kennel 3 - hit by a car this morning, breathing fast and shallow. pneumothorax likely?"]);
    expect(kennels[1]).toMatchObject({ species: ["dog"], conditions: ["pneumothorax"], acronyms: [], inherited: [] });
    // So is what lasts "in my yard", after a question on what to clean with.
    const parvo = readConversation(["is this parvo? how bad is it", "wat do i clean with, is bleach ok n how strong", "how long can it hang about in my yard then"]);
    expect(parvo[2]).toMatchObject({ conditions: ["parvo"] });
    // An abbreviation of unrelated meanings ("CSF": cerebrospinal fluid, classical swine fever) is read beside what was
    // spoken of; what a follow-up naming a thing asks is its own.
    const fip = frameOf("What proportion of FIP cats have neuro involvement?");
    expect(readQuestion("neuro case - what would CSF show?", fip)).toMatchObject({ species: ["cat"], acronyms: ["FIP", "CSF"] });
    expect(readQuestion("what CSF findings would you expect?", fip).asked).not.toContain("rate");
    // So is a case told by one sign whose cause was asked: the condition the answer's lead gives as its cause.
    const regurgitating = frameOf("One pup in the litter keeps bringing food back up, no retching. What's the usual cause of that in dogs?");
    const caused = withAnswersSubject(regurgitating, "Idiopathic megaesophagus is the most common cause of regurgitation in the dog. [1]");
    expect(caused).toMatchObject({ conditions: ["megaesophagus"] });
    expect(readQuestion("do cats get it as well?", caused)).toMatchObject({ species: ["cat"], conditions: ["megaesophagus"] });
    // Findings the answer lists are no diagnosis, and a question that names its subject keeps it.
    expect(withAnswersSubject(kitten, "Typical signs include fever, hyperaemia or cyanosis of the extremities and vomiting. [1]")).toBe(kitten);
    // A lead naming nothing is about what the sentences quoted beside it from the same passage name (not another's).
    const pigs = frameOf("Pig farmer here - growers with high temperatures, purple ears, a few vomiting, and two sows have aborted.");
    const lead = "In its acute form, typical clinical signs can include fever, cyanosis of the extremities and vomiting. [1]\n\n**Also in the cited passages:**\n\n";
    expect(withAnswersSubject(pigs, `${lead}- Porcine circovirus (PCV2) is widespread. [2]\n- Classical swine fever (CSF) is a highly contagious disease of pigs. [1]`)).toMatchObject({ acronyms: ["CSF"] });
    expect(withAnswersSubject(pigs, `${lead}- Porcine circovirus (PCV2) is widespread. [2]`)).toBe(pigs);
    // (Or the disease such a sentence opens on as its subject; not one it names in passing.)
    expect(withAnswersSubject(pigs, `${lead}- Classical swine fever is a highly contagious disease of pigs. [1]`)).toMatchObject({ conditions: ["classical swine fever"] });
    expect(withAnswersSubject(pigs, `${lead}- Outbreaks resembled classical swine fever. [1]`)).toBe(pigs);
    // So is a question asking what causes a thing no vocabulary names, where the lead speaks of that thing (by its words or
    // their initials); not where it speaks of another.
    const warts = frameOf("What causes warts like that in cattle?");
    expect(withAnswersSubject(warts, "Bovine papillomavirus infect basal epithelial cells leading to the formation of tumours known as papillomas or warts. [1]", "What causes warts like that in cattle?").pathogens).toEqual(["papillomavirus"]);
    const salmon = frameOf("The salmon farms keep reporting pancreas disease. What causes it?");
    expect(withAnswersSubject(salmon, "Bacterial gill disease (BGD) is a common disease of cultured fish. [1]", "The salmon farms keep reporting pancreas disease. What causes it?")).toBe(salmon);
    const named = frameOf("Is meloxicam safe in cats?");
    expect(withAnswersSubject(named, "Feline calicivirus (FCV) causes oral ulcers. [1]")).toBe(named);
    // A question asking for a disease by kind, naming none, is answered by the one the answer names.
    const breeding = "Breeding our Arabian mare next year. Is there a genetic disease we should screen for?";
    const screened = withAnswersSubject(frameOf(breeding), "Arabian horses are prone to severe combined immunodeficiency (SCID). [1]", breeding);
    expect(screened.acronyms).toEqual(["SCID"]);
    expect(readQuestion("how is it inherited?", screened).acronyms).toEqual(["SCID"]);
  });

  it("reads a new animal's case as its own though it happens 'as well', and one sign asked after by what its answer names", () => {
    const ducklings = readConversation([
      "My goats have a fever and scabby pox lumps all over them, the vet thinks goat pox. How bad can it get?",
      "The ducklings on the pond are dying now as well, all under two weeks old, heads thrown right back when they go. What would do that?",
    ])[1]!;
    expect(ducklings).toMatchObject({ species: ["duck"], inherited: [] });
    const answered = withAnswersSubject(ducklings, "Opisthotonos posturing occurs in dead ducklings. [1]\n\n**Also in the cited passages:**\n\n- Duck hepatitis A virus 3 (DHAV-3) is a threat to the duck industry. [1]");
    expect(readQuestion("is it only that one virus or can others cause it?", answered)).toMatchObject({ acronyms: ["DHAV-3"] });
  });

  it("reads a question with a subject and a species of its own, neither spoken of before, as a new topic", () => {
    const [, regurgitation] = readConversation(["goat pox - what sort of mortality are we talking?", "most common cause of regurgitation in a dog?"]);
    expect(regurgitation).toMatchObject({ species: ["dog"], conditions: [], inherited: [] });
    // The same word again is the same topic: a follow-up about another species.
    const [, cats] = readConversation(["most common cause of regurgitation in a dog?", "regurgitation in cats?"]);
    expect(cats!.inherited).not.toEqual([]);
    // So is a sign asked of the species spoken of before: it carries nothing of the question before.
    const [, , sameSpecies] = readConversation(["Which mosquitoes transmit Dirofilaria?", "where do repens adults live in dogs?", "commonest cause of regurgitation in a dog?"]);
    expect(sameSpecies).toMatchObject({ species: ["dog"], topic: ["regurgitation"], inherited: [] });
  });

  it("reads a short yes/no question with no subject or species, and one on 'the last case', as follow-ups", () => {
    const [, breeds] = readConversation(["Goat pox suspected in a herd — how bad can it get?", "are local breeds any tougher?"]);
    expect(breeds).toMatchObject({ conditions: ["goat pox"] });
    expect(breeds!.inherited).toContain("conditions");
    const [, lockdown] = readConversation(["what does equine flu look like in a naive horse?", "how many days should the yard stay locked down after the last case?"]);
    expect(lockdown).toMatchObject({ conditions: ["equine flu"] });
    // A longer one with a topic of its own stands alone.
    expect(readConversation(["Goat pox suspected in a herd — how bad can it get?", "is surgery alone curative for subcutaneous mast cell tumours?"])[1]!.inherited).toEqual([]);
    // "The site" is the one just spoken of; "sorry, …" goes on in the same talk, unless it names a subject of its own.
    const [, swab] = readConversation(["What's the easiest vein to get blood from in a frog?", "can I just swab the site with alcohol first like normal?"]);
    expect(swab).toMatchObject({ species: ["frog"] });
    expect(swab!.inherited).toContain("topic");
    const [, scope] = readConversation(["Is a Wood's lamp worth using for suspected ringworm in a kitten?", "sorry, what am I actually looking for under the scope?"]);
    expect(scope).toMatchObject({ species: ["cat"] });
    expect(scope!.topic).not.toContain("sorry");
    expect(readConversation(["What sets broilers up for necrotic enteritis?", "sorry, what kind of bug is C. perfringens again?"])[1]!.inherited).toEqual([]);
  });

  it("reads a follow-up naming lice, fleas or mites as asking of them, carrying no disease spoken of before", () => {
    const [, , lice] = readConversation(["Our young broiler chicks are pale and the thymus looks shrunken. Could it be chicken infectious anaemia?", "Can the breeder hens pass it on through the egg?", "We also found lice on the breeder hens - do they hurt laying?"]);
    expect(lice!.conditions).toEqual([]);
    expect(lice!.inherited).not.toContain("conditions");
    // (A follow-up pointing back is still asked of what came before: "do they" of the lice.)
    const [, laying] = readConversation(["We found lice on the breeder hens - how long is their life cycle?", "do they hurt laying?"]);
    expect(laying!.inherited).toContain("topic");
  });

  it("reads 'look like', 'properly' and 'ill' as no topic of a follow-up", () => {
    expect(frameOf("what do they look like on PM?").topic).toEqual([]);
    expect(frameOf("can they make it properly ill?").topic).toEqual([]);
  });

  it("reads a question with a species and a topic of its own, pointing back to nothing, as a new topic whatever it opens with", () => {
    const [, snake] = readConversation(["my 3 yr old lab has stinky breath, is gum disease common at that age?", "Also, got a corn snake in with tiny red-black dots under the scales — mites?"]);
    expect(snake).toMatchObject({ species: ["snake"], inherited: [] });
    // Pointing back, it follows on.
    const [, goats] = readConversation(["What causes pink eye in sheep?", "also, can the goats next door catch it?"]);
    expect(goats!.inherited).not.toEqual([]);
    // A pronoun after the case the question tells first points to that case.
    const [, dragon] = readConversation([
      "Dog back from north-west Spain, febrile and anaemic. Could this be Theileria annae?",
      "Bearded dragon - agamid with crusty proliferative swelling round the lips. Which bacterium does that in agamids?",
    ]);
    expect(dragon).toMatchObject({ species: ["lizard"], names: [], inherited: [] });
    const [, shrimp] = readConversation(["Fat cob with a cresty neck - thinking EMS. Which risk factor matters most?", "White faecal strings floating in a vannamei pond at about day 50 - what's behind that?"]);
    expect(shrimp).toMatchObject({ species: ["shrimp"], inherited: [] });
  });

  it("carries what the question asked, not the case it described first", () => {
    const [, goats] = readConversation(["Half my ewes have runny, squinty eyes and a few have gone cloudy. What causes pink eye in sheep?", "can the goats next door catch it off them?"]);
    expect(goats).toMatchObject({ species: ["goat"], topic: ["pink", "eye"] });
  });

  it("carries the case itself when its question asked nothing of its own ('…green slimy poo. What is it?' then 'prognosis?')", () => {
    const [, prognosis] = readConversation(["My ferret went off her food and now she's doing bright green slimy poo. What is it?", "prognosis?"]);
    expect(prognosis).toMatchObject({ species: ["ferret"], asked: ["prognosis"], topic: expect.arrayContaining(["green", "slimy"]) });
    // A case that names what it is about carries that, not the case's words.
    const [, calici] = readConversation(["9yo DSH, angry red proliferative tissue lateral to the palatoglossal folds. FCGS?", "is calici behind it?"]);
    // (The pathogen it asks of is its own: "calici".)
    expect(calici).toMatchObject({ acronyms: ["FCGS"], pathogens: ["calicivirus"] });
  });

  it("reads the diagnosis a case puts forward as the condition asked about", () => {
    const bluetongue = "Couple of my cows have sore, crusty mouths and a calf was born blind. Neighbour says bluetongue — what spreads it?";
    expect(suspectedDiagnosis(bluetongue)).toBe("bluetongue");
    expect(frameOf(bluetongue).conditions).toContain("bluetongue");
    expect(suspectedDiagnosis("A 10-week-old pup is vomiting and her littermates are ill too. Parvo?")).toBe("Parvo");
    expect(suspectedDiagnosis("Could this be that new haemorrhagic virus?")).toBe("new haemorrhagic virus");
    // (Which is no condition's name.)
    expect(frameOf("Two rabbits dropped dead overnight. Could this be that new haemorrhagic virus?").conditions).toEqual([]);
    // The case's signs are what it is told by: the diagnosis it puts forward is the condition asked about.
    expect(frameOf("We've got a 10-week-old pup vomiting with bloody diarrhoea, and her littermates are ill too. Parvo?").conditions).toEqual(["parvo"]);
    // Nor is what a case asks of itself ("related?", "zoonotic?").
    expect(frameOf("My old Lab's breathing is noisy. He's a bit wobbly behind too - related?").conditions).toEqual([]);
    expect(frameOf("Our ducks are dropping dead with bloody droppings - zoonotic?").conditions).toEqual([]);
    // Nor what it asks for ("Numbers?").
    expect(frameOf("Owner of a parvo puppy wants to know how many untreated pups die. Numbers?").conditions).toEqual(["parvo"]);
    // Nor whether something can be done ("Dissolution diet feasible?"); a greeting is no topic, and parvo is a disease.
    expect(frameOf("Handover: 8yo MN DSH, struvite uroliths on rads. Dissolution diet feasible?").conditions).toEqual([]);
    expect(frameOf("hi, our puppy has bloody diarrhoea and another pup from the litter had parvo... is that bad?")).toMatchObject({ conditions: expect.arrayContaining(["parvo"]) });
    expect(frameOf("hello, my cat keeps going in and out of the litter tray").topic).not.toContain("hello");
    expect(frameOf("smallholder here, my cat has coronavirus and most cats have it, is that true?").topic).toEqual([]);
    expect(frameOf("Onc handover: what fraction of canine mammary tumours are malignant?").topic).not.toContain("handover");
    // "Is that bad?" asks what it means for the animal; "hiya", "they're saying", "mine" say nothing of the topic.
    expect(frameOf("the vet said our kitten has calicivirus - is that bad?").asked).toEqual(["prognosis"]);
    expect(frameOf("How serious is it if pullorum gets into the flock?").asked).toContain("prognosis");
    // (Or of an age, a species, or nothing more: "Calici? How serious at this age?")
    expect(frameOf("litter of four kittens about 6 weeks old, drooling, ulcers on their tongues. Calici? How serious at this age?").asked).toContain("prognosis");
    expect(frameOf("how serious?").asked).toContain("prognosis");
    expect(frameOf("How serious a problem is lameness in dairy herds?").asked).not.toContain("prognosis");
    expect(frameOf("Is that bad news for the flock or is that a myth?").asked).not.toContain("prognosis");
    expect(frameOf("Hiya, my neighbour's rabbits all died suddenly and they're saying RHD2. Is that bad for mine?")).toMatchObject({ topic: [], asked: ["prognosis"] });
    expect(readConversation(["our puppy has parvo", "so what do we do?"])[1]).toMatchObject({ conditions: ["parvo"], asked: ["treatment"] });
    // "Tx" is treatment; "vector known?" asks which one it is, not the dose asked before; a place is no subject of its own.
    const [tx, , vector, asia] = readConversation(["Dog back from Galicia, PCR says Theileria annae. What's the tx of choice?", "doses?", "vector known?", "seen in Asia at all?"]);
    expect(tx!.asked).toEqual(["treatment"]);
    expect(vector!.asked).toEqual(["organism"]);
    expect(asia).toMatchObject({ pathogens: ["Theileria annae"], places: ["Asia"] });
    expect(asia!.inherited).toContain("pathogens");
    // "Can our other dog catch it?" asks whether it passes from one to the other.
    expect(readConversation(["our puppy has parvo", "can our other dog catch it?"])[1]).toMatchObject({ conditions: ["parvo"], asked: ["transmission"] });
    // "The vet said it might be…" puts a diagnosis forward; "oh and separately -" leaves the talk before it.
    expect(suspectedDiagnosis("our old dog keeps getting lost behind the sofa and the vet said it might be doggy dementia. how common is that?")).toBe("doggy dementia");
    const [, separately] = readConversation([
      "my leopard gecko's shed is coming off in bits - is that bad?",
      "oh and separately - our old dog keeps getting lost behind the sofa and the vet said it might be doggy dementia. how common is that?",
    ]);
    expect(separately!.inherited).toEqual([]);
    expect(suspectedDiagnosis("What is the dose of meloxicam in cats?")).toBeNull();
    expect(suspectedDiagnosis("Growers with fever, cyanotic ear tips and a stiff gait. Incubation?")).toBeNull();
    expect(suspectedDiagnosis("AHS field vector? peak season?")).toBeNull();
    expect(suspectedDiagnosis("What's the melarsomine protocol for adult D. immitis in dogs?")).toBeNull();
    expect(suspectedDiagnosis("Are entire toms at higher risk of FIV, and what other risk factors should I think about?")).toBeNull();
    expect(suspectedDiagnosis("Fat cob with a cresty neck - thinking EMS. Which risk factor matters most?")).toBe("EMS");
    // Its follow-ups ask of that diagnosis, not of the case's words; and what is caught is the disease, not the drug
    // asked about before.
    const [, confirm, dose, catches] = readConversation([
      "5yo indoor/outdoor cat, coughing and breathing hard, lots of mosquitoes round here – heartworm?",
      "how do I confirm it?",
      "what ivermectin dose to keep the other cat protected?",
      "can the owner catch it?",
    ]);
    expect(confirm).toMatchObject({ species: ["cat"], conditions: ["heartworm"], topic: [], asked: ["diagnosis"] });
    expect(dose!.drugs).toEqual(["ivermectin"]);
    expect(catches).toMatchObject({ species: ["human"], drugs: [], conditions: ["heartworm"] });
    expect(suspectedDiagnosis("The vet thinks it's mange. How is it treated?")).toBe("mange");
    expect(suspectedDiagnosis("We bought in some goats and the seller said there'd been scrapie in the area. How long can they carry it?")).toBe("scrapie in the area");
    expect(suspectedDiagnosis("A veterinarian suspects that a performance horse's spinal discomfort is most likely driven by the segment. Which interval fits?")).toBeNull();
    expect(suspectedDiagnosis("My hens look scruffy round the vent. There's little crawling things at the base of the feathers — lice?")).toBe("lice");
    expect(suspectedDiagnosis("My dog's breath is awful and his gums look red and puffy along the teeth. He's only 3.")).toBeNull();
    // Said of the animal ("says my gelding has…"), up to the dash that goes on with the case.
    const stringhalt = "Vet says my gelding has stringhalt - he snatches a hind leg right up under his belly when he walks off. Will he come right?";
    expect(suspectedDiagnosis(stringhalt)).toBe("stringhalt");
    expect(frameOf(stringhalt)).toMatchObject({ conditions: ["stringhalt"], asked: ["prognosis"] });
    expect(readConversation([stringhalt, "surgery?"])[1]).toMatchObject({ conditions: ["stringhalt"], asked: ["treatment"] });
  });

  it("reads 'what drives peak mortality?' as asking a cause, not a rate", () => {
    expect(frameOf("what water quality drives peak mortality in shrimp ponds?").asked).toEqual(["cause"]);
    // (Its thresholds are values, as one threshold is.)
    expect(frameOf("What water quality thresholds are associated with peak mortality in white faeces disease?").asked).toEqual(["quantity", "cause"]);
    expect(frameOf("which pathogens are linked to mortality in the ponds?").asked).toContain("cause");
    expect(frameOf("what mortality does goat pox cause?").asked).toContain("rate");
    expect(frameOf("which factor increases mortality, and by how much?").asked).toContain("rate");
  });

  it("reads 'how much human TB is down to it?' as a share, and 'how many bluetongue jabs' as counting jabs", () => {
    expect(frameOf("and how much human TB is down to it?").asked).toContain("rate");
    expect(frameOf("How much human TB is actually caused by M. bovis?").asked).toContain("rate");
    expect(frameOf("how many bluetongue jabs does a cow need").attribute).toBe("jabs");
    // "How many yrs" is a span; "how fast do they breed" is no span.
    expect(frameOf("classical scrapie - how many yrs preclinical?").asked).toEqual(["duration"]);
    expect(frameOf("How fast do feral hogs breed?").asked).not.toContain("duration");
  });

  it("reads 'how likely is he to die' as the share that die, and an owner's house and garden as outside a host", () => {
    expect(frameOf("the vet said it's a coronavirus, how likely is he to die from it")).toMatchObject({ asked: ["rate"], attribute: "mortality" });
    expect(frameOf("what are the chances of him dying?")).toMatchObject({ asked: ["rate"], attribute: "mortality" });
    expect(frameOf("how long can the virus survive in the house and garden?")).toMatchObject({ asked: ["duration"], attribute: "persistence" });
    expect(frameOf("How long does kennel cough last in dogs?").attribute).not.toBe("persistence");
    // (Or where the animal is kept.)
    expect(frameOf("how long should we wait before putting a new guinea pig into that cage - how long does the virus last in there?").attribute).toBe("persistence");
    expect(placesOfPersistence("How long can the virus hang around in the house and garden?")).toEqual(["house", "garden"]);
    expect(placesOfPersistence("Do ticks live in the garden?")).toEqual([]);
  });

  it("reads a question asked of a pronoun as about what the sentence before it told ('Found lice on my hens. How long do they live…?')", () => {
    const [lice, laying] = readConversation(["Found lice on my hens this morning. How long do they live on the bird and what are they eating?", "will they knock the laying back?"]);
    expect(lice!.askedTopic).toContain("lice");
    expect(laying!.topic).toContain("lice");
    // (Not when the question names its own subject: the told scene stays behind.)
    expect(frameOf("We run a rescue in the hills. How long does parvovirus survive in a kennel?").askedTopic).not.toContain("hills");
    // (A longer sentence tells what "it" is by the thing it opens on, not by its other words.)
    const viperin = frameOf("Viperin keeps turning up near the top of the interferon-stimulated genes in our flu-challenged birds. What is actually known about how it works?");
    expect(viperin.askedTopic).toContain("viperin");
    expect(viperin.askedTopic).not.toContain("interferon-stimulated");
    expect(openingSubjectOf("Chickens keep pecking at the feeders in the shed")).toBeNull();
    expect(openingSubjectOf("Several ewes have weepy, squinty eyes and one has gone cloudy")).toBeNull();
  });

  it("reads what the asker knows of one animal, before a 'but' asking of another, as not asked ('I know poultry see four colours, but…')", () => {
    const budgies = frameOf("I know poultry see four colours, but where does the shortest cone peak sit in budgerigars?");
    expect(budgies.species).toEqual(["parrot"]);
    expect(budgies.groups).toEqual([]);
    expect(frameOf("I know dogs get it, but can cats catch it?").species).toEqual(["cat"]);
    // (A "but" that asks of no animal of its own keeps the one known.)
    expect(frameOf("I know it's in dogs, but how common is it?").species).toEqual(["dog"]);
  });

  it("reads a switch with its intensifier as no topic ('Right, changing subject completely.', 'Switching topics entirely:')", () => {
    expect(switchLeadWords("Right, changing subject completely. Found lice on my hens.")).toEqual(["Right", "changing", "subject", "completely"]);
    expect(switchLeadWords("Switching topics entirely: is there a number on that?")).toEqual(["Switching", "topics", "entirely"]);
    expect(switchLeadWords("Completely healthy hens are laying less. Why?")).toEqual([]);
  });

  it("reads 'can it tell me whether it's Neospora or Toxoplasma?' as telling them apart", () => {
    expect(frameOf("aborted lamb in for PM - can histopath tell me whether it's Neospora or Toxoplasma?").asked).toContain("comparison");
    expect(frameOf("can you tell me if it is safe in cats?").asked).not.toContain("comparison");
  });

  it("asks whether people catch it of people, and goes back to the animals after ('can it jump to them?' after canine pyoderma)", () => {
    const [, people, ears] = readConversation([
      "which bacterium is behind most canine pyoderma?",
      "Owners always ask if the resistant version can jump to them. Has that happened?",
      "and the ear cases where pseudomonas is involved, why are they so hard to clear",
    ]);
    expect(people!.species).toEqual(["human"]);
    expect(ears!.species).toEqual(["dog"]);
    expect(ears!.inherited).toContain("species");
    // (Pointing back to animals is no people: "the dogs keep licking the cats - can it jump to them?")
    expect(frameOf("the dogs keep licking the cats - can it jump to them?").species).not.toContain("human");
  });

  it("reads an owner's Labrador ('my 12 year old lab', '10 wk old lab x') as a dog, and the laboratory as none", () => {
    const old = frameOf("My 12 year old lab keeps getting lost in the house. How common is doggy dementia?");
    expect(old.species).toEqual(["dog"]);
    expect(searchText("My 12 year old lab keeps getting lost in the house.", old)).toBe("My 12 year old dog keeps getting lost in the house.");
    expect(frameOf("10 wk old lab x with known megaoesophagus – could this be GE intussusception?").species).toEqual(["dog"]);
    expect(frameOf("Send samples to the lab for PCR").species).toEqual([]);
    expect(frameOf("my lab results show anaemia in my cat").species).toEqual(["cat"]);
    // A case opening on the dog described, and a Labrador cross
    expect(frameOf("Old Lab with laryngeal paralysis, also weak behind – is that GOLPP?").species).toEqual(["dog"]);
    expect(frameOf("lab cross with a cough – kennel cough?").species).toEqual(["dog"]);
    expect(frameOf("Old lab results suggested anaemia in the cat").species).toEqual(["cat"]);
    // ("an elderly Lab" inside the case, not only at its start.)
    expect(frameOf("Owner of an elderly Lab with laryngeal paralysis is asking whether it's a wider nerve problem.").species).toEqual(["dog"]);
    expect(frameOf("We sent the cat's serum to an old lab we trust").species).toEqual(["cat"]);
    // With its age, the Labrador's own ("my 12-year-old Lab's breathing"); without, the laboratory's ("my lab's results").
    expect(frameOf("My 12-year-old Lab's breathing has gone really noisy when he pants.").species).toEqual(["dog"]);
    expect(frameOf("my lab's results show anaemia in my cat").species).toEqual(["cat"]);
    // A Labrador mix is a dog; a laboratory that may mix two parasites up is none.
    expect(frameOf("Neospora in our ewes: is it like toxoplasma? could the lab mix them up?").species).toEqual(["sheep"]);
    expect(frameOf("our lab mix has a cough - kennel cough?").species).toEqual(["dog"]);
  });

  it("reads the drug class a 'which drug' question asks for, when its members can be told by their names", () => {
    expect(frameOf("Enucleation in a ram: which local anaesthetic drug goes behind the eye?")).toMatchObject({ asked: ["drug"], attribute: "local anaesthetic" });
    expect(frameOf("which NSAID is licensed for cats?").attribute).toBe("nsaid");
    expect(frameOf("which antibiotics work against it?").attribute).toBeNull();
    // A dose asked beside it is not of the class.
    expect(frameOf("which NSAID and at what dose?").attribute).toBeNull();
  });

  it("reads crayfish, shrimp and pikas as species of their own, and tiamulin as a drug", () => {
    expect(frameOf("we farm redclaw crayfish - do they get white faeces disease like the shrimp ponds do?").species).toEqual(["crayfish"]);
    expect(frameOf("Are pikas susceptible to RHDV2?").species).toEqual(["pika"]);
    expect(frameOf("is tiamulin any good for M. hyorhinis polyserositis in nursery pigs?").drugs).toEqual(["tiamulin"]);
  });

  it("reads cat breeds as cats, not as names the passages must hold", () => {
    const bengal = frameOf("Our young Bengal has just been diagnosed with FIP. What are her chances?");
    expect(bengal.species).toEqual(["cat"]);
    expect(bengal.names).toEqual([]);
  });

  it("reads 'a zoonosis' as what is asked, not as a disease named", () => {
    expect(frameOf("Unrelated: is swine hep E a zoonosis?").conditions).toEqual([]);
  });

  it("reads a birth's name as its species ('at lambing')", () => {
    expect(frameOf("we had a few abortions at lambing too, is that related?").species).toEqual(["sheep"]);
    expect(frameOf("What's a normal calving interval?").species).toEqual(["cattle"]);
  });

  it("reads 'Separate thing –' as a new topic, 'the local breeds' as those spoken of, and 'how many of the bad ones die?' as a share", () => {
    const [, serovar] = readConversation(["which is the European one?", "Separate thing - which salmonella serovar is the cattle one?"]);
    expect(serovar!.inherited).toEqual([]);
    const [, breeds] = readConversation(["How bad is goat pox - morbidity and mortality?", "are the local breeds any more resistant?"]);
    expect(breeds!.conditions).toEqual(["goat pox"]);
    expect(frameOf("how many of the bad ones die?").asked).toEqual(["rate"]);
    expect(frameOf("what should farm staff do to avoid catching salmonella?").species).toEqual(["human"]);
  });

  it("reads 'which one's…' as leaning on the question before, though it names a place", () => {
    const [, european] = readConversation(["Which Babesia species cause babesiosis in cattle?", "which one's the European one?"]);
    expect(european).toMatchObject({ species: ["cattle"], conditions: ["babesiosis"] });
    expect(european!.inherited).toContain("species");
  });

  it("reads a closing 'then' as leaning on the question before, and 'Totally separate –' as a new topic", () => {
    const [, surgery] = readConversation(["What's GOLPP in older big-breed dogs?", "what's the go-to surgery then – unilateral tie-back?"]);
    expect(surgery).toMatchObject({ species: ["dog"], acronyms: ["GOLPP"] });
    const [, lice] = readConversation(["what else can M. bovis infect?", "Totally separate – how long is the chicken body louse life cycle?"]);
    expect(lice!.inherited).toEqual([]);
    expect(lice!.pathogens).toEqual([]);
  });

  it("keeps the disease of a drug asked for the case's own species ('what do you treat a positive dog with – benznidazole?')", () => {
    const [, , treat, why] = readConversation([
      "How do dogs catch Chagas disease?",
      "where's it endemic?",
      "what do you treat a positive dog with – benznidazole? dose?",
      "so why bother testing dogs at all?",
    ]);
    expect(treat).toMatchObject({ drugs: ["benznidazole"], names: ["Chagas"] });
    expect(why!.names).toEqual(["Chagas"]);
  });

  it("changes the species and keeps the drug and the asked kind ('what about in cattle?')", () => {
    const [, frame] = readConversation(["What dose of subcutaneous ivermectin is used when deworming an individual pig?", "What about in cattle?"]);
    expect(frame).toMatchObject({ species: ["cattle"], drugs: ["ivermectin"] });
    expect(frame!.asked).toContain("dose");
    expect(frame!.inherited).toContain("drugs");
    expect(frameLabel(frame!)).toMatch(/^cattle · ivermectin.*\(from the previous question: ivermectin\)$/);
    expect(searchText("What about in cattle?", frame!)).toMatch(/ivermectin/);
  });

  it("keeps drug and species and asks for an interval ('how often should it be repeated?')", () => {
    const previous = frameOf("What dose of subcutaneous ivermectin is used when deworming an individual pig?");
    const frame = readQuestion("And how often should it be repeated?", previous);
    expect(frame).toMatchObject({ species: ["pig"], drugs: ["ivermectin"] });
    expect(frame.asked).toEqual(["interval"]);
  });

  it("starts a new frame for a question with its own topic, carrying nothing", () => {
    const previous = frameOf("Can plant pigments cause harmless red urine in rabbits?");
    const frame = readQuestion("How is blood sampled from the wing vein of chickens for haematology?", previous);
    expect(frame.inherited).toEqual([]);
    expect(frame.species).toEqual(["chicken"]);
    expect(searchText("How is blood sampled from the wing vein of chickens for haematology?", frame)).not.toMatch(/rabbit|urine|pigment/);
  });

  it("starts a new frame for a short question with its own subject and species", () => {
    const previous = frameOf("How many chromosome pairs do chickens have?");
    const frame = readQuestion("How is blood collected from chickens?", previous);
    expect(frame.inherited).toEqual([]);
    expect(frame.topic).not.toContain("chromosome");
    // Without a species of its own, two words are not enough to leave the conversation's subject.
    expect(readQuestion("Any renal side effects?", frameOf("What is the dose of meloxicam in cats?")).drugs).toEqual(["meloxicam"]);
  });

  it("reads 'which antibiotic' as asking for a drug, and 'told apart' as a comparison", () => {
    expect(frameOf("Which antibiotic is used for MRSP pyoderma in dogs?").asked).toContain("drug");
    expect(frameOf("Nursery pigs with polyserositis from M. hyorhinis — what's the antibiotic of choice?").asked).toContain("drug");
    expect(frameOf("Drug of choice for Malassezia in dogs?").asked).toContain("drug");
    // A preventive is a drug; "…and how often?" after it asks how often it is given.
    expect(frameOf("Which heartworm preventive should an indoor cat be on, and how often?").asked).toEqual(expect.arrayContaining(["drug", "interval"]));
    // "MoA" says what is asked (the mechanism), not what it is asked of.
    expect(frameOf("Macrolide abx - MoA, and what are the 3 resistance mechs?")).toMatchObject({ acronyms: [] });
    expect(frameOf("Macrolide abx - MoA, and what are the 3 resistance mechs?").topic).not.toContain("MoA");
    // A tom is a cat (a tom turkey a turkey).
    expect(frameOf("Is a tom that goes outside and fights at higher risk of FIV?").species).toEqual(["cat"]);
    expect(frameOf("How heavy does a tom turkey get?").species).toEqual(["turkey"]);
    expect(frameOf("How is hemoglobinuria told apart from myoglobinuria?").asked).toContain("comparison");
  });

  it("reads casual typing: 'whats', a lower-case code, 'how many die', 'stand for', 'dewormed', amphibians", () => {
    expect(frameOf("whats the incubation of rhdv2 in rabbits")).toMatchObject({ species: ["rabbit"], acronyms: ["RHDV2"], topic: ["incubation"], asked: ["duration"] });
    expect(frameOf("how many die?").asked).toEqual(["rate"]);
    expect(frameOf("whats the death rate for untreated parvo pups").asked).toEqual(["rate"]);
    expect(frameOf("How many thoracic vertebrae does a horse have?").asked).toEqual(["count"]);
    expect(frameOf("How many horses died in that outbreak?").asked).toEqual(["count"]);
    expect(frameOf("Which insects transmit Chagas disease?").asked).toContain("organism");
    expect(frameOf("What does FIP stand for?")).toMatchObject({ acronyms: ["FIP"], topic: [], asked: ["definition"] });
    expect(frameOf("How often should pigs be dewormed with in-feed ivermectin?").asked).toContain("interval");
    expect(frameOf("And in amphibians?").groups).toEqual(["amphibians"]);
    // A frog is not a salamander.
    expect(frameOf("which vein do I take blood from in a frog?").species).toEqual(["frog"]);
    expect(frameOf("and in a newt?").species).toEqual(["salamander"]);
    // (Nor is a caecilian, the third kind of amphibian.)
    expect(frameOf("which vein do I take blood from in a caecilian?").species).toEqual(["caecilian"]);
    expect(frameOf("My rabbit's pee is red, should I worry?").topic).not.toContain("worry");
  });

  it("reads 'the virus' or 'the disease' without a name of its own as the one just spoken of", () => {
    const previous = frameOf("What is the mortality of canine parvovirus in untreated puppies?");
    const frame = readQuestion("How long does the virus survive in the environment?", previous);
    expect(frame.pathogens).toEqual(previous.pathogens);
    expect(frame.inherited).toContain("pathogens");
    expect(frame.asked).toContain("duration");
    // Naming its own subject, it starts anew.
    expect(readQuestion("How long does the rabies virus survive in the environment?", previous).inherited).toEqual([]);
  });

  it("reads a subtype after a hyphen as part of the abbreviation, and a follow-up's own abbreviation replaces the last", () => {
    expect(frameOf("How common is FeLV-B in cats with FeLV-A?").acronyms).toEqual(["FeLV-B", "FeLV-A"]);
    expect(frameOf("Is CPV-2 resistant to disinfectants?").acronyms).toEqual(["CPV-2"]);
    const previous = frameOf("Is FeLV-B contagious?");
    const frame = readQuestion("And FeLV-C?", previous);
    expect(frame.acronyms).toEqual(["FeLV-C"]);
    expect(frame.topic).toEqual(["contagious"]);
  });

  it("reads 'the flock' or 'the herd' as the case just spoken of, 'FeLV-positive' as FeLV, and 'prognosis' as what is asked", () => {
    const previous = frameOf("I have a duck flock with sudden deaths; could this be fowl cholera?");
    const frame = readQuestion("Which antibiotic should I use to treat the flock?", previous);
    expect(frame.species).toEqual(previous.species);
    expect(frame.inherited).toContain("species");
    expect(frameOf("What is the prognosis for a FeLV-positive cat?")).toMatchObject({ acronyms: ["FeLV"], conditions: [], asked: ["prognosis"] });
  });

  it("leaves the drug behind when a follow-up asks about the disease itself", () => {
    const previous = readQuestion("What dose of oseltamivir is used for it?", frameOf("What are the clinical signs of equine influenza in horses?"));
    expect(previous.drugs).toEqual(["oseltamivir"]);
    expect(readQuestion("How long is the incubation period?", previous).drugs).toEqual([]);
    expect(readQuestion("How long is the incubation period?", previous).conditions).toEqual(previous.conditions);
    // A question about giving it keeps the drug.
    expect(readQuestion("How often should it be repeated?", previous).drugs).toEqual(["oseltamivir"]);
  });

  it("reads a vertebral or dental formula as a count, and a withdrawal period as a duration", () => {
    expect(frameOf("What is the vertebral formula of the horse?")).toMatchObject({ species: ["horse"], asked: ["count"] });
    expect(frameOf("What is the dental formula of the adult dog?").asked).toEqual(["count"]);
    expect(frameOf("What is the withdrawal period for ivermectin in pigs?")).toMatchObject({ drugs: ["ivermectin"], asked: ["duration"], attribute: "withdrawal" });
    // (A withholding period is its other name.)
    expect(frameOf("What's the meat withholding period after Gudair vaccination in lambs?")).toMatchObject({ attribute: "withholding" });
    expect(frameOf("What's the meat withholding period after Gudair vaccination in lambs?").asked).toContain("duration");
  });

  it("carries the disease into a case told of another animal that asks whether it catches it", () => {
    const previous = frameOf("Foster kittens with FCV - will vaccinating them stop them getting it again?");
    const dog = readQuestion("my dog keeps sniffing round their pen. can he catch it off them?", previous);
    expect(dog).toMatchObject({ species: ["dog"], acronyms: ["FCV"] });
    expect(dog.inherited).toContain("acronyms");
    // (A case of its own that names its own disease is another case.)
    expect(readQuestion("my dog keeps scratching his ears. could it be ear mites?", previous).acronyms).toEqual([]);
  });

  it("starts a new frame when the question says it switches topic", () => {
    const previous = frameOf("What are the clinical signs of equine influenza?");
    expect(readQuestion("Unrelated: what causes dull eye caps in a snake after shedding?", previous).inherited).toEqual([]);
    // Behind a dash too, and its words are no topic: "topics" is not carried into the next question.
    const golpp = readQuestion("Switching topics — what is GOLPP?", previous);
    expect(golpp).toMatchObject({ inherited: [], acronyms: ["GOLPP"], topic: [] });
    expect(readQuestion("Totally different: how reliable is a Wood's lamp for ringworm?", previous).inherited).toEqual([]);
    expect(readQuestion("side q - found dead woodpigeons under the feeders. could that be the pigeon paramyxo thing?", previous).inherited).toEqual([]);
    expect(readQuestion("oh while I remember - where do I take blood from a hen?", previous).inherited).toEqual([]);
    const tumour = readQuestion("switching gears – subcutaneous mast cell tumour on a dog's flank, is surgery enough?", previous);
    expect(tumour.inherited).toEqual([]);
    expect(tumour.topic).not.toContain("gears");
    expect(tumour.topic).not.toContain("enough");
    // Its follow-up asks how the tumour will behave: its prognosis, in no words of its own.
    const behaves = readQuestion("what predicts how it'll behave?", tumour);
    expect(behaves).toMatchObject({ asked: ["prognosis"], inherited: ["species", "topic"] });
    expect(behaves.topic).toEqual(expect.arrayContaining(["mast", "tumour"]));
    expect(behaves.topic).not.toContain("behave");
    expect(readQuestion("anything in particular to check?", tumour).topic).not.toContain("particular");
    // So does one on a group of animals of its own, though "it" then points at what it names.
    const fish = readQuestion("Aeromonas dhakensis in warm-water fish farms — is it a real problem?", frameOf("Is Pseudomonas common in chronic otitis in dogs?"));
    expect(fish).toMatchObject({ inherited: [], pathogens: ["aeromonas"] });
    // A case of its own, with a relative pronoun after its animal ("Collie that…"), points at that animal, not back.
    const collie = readQuestion("Collie that won't bear weight on a fore, resents me touching the foot — how should I go over the paw?", frameOf("How is African horse sickness spread?"));
    expect(collie).toMatchObject({ inherited: [], species: ["dog"], conditions: [] });
    // "Different thing —", though the question then points at its own patient ("is it only his throat?").
    const lice = frameOf("My hens look scruffy round the vent. There's little crawling things at the base of the feathers — lice?");
    const dog = readQuestion("Different thing — my neighbour's old big dog has just been diagnosed with laryngeal paralysis. Is it only his throat that's affected?", lice);
    expect(dog).toMatchObject({ inherited: [], conditions: ["laryngeal paralysis"], topic: ["throat"] });
  });

  it("reads a binomial whose epithet ends like a condition, an abbreviation defined the other way round, and the thing counted", () => {
    expect(frameOf("Why are antibiotics combined with macrocyclic lactones when treating Dirofilaria immitis?").pathogens).toEqual(["Dirofilaria immitis"]);
    expect(frameOf("which antibiotics are most linked to C. difficile colitis?").pathogens).toEqual(["C. difficile"]);
    expect(frameOf("Is Streptococcus pyogenes zoonotic?").pathogens).toEqual(["Streptococcus pyogenes"]);
    expect(frameOf("Best oral antifungals for Malassezia dermatitis in dogs?")).toMatchObject({ pathogens: [], conditions: ["dermatitis"] });
    expect(frameOf("If this is DTMUV (duck Tembusu virus), what morbidity should I expect?").aliases).toEqual([{ abbreviation: "DTMUV", words: ["duck", "tembusu", "virus"] }]);
    expect(frameOf("Why is cross-protection poor in footrot — how many Dichelobacter nodosus serogroups are there?")).toMatchObject({ asked: expect.arrayContaining(["count"]), attribute: "serogroups" });
    // A speed compared is no span; a statement before the question gives no attribute to it.
    expect(frameOf("A foal has glaucoma — how fast does the globe enlarge compared with an adult horse?").asked).toEqual(["comparison"]);
    expect(frameOf("Classical scrapie has a 2–5 year preclinical period — once signs appear, how long until death?").attribute).toBe("survival");
  });

  it("keeps the subject for a follow-up in everyday words, and the disease for a drug's dose asked in the same case", () => {
    const [, hardest] = readConversation(["What signs does feline calicivirus cause?", "which kittens get hit hardest, and how many die?"]);
    expect(hardest).toMatchObject({ species: ["cat"], pathogens: ["calicivirus"], asked: ["rate"] });
    const [, , dose] = readConversation(["What causes canine theileriosis?", "what does it look like clinically?", "what dose of buparvaquone would I use?"]);
    expect(dose).toMatchObject({ species: ["dog"], drugs: ["buparvaquone"], conditions: ["theileriosis"], asked: ["dose"] });
    expect(frameOf("A cat was just diagnosed with effusive FIP: what does the literature say about survival?").topic).not.toContain("literature");
    // Fillers ("ok", "deal with", "the acute form") are no topic of their own.
    const [, , acute] = readConversation(["What does acute classical swine fever look like clinically?", "incubation?", "roughly what percentage die in the acute form?"]);
    expect(acute).toMatchObject({ asked: ["rate"], inherited: expect.arrayContaining(["conditions"]) });
    // A disease named by its host asks of that host, not the species carried over.
    const [, ahs] = readConversation(["Which midges spread bluetongue to cattle?", "are those the same midges behind African horse sickness?"]);
    expect(ahs!.species).toEqual([]);
    // A drug named with a disease of its own starts afresh.
    const [, other] = readConversation(["What causes canine theileriosis?", "What dose of ivermectin is used for sarcoptic mange in pigs?"]);
    expect(other!.inherited).toEqual([]);
  });

  it("asks how an infection passes ('how do cattle usually pick it up?'), and a share ('how much human TB does it account for?')", () => {
    expect(frameOf("how do cattle usually pick it up?").asked).toEqual(["transmission"]);
    expect(frameOf("How is equine influenza usually spread?").asked).toContain("transmission");
    expect(frameOf("how much human TB does it account for?").asked).toEqual(["rate"]);
    expect(frameOf("roughly what percentage die in the acute form?")).toMatchObject({ asked: ["rate"], attribute: "die" });
    // "How many are we likely to lose?" asks what share die, not a count.
    expect(frameOf("Rescue ferrets with green diarrhoea: how many are we likely to lose?")).toMatchObject({ asked: ["rate"], attribute: "die" });
    // "Best dx?" asks how it is diagnosed; "just dx'd wet FIP" says it was.
    expect(readConversation(["Main risk factors for CDAD in adult horses?", "best dx?"])[1]!.asked).toEqual(["diagnosis"]);
    expect(frameOf("just dx'd wet FIP in 1yo MN, owner asking about tx options").asked).not.toContain("diagnosis");
    // "What sort of illnesses does it cause?" asks what follows from it; "what causes it?" its cause.
    expect(frameOf("what sort of illnesses does it cause?").asked).toEqual(["signs"]);
    expect(frameOf("what causes it?").asked).toEqual(["cause"]);
    expect(frameOf("The vet rang to say she tested FeLV positive. I don't really understand it").topic).not.toEqual(expect.arrayContaining(["rang"]));
    expect(frameOf("The vet rang to say she tested FeLV positive. I don't really understand it").topic).not.toContain("understand");
    // So does "how many test positive"; "how many people are infected worldwide" asks a number.
    expect(frameOf("If a cat is FeLV antigen-negative, how many might still be provirus positive on blood PCR?").asked).toEqual(["rate"]);
    expect(frameOf("how many people are infected with fasciolosis worldwide?").asked).toEqual(["count"]);
    expect(frameOf("how many people are infected with fasciolosis worldwide according to WHO?").asked).toEqual(["count"]);
    expect(frameOf("For a diabetic cat with cutaneous xanthomas, how low in fat does the diet need to be?").asked).toContain("quantity");
    expect(frameOf("What lateral and deep margins do you need when excising a subcutaneous mast cell tumour?").asked).toContain("quantity");
    expect(frameOf("DHAV-3 in ducklings under 2 weeks old - how high does mortality get?").asked).toEqual(["rate"]);
    expect(frameOf("Roughly what percentage of dogs with Malassezia dermatitis clear up on oral itraconazole?")).toMatchObject({ asked: ["rate"], attribute: "resolution" });
    // A word that tells alike diseases apart is part of the name.
    expect(frameOf("What does acute classical swine fever look like clinically?").conditions).toEqual(["classical swine fever"]);
    // A share of the animals with a finding is of that finding.
    expect(frameOf("What proportion of cats with FIP have ocular lesions?")).toMatchObject({ asked: ["rate"], attribute: "with ocular lesions" });
    expect(frameOf("How long is the life cycle of lice on pet canaries?").species).toEqual(["canary"]);
    expect(frameOf("How long do chicken lice take to go from egg to adult?")).toMatchObject({ asked: ["duration"], attribute: "life cycle" });
  });

  it("reads owners' and clinicians' ways of asking: how deadly, the outlook, when in the year, how long it hangs around", () => {
    expect(frameOf("How deadly is parvo in puppies that don't get treated?")).toMatchObject({ asked: expect.arrayContaining(["rate"]), attribute: "mortality" });
    expect(frameOf("What's the outlook for a horse with stringhalt?").asked).toEqual(["prognosis"]);
    const [, season] = readConversation(["What causes African horse sickness?", "when in the year do you see most cases?"]);
    expect(season).toMatchObject({ asked: ["season"], inherited: expect.arrayContaining(["conditions"]) });
    const [, lingers] = readConversation(["How deadly is parvo in puppies?", "how long does it hang around in the environment?"]);
    expect(lingers).toMatchObject({ asked: ["duration"], attribute: "persistence" });
    expect(lingers!.topic).not.toContain("hang");
  });

  it("asks the previous question's kind only when the follow-up says nothing of its own ('what about terbinafine?')", () => {
    const [, , swapped] = readConversation(["What is the oral dose of fluconazole for Malassezia dermatitis in dogs?", "And for how long?", "What about terbinafine?"]);
    expect(swapped).toMatchObject({ species: ["dog"], drugs: ["terbinafine"], asked: ["duration"] });
    // A yes/no question asks whether, in its own words: not the incubation period again.
    const [, hares] = readConversation(["What is the incubation period of RHDV2?", "Can it infect hares?"]);
    expect(hares).toMatchObject({ species: ["hare"], acronyms: ["RHDV2"], asked: [], attribute: null });
    const [, cats] = readConversation(["What is the oral dose of terbinafine in dogs?", "Is that also used in cats?"]);
    expect(cats!.asked).toEqual([]);
    // Typed without its auxiliary, too ("sows affected too?" asks whether sows get it, not the dose again).
    const [, sows] = readConversation(["What dose of tiamulin for M. hyorhinis in nursery pigs?", "sows affected too?"]);
    expect(sows).toMatchObject({ species: ["pig"], pathogens: ["M. hyorhinis"], asked: [] });
    // Unless it says it asks the same.
    const [, same] = readConversation(["What causes red urine in rabbits?", "Does the same happen in ferrets?"]);
    expect(same).toMatchObject({ species: ["ferret"], asked: ["cause"] });
    // "Which type…" asks which one, not how long again; "aftercare?" asks for treatment.
    const [, , type] = readConversation(["why do cats get bladder stones?", "how many weeks does a dissolution diet take?", "and which type do cats get more often?"]);
    expect(type!.asked).toEqual([]);
    const [, aftercare] = readConversation(["Ewe with a ruptured eye — how would you do an enucleation on farm?", "aftercare?"]);
    expect(aftercare).toMatchObject({ species: ["sheep"], asked: ["treatment"] });
    expect(aftercare!.topic).toContain("enucleation");
    // A wh-question of its own asks its own thing.
    const [, own] = readConversation(["Where is Babesia divergens most common?", "And in sheep, which species is most pathogenic?"]);
    expect(own!.asked).not.toContain("location");
  });

  it("reads 'Different q:' as starting a new topic", () => {
    const [, frame] = readConversation(["What is the dose of ivermectin for pigs?", "Different q: goat pox – mortality, and how is it diagnosed?"]);
    expect(frame!.inherited).toEqual([]);
    expect(searchText("Different q: goat pox – mortality, and how is it diagnosed?", frame!)).toBe("goat pox – mortality, and how is it diagnosed?");
  });

  it("reads a short query without a question word as asking for its value, but not a title that asks whether", () => {
    expect(frameOf("Case fatality rate of PPR in goats?").asked).toContain("rate");
    expect(frameOf("ivermectin dose if I inject them?").asked).toContain("dose");
    expect(frameOf("Identification of racial disparities in breast cancer mortality: does scale matter?").asked).not.toContain("rate");
  });

  it("takes 'the course', 'the cows' and a bare slot ('and the growers?') as leaning on the previous question", () => {
    const [, course] = readConversation(["Best oral antifungals for Malassezia dermatitis in a dog, and dose?", "how long do I run the course for?"]);
    expect(course).toMatchObject({ species: ["dog"], names: ["Malassezia"], asked: ["duration"] });
    expect(course!.inherited).toEqual(expect.arrayContaining(["species", "names"]));
    const [, , cows] = readConversation(["which vector spreads bluetongue virus?", "how do you confirm it?", "vaccine protocol for the cows?"]);
    expect(cows!.inherited).toContain("conditions");
    expect(cows!.conditions).toContain("bluetongue");
    // "Which is the European one?" picks among what was just spoken of, though it names a place.
    const [, european] = readConversation(["What Babesia species cause tick fever in cattle?", "which is the European one?"]);
    expect(european).toMatchObject({ species: ["cattle"], names: ["Babesia", "European"] });
    const [, growers] = readConversation(["How often should adult pigs be wormed?", "and the growers?"]);
    expect(growers).toMatchObject({ species: ["pig"], asked: ["interval"] });
  });

  it("does not carry the words that said what an earlier question asked", () => {
    const [, mortality] = readConversation(["incubation period for RHDV2 in rabbits?", "and the mortality?"]);
    expect(mortality).toMatchObject({ acronyms: ["RHDV2"], species: ["rabbit"], asked: ["rate"] });
    expect(mortality!.topic).not.toContain("incubation");
    // Nor the noun its value was of: "preclinical" is not what "the signs once it shows" are about.
    const [, signs] = readConversation(["How long is the preclinical period in classical scrapie?", "and the signs once it shows?"]);
    expect(signs!.inherited).toEqual(expect.arrayContaining(["topic", "conditions"]));
    expect(signs!.conditions).toContain("scrapie");
    expect(signs!.topic).not.toContain("preclinical");
    // A follow-up's own words about its subject are carried on ("that way" is persistent viraemia).
    const [, , fraction] = readConversation(["What are the outcomes after a cat is infected with FeLV?", "In which of those does the cat stay persistently viraemic?", "What fraction of cats end up that way?"]);
    expect(fraction!.topic).toEqual(expect.arrayContaining(["persistently", "viraemic"]));
  });

  it("reads everyday verbs ('gives', 'last') and 'affected' as saying nothing of a topic of their own", () => {
    const [, foals] = readConversation(["SCID in Arabian foals - how is it inherited?", "how long do affected foals last?"]);
    expect(foals).toMatchObject({ acronyms: ["SCID"], asked: ["duration"] });
    const [, positives] = readConversation(["How reliable is a Wood's lamp for picking up dermatophytosis?", "what gives false positives?"]);
    expect(positives!.inherited.length).toBeGreaterThan(0);
  });

  it("reads 'instead' as leaning on the previous question, which keeps its species", () => {
    const [, frame] = readConversation(["How is fenbendazole given to a small group of pigs?", "Can ivermectin be used instead?"]);
    expect(frame).toMatchObject({ species: ["pig"], drugs: ["ivermectin"], inherited: ["species"] });
  });

  it("carries a binomial's genus only into a follow-up that asks which species", () => {
    const [, frame] = readConversation(["Where is Babesia divergens most common?", "And in sheep, which species is most pathogenic?"]);
    expect(frame).toMatchObject({ species: ["sheep"], pathogens: ["Babesia"] });
    const [, same] = readConversation(["Where is Babesia divergens most common?", "And in sheep?"]);
    expect(same!.pathogens).toEqual(["Babesia divergens"]);
  });

  it("reads 'the same pond' as where the animals are, not as asking the same again", () => {
    const [, , frame] = readConversation(["Muscovy breeder flock: sudden deaths, bloody diarrhoea. Duck plague?", "how often do the breeders need boosting?", "are the geese on the same pond at risk?"]);
    expect(frame!.species).toEqual(["goose"]);
    expect(frame!.asked).toEqual([]);
    expect(frame!.conditions).toContain("duck plague");
    const [, same] = readConversation(["What dose of ivermectin is used in pigs?", "is it the same in cattle?"]);
    expect(same!.asked).toContain("dose");
  });

  it("reads a question that goes back to an earlier one against that one's frame ('back to the sedation, which drug was it?')", () => {
    const [, , , back] = readConversation([
      "If an eye has no chance of recovering, is enucleation under sedation reasonable on farm? How's it done?",
      "how do you block the optic nerve?",
      "aftercare - and when do the stitches come out?",
      "back to the sedation, which drug was it?",
    ]);
    expect(back!.inherited).toContain("topic");
    expect(back!.topic).toEqual(expect.arrayContaining(["enucleation", "sedation"]));
    expect(back!.asked).toEqual(["drug"]);
    const [, , , goats] = readConversation([
      "What causes pink eye in a sheep flock?",
      "how do you treat it?",
      "what's the meat withdrawal on the long-acting oxytet if some lambs are going for slaughter?",
      "back to the cause - can the goats in the next field pick it up from them?",
    ]);
    expect(goats).toMatchObject({ species: ["goat"], inherited: ["topic"] });
    expect(goats!.topic).toEqual(expect.arrayContaining(["pink", "eye"]));
    // Nothing earlier asked about it: a new topic, as before.
    const [, , elsewhere] = readConversation(["What dose of ivermectin is used in pigs?", "how often?", "back to the horses: what causes colic?"]);
    expect(elsewhere!.inherited).toEqual([]);
  });

  it("reads 'related?', 'get ill', 'in the next field' as saying nothing of a topic of their own", () => {
    const [, coughing] = readConversation(["Our nursery pigs are sneezing. Could that be Mycoplasma hyorhinis?", "some are coughing too - related?"]);
    expect(coughing).toMatchObject({ pathogens: ["Mycoplasma hyorhinis"], topic: ["coughing"], conditions: [] });
    const [, ill] = readConversation(["Is hepatitis E from pigs a zoonosis?", "do the pigs get ill?"]);
    expect(ill!.topic).toEqual([]);
    expect(frameOf("can the goats in the next field pick it up?").topic).toEqual([]);
  });

  it("reads 'her' or 'his' as the patient spoken of, whose species a follow-up keeps", () => {
    const [, frame] = readConversation(["First SAC I've seen in ages and she's breathing through her mouth. How worried should I be?", "anything odd I should know before catheterising her?"]);
    expect(frame).toMatchObject({ groups: ["south american camelids"], inherited: expect.arrayContaining(["species"]) });
    expect(searchText("anything odd I should know before catheterising her?", frame!)).toMatch(/south american camelids SAC/);
  });

  it("reads an animal's sex ('does and bucks') and where the owner heard of it ('saw a news story') as no topic", () => {
    expect(frameOf("Do whitetail does and bucks actually carry Lyme disease, or do they just feed the ticks?")).toMatchObject({ species: ["deer"], topic: ["disease", "feed", "ticks"] });
    expect(frameOf("Saw a news story about dogs sniffing out cancer. How accurate are they really?").topic).not.toEqual(expect.arrayContaining(["saw"]));
    expect(frameOf("Saw a news story about dogs sniffing out cancer. How accurate are they really?").topic).not.toContain("story");
    // Nor is how far a test can be trusted: "how much can I trust it" asks how reliable it is.
    const [, antigen] = readConversation(["How do I actually diagnose heartworm in a cat?", "and the antigen test — how much can I trust it in them?"]);
    expect(antigen).toMatchObject({ species: ["cat"], conditions: ["heartworm"], topic: ["antigen"] });
  });

  it("reads 'life expectancy if progressive?' as asking the outlook of the subject spoken of", () => {
    const [, frame] = readConversation(["Shelter cat just tested FeLV positive. What outcomes can the infection take?", "life expectancy if progressive?"]);
    expect(frame).toMatchObject({ species: ["cat"], acronyms: ["FeLV"], asked: ["prognosis"] });
    expect(frame!.inherited).toContain("acronyms");
  });

  it("keeps a disease named with a species word when a follow-up asks about another species", () => {
    const [, , frame] = readConversation(["What are the clinical features of goat pox?", "Are some breeds more resistant?", "What about camels? Do they get it too?"]);
    expect(frame).toMatchObject({ species: ["camel"] });
    expect(frame!.conditions).toContain("goat pox");
  });
});

describe("cases told before the question, and follow-ups that point back", () => {
  it("reads who is calling as no topic ('Lab calling about…', 'Path lab here -'), and a Lab here as a dog", () => {
    expect(withoutChatter("Lab calling about a dog urine: pink on arrival, but it cleared after we spun it down.")).toBe("a dog urine: pink on arrival, but it cleared after we spun it down.");
    expect(withoutChatter("Path lab here - canine mast cell tumour in the subcutis")).toBe("canine mast cell tumour in the subcutis");
    expect(withoutChatter("Pathologist here, on the phone about a canine liver biopsy")).toBe("on the phone about a canine liver biopsy");
    expect(withoutChatter("My Lab here has been limping")).toBe("My Lab here has been limping");
    expect(withoutChatter("Lab here has been limping since Tuesday")).toBe("Lab here has been limping since Tuesday");
    // ("On top of it" says "as well".)
    expect(withoutChatter("vet says there's yeast on top of it too. how often do we shampoo?")).toBe("vet says there's yeast too. how often do we shampoo?");
  });

  it("reads 'Is that valid?' after a case as asking of the case: no diagnosis put forward, no GP as a subject", () => {
    const CASE = "Path lab here - canine mast cell tumour that sits entirely in the subcutis, no dermal invasion. The GP wants it graded on the usual cutaneous system. Is that valid?";
    expect(suspectedDiagnosis(CASE)).toBeNull();
    expect(suspectedDiagnosis("Calf born blind and wobbly. Is it serious?")).toBeNull();
    expect(suspectedDiagnosis("Her littermates are ill too. Parvo?")).toBe("Parvo");
    expect(frameOf(CASE).acronyms).toEqual([]);
    // "And is surgery usually enough for these?" carries the tumour, not "valid".
    const [, next] = readConversation([CASE, "and is surgery usually enough for these?"]);
    expect(next!.topic).toEqual(expect.arrayContaining(["mast", "tumour", "subcutis"]));
    expect(next!.topic).not.toEqual(["valid"]);
  });


  it("does not read a history of repeated infections as asking how often", () => {
    expect(frameOf("Arabian foal with repeated infections at 2 months - SCID? how is it inherited and can carriers be detected?").asked).not.toContain("interval");
    expect(frameOf("How often should the dose be repeated?").asked).toContain("interval");
  });

  it("reads where the asker is and who brought the animal in as no topic ('locum at a mixed practice, owner's brought in…')", () => {
    const frame = frameOf("Locum at a mixed practice, owner's brought in a backyard hen for bloods. Which vein is best and where exactly do I collect from?");
    for (const word of ["locum", "practice", "brought"]) expect(frame.topic).not.toContain(word);
    expect(frameOf("Quick one between consults — ewe with a septic pedal joint. What are my options?").topic).not.toEqual(expect.arrayContaining(["one", "consults"]));
  });

  it("reads worrying about the farmer's children as asking whether people catch it", () => {
    expect(frameOf("Dairy herd's had Salmonella Dublin confirmed. Should the farmer worry about his kids?").species).toEqual(["cattle", "human"]);
    // A doe's kids are goats.
    expect(frameOf("Should I worry about the doe and her kids?").species).not.toContain("human");
  });

  it("reads a German Shepherd written short as a dog", () => {
    expect(frameOf("hang on, GSD just came in non-weight-bearing on a fore. What am I checking on the paw?")).toMatchObject({ species: ["dog"], acronyms: [] });
  });

  it("reads Quarter Horses and British Shorthairs written short as horses and cats ('QHs', 'BSH')", () => {
    expect(frameOf("what other inherited conditions should I be flagging for QHs?")).toMatchObject({ species: ["horse"], acronyms: [] });
    expect(frameOf("kennel 6 is the 10-month-old BSH with suspected wet FIP")).toMatchObject({ species: ["cat"], acronyms: ["FIP"] });
  });

  it("reads how it is said and who it is said of as no topic ('keep an eye out for', 'off the record', 'my grandson's')", () => {
    expect(withoutChatter("What else should we keep an eye out for?")).toBe("What else should we watch out for?");
    expect(frameOf("What else should we keep an eye out for?")).toMatchObject({ asked: ["signs"], topic: [] });
    expect(withoutChatter("and off the record, is undercooked pork a hepatitis risk as well?")).toBe("and is undercooked pork a hepatitis risk as well?");
    expect(frameOf("my grandsons lizard cant get its old skin off and its stuck round his little toes").topic).not.toEqual(expect.arrayContaining(["grandsons"]));
    expect(frameOf("my grandsons lizard cant get its old skin off").topic).not.toContain("cant");
    expect(frameOf("his brother's patches don't glow at all").topic).not.toContain("brother");
    expect(frameOf("What case fatality should I warn the owner about in the sheep?").topic).not.toContain("warn");
  });

  it("reads a disease of its own in place of the one spoken of as a new subject, carrying none of the old one's words", () => {
    const [, , , strains] = readConversation([
      "I'm writing about swine flu at county fairs - why are agricultural shows such a hotspot for pigs passing flu to people?",
      "how many people actually go to these fairs?",
      "and off the record, is undercooked pork a hepatitis risk as well?",
      "which strains actually infect people?",
    ]);
    expect(strains!.conditions).toEqual(["hepatitis"]);
    expect(strains!.topic).not.toEqual(expect.arrayContaining(["fairs"]));
    expect(strains!.topic).not.toEqual(expect.arrayContaining(["agricultural"]));
  });

  it("reads 'next one's a kitten…' and 'diff thing -' as a new topic, though the kitten's ears are 'its ears'", () => {
    const [, , frame] = readConversation(["Dairy herd's had Salmonella Dublin confirmed. Should the farmer worry about his kids?", "and Typhimurium?", "Next one's a kitten with scaly patches on its ears — is the Wood's lamp worth doing?"]);
    expect(frame).toMatchObject({ species: ["cat"], pathogens: [], inherited: [] });
    const [, , diff] = readConversation(["whats the most common cause of regurgitation in dogs?", "and in cats?", "diff thing - ruined eye on a farm call, how do i block it for an enucleation?"]);
    expect(diff).toMatchObject({ inherited: [], conditions: [] });
    expect(diff!.species).toEqual([]);
    const [, own] = readConversation(["Salmonella Dublin in a dairy herd — zoonotic?", "A kitten with scaly patches on its ears — is the Wood's lamp worth doing?"]);
    expect(own).toMatchObject({ species: ["cat"], pathogens: [], inherited: [] });
  });

  it("reads 'the methicillin-resistant one' and 'the main one in China' as one of what was just spoken of", () => {
    const [, mrsp] = readConversation(["What's the main bug behind canine pyoderma?", "can the methicillin-resistant one pass to people?"]);
    expect(mrsp!.conditions).toContain("pyoderma");
    const [, china, vaccine] = readConversation(["Ducklings dropping dead, opisthotonus. DHAV-3? what age is worst?", "which serotype's the main one in China?", "is there a vaccine for that one?"]);
    expect(china).toMatchObject({ acronyms: ["DHAV-3"], asked: ["type", "organism"], names: ["China"] });
    // Where it was asked of is not carried: the vaccine is for DHAV-3, wherever it is used.
    expect(vaccine).toMatchObject({ acronyms: ["DHAV-3"], names: [], asked: ["treatment"] });
  });

  it("reads 'anything you can do for it?' as asking the treatment, and 'normal rectal temperature range' as a quantity", () => {
    const [, care] = readConversation(["Ewe with itching and tremor. Scrapie's on the list. How long's the incubation?", "anything you can do for it?"]);
    expect(care!.asked).toEqual(["treatment"]);
    expect(frameOf("what's the normal rectal temperature range for a dog?").asked).toContain("quantity");
    expect(frameOf("what's driving it?").asked).toEqual(["cause"]);
    // A pressure asked is a quantity ("mean pressure >11 kPa").
    expect(frameOf("What saddle pressure is considered likely to cause back pain in horses?").asked).toContain("quantity");
    // A gloss after the question is part of it: the span asked is the withdrawal period.
    expect(frameOf("how long after a doramectin jab before the pigs can go for slaughter? ie meat withdrawal in days")).toMatchObject({ asked: ["duration"], attribute: "withdrawal" });
    // A diagnosis already made is told, not asked.
    expect(frameOf("What's the prognosis once a cat is diagnosed with FIP?").asked).toEqual(["prognosis"]);
    expect(frameOf("How is FIP diagnosed?").asked).toContain("diagnosis");
  });

  it("reads 'which vaccine do you use and how long does immunity last?' as asking of the disease spoken of", () => {
    const [, , vaccine] = readConversation(["PPR case fatality goats vs sheep?", "where is it endemic now?", "which vaccine do you use and how long does immunity last?"]);
    expect(vaccine).toMatchObject({ acronyms: ["PPR"], species: ["goat", "sheep"] });
    expect(vaccine!.inherited).toContain("acronyms");
  });

  it("reads the species of a question that asks 'is it the same in chinchillas?' after a statement about rabbits", () => {
    const question = "chinchilla breeder - one of the kits is weeing red. in rabbits that's just harmless plant porphyrins, is it the same in chinchillas?";
    expect(askingParts(question)).toEqual(["is it the same in chinchillas?"]);
    expect(frameOf(question).species).toEqual(["chinchilla"]);
    // (Both asked: "is that the same in rabbits and hares?")
    expect(frameOf("rabbits can have red urine from plant pigments, is that the same in rabbits and hares?").species).toEqual(["rabbit", "hare"]);
  });

  it("reads the species of a question that ends 'do dolphins as well?' after a statement about others", () => {
    expect(askingParts("revising testicular descent. elephants and hyraxes keep their testes in the abdomen — do dolphins as well?")).toEqual(["do dolphins as well?"]);
    // ("We've got…" states too.)
    expect(askingParts("We've got wild mallards on the pond next to the pheasant pens - can duck plague spread to pheasants?")).toEqual(["can duck plague spread to pheasants?"]);
    // (A yes/no question whose subject is an animal.)
    expect(askingParts("Mixed farm with ducks and a few ostriches - can the ostriches catch duck plague off the ducks?")).toEqual(["can the ostriches catch duck plague off the ducks?"]);
  });

  it("reads a list asked by its length ('the three ASF transmission cycles') and the sentence that states it", () => {
    const list = listAsked("What are the three ASF transmission cycles?");
    expect(list).toEqual({ count: "3", noun: "cycl" });
    expect(listAsked("ASF epi - what r the 3 transmission cycles and which one has warthogs")).toEqual(list);
    expect(statesList("Three independent epidemiologic cycles (sylvatic, tick-pig, and domestic) have been described.", list!)).toBe(true);
    expect(statesList("In the sylvatic cycle, ASF virus circulates between warthogs and soft ticks.", list!)).toBe(false);
    expect(listAsked("What does the virus do?")).toBeNull();
    // The cycles are asked, not how it is transmitted.
    expect(frameOf("What are the three ASF transmission cycles?").asked).not.toContain("transmission");
  });

  it("does not read a cited author as an animal ('(Fox, 2002)')", () => {
    expect([...speciesSpokenOf("…and secretion of bile salts (Fox, 2002). In dogs infectious canine hepatitis is rare.").species]).toEqual(["dog"]);
    expect([...speciesSpokenOf("Red foxes carry the virus.").species]).toEqual(["fox"]);
  });
});

describe("what a follow-up carries from a case told before its question", () => {
  it("carries the topic the question after the dash names, not the case told before it", () => {
    const [tortoise, viral] = readConversation(["Tortoise in with yellow cheesy plaques in its mouth and off its food - what's usually behind mouth rot in tortoises?", "how would we confirm the viral ones?"]);
    expect(tortoise!.askedTopic).toEqual(["mouth", "rot"]);
    expect(viral!.topic).not.toEqual(expect.arrayContaining(["yellow", "cheesy", "food"]));
    // (Not a question pointing back to what was told, nor one after a short statement.)
    expect(frameOf("Gastroesophageal intussusception in dogs — what age group gets it?").askedTopic).toEqual(expect.arrayContaining(["gastroesophageal", "intussusception"]));
    expect(frameOf("Leopard gecko is struggling to shed – what should I change in the setup?").askedTopic).toContain("shed");
  });

  it("reads a sign of its own whose cause is asked as a new subject, though the turn adds it 'as well'", () => {
    const [, regurgitation] = readConversation([
      "Presenting: 12yo MN Labrador, inspiratory stridor and voice change. I think it's acquired laryngeal paralysis. Is it just a local nerve problem?",
      "He's regurgitating as well. Most common cause of regurgitation in a dog?",
    ]);
    expect(regurgitation).toMatchObject({ species: ["dog"], conditions: [], asked: ["cause"] });
    expect(regurgitation!.signs).toEqual(["regurgitation"]);
    // (One that points back keeps the subject: "He's regurgitating as well. Could that be caused by it?")
    const [, caused] = readConversation([
      "Presenting: 12yo MN Labrador, inspiratory stridor and voice change. I think it's acquired laryngeal paralysis. Is it just a local nerve problem?",
      "He's regurgitating as well. Could that be caused by it?",
    ]);
    expect(caused!.conditions).toContain("acquired laryngeal paralysis");
  });

  it("reads a sign of its own whose treatment is asked as a new subject, the drug spoken of before left behind", () => {
    const [, , shed] = readConversation([
      "I breed royal pythons. Tonight I noticed tiny red-black specks tucked under the edges of the scales on two of them. What are they?",
      "What should I treat them with - which spray or ivermectin dilution for the snakes, and how many times do I repeat it?",
      "OK. One of the affected girls also has a bad stuck shed and the eye caps haven't come off. What can I do for that?",
    ]);
    expect(shed).toMatchObject({ species: ["snake"], drugs: [], asked: ["treatment"] });
    expect(shed!.signs).toContain("dysecdysis");
    // (A sign spoken of before keeps the drug: "and the scaly patches - how long do I keep using it?")
    const [, more] = readConversation(["Scaly itchy patches on my dog - is ivermectin used for mange?", "how often should I give the ivermectin for the scaly patches?"]);
    expect(more!.drugs).toContain("ivermectin");
  });

  it("does not carry the test the case was worked up with ('FNA showed mast cells')", () => {
    const [, prognosis] = readConversation(["9yo Boxer with a soft mass on the flank - FNA showed mast cells confined to the subcutis. Do we grade it with the cutaneous system?", "and the prognosis with surgery alone?"]);
    expect(prognosis!.acronyms).not.toContain("FNA");
    const [, hares] = readConversation(["How is RHDV2 confirmed in rabbits?", "and in hares?"]);
    expect(hares!.acronyms).toContain("RHDV2");
  });
});

describe("a turn that corrects the question before it", () => {
  const ewe = "Ewe with itching and a tremor, I'm thinking classical scrapie. How long do they usually incubate before signs show?";
  it("asks the question before again of the species it names, in place of the one it sets aside", () => {
    expect(correctedQuestion("sorry, I meant the goat not the sheep - it's the old doe in the same shed", ewe)).toBe(
      "goat with itching and a tremor, I'm thinking classical scrapie. How long do they usually incubate before signs show?",
    );
    expect(correctedQuestion("No wait, make that cattle, not pigs", "What is the dose of ivermectin for pigs?")).toBe("What is the dose of ivermectin for cattle?");
    // Naming none it sets aside: the one species the question before named.
    expect(correctedQuestion("oops, I meant goats", "What is the dose of ivermectin for pigs?")).toBe("What is the dose of ivermectin for goats?");
    // A question before that carried its species names none: it is asked of the one named.
    expect(correctedQuestion("sorry, I meant the goat kids not the pigs", "if I inject ivermectin, what dose?")).toBe("if I inject ivermectin, what dose in goat kids?");
    // Another word than a species, where the question before wrote it.
    expect(correctedQuestion("sorry, I meant dexmedetomidine, not medetomidine", "What dose of medetomidine for a cat?")).toBe("What dose of dexmedetomidine for a cat?");
  });

  it("corrects nothing when the turn is no correction or cannot be placed", () => {
    expect(correctedQuestion("sorry, is it contagious to goats?", ewe)).toBeNull();
    expect(correctedQuestion("What is meant by classical scrapie?", ewe)).toBeNull();
    expect(correctedQuestion("sorry, I meant dexmedetomidine, not medetomidine", ewe)).toBeNull();
    expect(correctedQuestion("Meant to ask - how is it spread?", ewe)).toBeNull();
  });
});

describe("how far a question word may be corrected", () => {
  it("never for species words, one edit for drug, pathogen and condition names, search's own limit for the rest", () => {
    for (const word of ["cats", "ferrets", "bovine", "alpacas"]) expect(correctableEdits(word), word).toBe(0);
    // (A drug class's name is spelled as it is: "statin" is no "stain".)
    for (const word of ["statin", "Statins", "NSAIDs"]) expect(correctableEdits(word), word).toBe(0);
    for (const word of ["prednisone", "famciclovir", "Pasteurella", "calicivirus", "thrombocytopenia", "venerealis", "gallinarum"]) expect(correctableEdits(word), word).toBe(1);
    for (const word of ["regressive", "lipopolysaccharide", "paravertebral"]) expect(correctableEdits(word), word).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("what a clinician's and an owner's wording asks (set 33's kinds)", () => {
  it("reads 'when will she get better?' as the time to recovery, and 'how does it spread?' as transmission", () => {
    const better = frameOf("when will she get better and can she still give it to our other cat after");
    expect(better.asked).toContain("duration");
    expect(better.attribute).toBe("resolution");
    expect(frameOf("when will she recover?").asked).toContain("duration");
    expect(frameOf("how does it spread - could the others catch it in the trailer?").asked).toContain("transmission");
    expect(frameOf("how does ASF get about?").asked).toContain("transmission");
    // (Waiting to bring new animals in: how long the pathogen lasts where the sick ones were.)
    expect(frameOf("how long should I wait before getting a new bunny?").attribute).toBe("persistence");
    expect(frameOf("how long before we can take new puppies in?").attribute).toBe("persistence");
    // ("Sound" and "back out on grass": recovered, as a farmer or a yard says it.)
    expect(frameOf("Ewe had a digit taken off. Realistically how long till she's sound and back out on grass?").attribute).toBe("resolution");
  });

  it("reads where an animal may catch it as the place asked of ('catch it in the trailer'), and '-wise' as about ('rehab-wise')", () => {
    expect(placesOfPersistence("how does it spread - could the others catch it in the trailer?")).toEqual(["trailer"]);
    expect(withoutChatter("rehab-wise, what exercises?")).toBe("rehab, what exercises?");
  });

  it("carries the disease, not what was measured, into a question on the outcome", () => {
    const [, , outcome] = readConversation([
      "Handover: 7mo DSH, pyrexic, ascites, ?wet FIP, AGP still pending. How much should I lean on the AGP?",
      "the CSF from yesterday came back neutrophilic with high protein - does that clinch it?",
      "and if they decline, what are we looking at survival-wise?",
    ]);
    expect(outcome!.acronyms).toEqual(["FIP"]);
  });

  it("reads a label saying who asks or what for as no topic ('Shelter manager:', 'Translating a leaflet:')", () => {
    expect(frameOf("Shelter manager: parvo in the puppy block - how long does the virus survive in kennels?").topic).not.toContain("manager");
    expect(frameOf('Translating a leaflet: what does "persistently infected" mean for a calf?').topic).toEqual(["persistently"]);
    expect(frameOf("Colic surgery follow-up: how long is box rest?").topic).toContain("colic");
  });

  it("reads 'what shampoo to get' as asking for a product by its name", () => {
    expect(frameOf("my dad's westie has Malassezia and he wants to know what shampoo to get").asked).toContain("drug");
  });

  it("reads what a handover says as the case, not a diagnosis put forward, and a sentence after a quotation as opening its sentence", () => {
    const handover = frameOf("handover says 11yo lab, acquired lar par, ?GOLPP. what does the GOLPP label actually imply?");
    // (The condition it names by shorthand, not one put forward: "acquired lar par" is no diagnosis's name.)
    expect(handover.conditions).toEqual(["laryngeal paralysis"]);
    expect(suspectedDiagnosis("handover says 11yo lab, acquired lar par")).toBeNull();
    expect(suspectedDiagnosis("vet says it's parvo - how long?")).toBe("parvo");
    expect(frameOf("fact-check: 'cancer-sniffing dogs are now 99% accurate.' Fair summary?").names).toEqual([]);
  });

  it("does not carry the cause spoken of into 'what else causes…?', and keeps the species", () => {
    const [, , other] = readConversation([
      "your colleague said we need to find the PI calves for BVD. why does it matter so much?",
      "would it be behind the coughing calves as well?",
      "what else causes pneumonia in the young ones?",
    ]);
    expect(other!.acronyms).toEqual([]);
    expect(other!.species).toEqual(["cattle"]);
    expect(other!.topic).toContain("pneumonia");
  });

  it("reads a disease put forward whose name holds a sign ('the vet says septic pedal arthritis') as the condition asked of", () => {
    const ewe = "One of my ewes has a hugely swollen claw and the vet says septic pedal arthritis. Will a long course of antibiotics sort it?";
    expect(frameOf(ewe).conditions).toEqual(["septic pedal arthritis"]);
    const [, toe] = readConversation([ewe, "how do they take the toe off then?"]);
    expect(toe!.conditions).toEqual(["septic pedal arthritis"]);
  });

  it("reads 'what tends to happen to them?' as the outcome asked, and catching it 'off the horse next door' as its spread", () => {
    expect(frameOf("and if she doesn't respond, what tends to happen to them?").asked).toContain("prognosis");
    expect(frameOf("what happens to the litters?").asked).not.toContain("prognosis");
    expect(frameOf("Could it have caught it off the horse in the next stable?").asked).toContain("transmission");
    expect(frameOf("can she catch it from the other cats?").asked).toContain("transmission");
    expect(frameOf("Could it have caught a cold?").asked).not.toContain("transmission");
    expect(frameOf("Once the ulcers clear up, are they still spreading it?").asked).toContain("transmission");
    expect(frameOf("Could she still be carrying the virus?").asked).not.toContain("transmission");
    expect(frameOf("so is she a risk to the others in with her?").asked).toContain("transmission");
    expect(frameOf("is obesity a risk to her health?").asked).not.toContain("transmission");
  });

  it("reads the language a translator writes in as no name the passages must hold ('into Italian'), and a nationality before a noun as one", () => {
    expect(frameOf("Translating a pathology glossary into Italian - how should I explain the difference between AA amyloid and AL amyloid?").names).toEqual([]);
    expect(frameOf("Translating: does bluetongue occur in Italian sheep?").names).toEqual(["Italian"]);
  });

  it("reads 'how young can calves have the jab?' as asking an age", () => {
    const frame = frameOf("Beef farmer: how young can calves have the bluetongue jab?");
    expect(frame.asked).toContain("duration");
    expect(frame.attribute).toBe("age");
    expect(frameOf("What is the youngest age a puppy can have it?").attribute).toBe("age");
  });

  it("reads 'Could that be a pneumothorax?' after what an owner says at length as the diagnosis put forward", () => {
    expect(suspectedDiagnosis("Triage line: owner says her cat fell off a fourth-floor balcony and is now breathing hard with her mouth open. Could that be a pneumothorax?")).toBe("pneumothorax");
    expect(suspectedDiagnosis("Owner says her dog has been drinking loads and peeing everywhere. What could cause that?")).toBeNull();
  });

  it("reads 'how big a risk' as asking how serious a risk is, not a quantity", () => {
    expect(frameOf("how big a hepatitis E risk is pork to consumers?").asked).not.toContain("quantity");
    expect(frameOf("how big is the spleen in a horse?").asked).toContain("quantity");
  });
});

describe("who asks and what they keep, told around the question", () => {
  it("reads 'Breeder here,' as who asks", () => {
    expect(leadingLabel("Breeder here, one pup in my litter has bloody diarrhoea. How serious is it?")).toBe("Breeder here");
    expect(leadingLabel("Here, what is the dose of meloxicam in cats?")).toBeNull();
  });

  it("reads a Basset, a cattery and a suckler beef herd as their species, and people who use a dose as no patients", () => {
    const basset = frameOf("Basset with Malassezia that isn't clearing on shampoo alone - what oral itraconazole dose do people use?");
    expect(basset.species).toEqual(["dog"]);
    expect(frameOf("I run a small cattery with a couple of stud toms. What are the risk factors for FIV?").species).toEqual(["cat"]);
    const suckler = frameOf("Suckler beef herd - if I vaccinate the cows against bluetongue, how many injections do they need?");
    expect(suckler.species).toEqual(["cattle"]);
    expect(suckler.topic).not.toContain("suckler");
    // (Suckling piglets are "sucklers" too.)
    expect(frameOf("do the sucklers or the sows get it?").species).toEqual(["pig"]);
    // (People a disease is likened in are compared with, not asked of.)
    expect(frameOf("is it like Alzheimer's in people then?").species).toEqual([]);
    expect(frameOf("why not, if it helps people?").species).toEqual([]);
    expect(frameOf("Can people catch it?").species).toEqual(["human"]);
  });

  it("keeps the names a case tells when the question chooses between them ('Which of the two acts faster?')", () => {
    const choice = frameOf("Client on the phone asking whether Apoquel or Cytopoint would stop her itchy westie scratching quicker. Which of the two acts faster in atopic dogs?");
    expect(choice.names).toEqual(expect.arrayContaining(["Apoquel", "Cytopoint"]));
    expect(frameOf("We moved here from Devon last spring. Which wormer acts faster in dogs?").names).not.toContain("Devon");
  });

  it("reads 'Is that blood?' after a case as asking what a sign is, no diagnosis put forward", () => {
    expect(suspectedDiagnosis("Six-week-old pup from my litter is doing pinkish wee. Is that blood?")).toBeNull();
    expect(suspectedDiagnosis("One pup has bloody diarrhoea and won't eat. Parvo?")).toBe("Parvo");
  });

  it("reads 'why did it rip through the whole litter?' as asking how it spread", () => {
    expect(frameOf("why did it rip through the whole litter so fast?").asked).toContain("transmission");
    expect(frameOf("why did it rip through the whole litter so fast?").topic).not.toContain("rip");
  });

  it("reads a spacing told for another animal ('same as the cows, two shots a fortnight apart?') as the spacing asked", () => {
    expect(frameOf("Bluetongue jab for the goats - same as the cows, two shots a fortnight apart, or is it different for goats?").asked).toEqual(expect.arrayContaining(["comparison", "interval"]));
    expect(frameOf("Is the bluetongue vaccine for goats the same as for cows?").asked).not.toContain("interval");
  });

  it("reads the span before testing again as one between tests", () => {
    expect(frameOf("Kitten tested antigen-negative on arrival. How many weeks should we wait before testing her again?").attribute).toBe("checks of test");
    expect(frameOf("How long is the incubation period of FeLV?").attribute).toBe("incubation");
  });
});

describe("cases told by sitters, students and farmers in their own words", () => {
  it("reads a springer a dog-sitter looks after, and Lop kits, as their species", () => {
    expect(frameOf("Dog-sitting a springer this week and he's holding a front paw up. What usually causes that?").species).toEqual(["dog"]);
    expect(frameOf("Are our Lop kits under 4 weeks old at risk from RHDV2?").species).toEqual(["rabbit"]);
    expect(frameOf("Are our Lop kits under 4 weeks old at risk from RHDV2?").names).not.toContain("Lop");
  });

  it("reads a sentence opener before a word ('Besides trauma') as no organism, and dosing intervals put forward as no diagnosis", () => {
    expect(frameOf("Cat in after a balcony fall, pneumothorax. Besides trauma, what commonly causes pneumo in cats?").pathogens).toEqual([]);
    expect(suspectedDiagnosis("Pig deworming Rx: doramectin IM dose per 10 kg BW? and freq for adults vs growers - q6mo / q2mo?")).toBeNull();
    expect(suspectedDiagnosis("Sow off her food and feverish - erysipelas?")).toBe("erysipelas");
  });

  it("reads 'what are the possible ways this can go for her?' as asking the outlook, and who coordinates a rescue of strays as no topic", () => {
    const felv = frameOf("I coordinate a cat rescue. A new stray just came up FeLV positive on the in-house test - what are the possible ways this can go for her?");
    expect(felv.asked).toContain("prognosis");
    expect(felv.topic).not.toEqual(expect.arrayContaining(["coordinate"]));
    expect(felv.topic).not.toContain("stray");
  });

  it("reads 'how specific is a Wood's lamp … what percentage really have ringworm?' as asking the test's specificity", () => {
    expect(frameOf("how specific is a Wood's lamp for M. canis? out of the cats that glow, what percentage really turn out to have ringworm?").attribute).toBe("specificity");
    expect(frameOf("what percentage of cats with ringworm glow under a Wood's lamp?").attribute).not.toBe("specificity");
  });

  it("reads 'I got asked what buphthalmos means' as asking a definition", () => {
    expect(frameOf("on another note, on rounds I got asked what buphthalmos means in a horse and completely blanked").asked).toContain("definition");
    expect(frameOf("on another note, on rounds I got asked what buphthalmos means in a horse and completely blanked").topic).toEqual(["buphthalmos"]);
    expect(frameOf("what it means for the herd is another matter").asked).not.toContain("definition");
  });

  it("reads another name a question gives a thing ('STING aka TMEM173') as no name the passages must write", () => {
    expect(frameOf("STING aka TMEM173 - where does it sit in the cell?").names).toEqual([]);
    expect(frameOf("Where does TMEM173 sit in the cell?").names).toEqual(["TMEM173"]);
  });

  it("reads 'what does BORSA mean, and how…' as asking a definition, not 'what does FeLV mean for her'", () => {
    expect(frameOf("What does BORSA mean, and how does it differ from MRSA?").asked).toContain("definition");
    expect(frameOf("What does a positive FeLV test mean for her?").asked).not.toContain("definition");
  });
});

describe("follow-ups that point back past a turn that named nothing", () => {
  it("reads 'could the wild hares be bringing it in?' after a question on the hutches as of the disease spoken of before", () => {
    const frames = readConversation([
      "Rabbit rescue coordinator here - two of our rabbits died overnight and looked completely fine the day before. Could that be RHDV2?",
      "how long do we have to leave the hutches empty after disinfecting before we take new bunnies in?",
      "could the wild hares round the centre be bringing it in?",
    ]);
    expect(frames[2]!.acronyms).toEqual(["RHDV2"]);
    expect(frames[2]!.species).toEqual(["hare"]);
  });

  it("reads 'what makes a cat more likely to turn up positive?' as asking the risk factors", () => {
    expect(frameOf("what makes a cat more likely to turn up positive for FeLV in the first place?").asked).toContain("cause");
    expect(frameOf("what makes a cat more likely to turn up positive for FeLV in the first place?").asked).not.toContain("comparison");
  });
});

describe("questions told as people talk on the radio, in texts and at a farm gate", () => {
  it("asks with a question typed without its mark after one with it ('…undigested?? vet said megaesophagus. whats that')", () => {
    const question = "my friends dog keeps bringing food back up like not even throwing up it just slides out undigested?? vet said megaesophagus. whats that ngl never heard of it";
    expect(askingClause(question)).toBe("whats that ngl never heard of it");
    expect(askingClause("A 3-year-old ewe aborted last week. Which vaccine prevents abortion in the flock?")).toBe("Which vaccine prevents abortion in the flock?");
    // (Texting words are no topic.)
    expect(frameOf(question).topic).not.toContain("ngl");
    expect(frameOf(question).topic).not.toContain("friends");
  });

  it("reads a listener, a caller or an email as who asks: a place only they name is not asked of", () => {
    expect(frameOf("Email from a listener in Leeds: can dogs really sniff out cancer, and how accurate are they?").names).toEqual([]);
    expect(frameOf("Email from a listener in Leeds: can dogs really sniff out cancer, and how accurate are they?").places).toEqual([]);
    expect(frameOf("Shelter vet in Leeds: how common is FIV in Leeds cats?").places).toEqual(["Leeds"]);
    // ("Practice manager updating our poster:" asks of no management.)
    expect(frameOf("Practice manager updating our zoonoses poster for farm clients: which salmonella types from livestock actually make people ill?").asked).not.toContain("treatment");
    expect(frameOf("Herd manager: how do we manage BVD?").asked).toContain("treatment");
  });

  it("reads 'what's the steer on' as asking for guidance, and a steer on the farm as cattle", () => {
    expect(frameOf("On a sow unit, PRRS keeps bubbling back. Replacement gilts are coming in naive. What's the steer on gilt development?").species).toEqual(["pig"]);
    expect(frameOf("A steer on our farm has bloat: what now?").species).toEqual(["cattle"]);
    expect(frameOf("The steer on the scales is lame, why?").species).toEqual(["cattle"]);
  });

  it("reads an eventer as a horse, and the animal a case compares its disease with as compared only ('the same … thing older Labradors get')", () => {
    expect(frameOf("My eventer has just been scoped and called a roarer. Is that the same laryngeal paralysis and polyneuropathy thing older Labradors get, so should I expect him to get wobbly?").species).toEqual(["horse"]);
    expect(frameOf("Half my weaned calves have runny, cloudy eyes and squint in the sun. Is it the same Mycoplasma or Chlamydophila pink eye that sheep get, and would oxytetracycline sort it?").species).toEqual(["cattle"]);
  });

  it("asks a withdrawal before slaughter or the milk tank, how long a solution keeps, how long animals stay contagious and how soon signs show", () => {
    expect(frameOf("The vet removed my ewe's eye last week and she's still on antibiotics. How many days after all that before I can send her off for slaughter?").attribute).toBe("withdrawal");
    expect(frameOf("If I use the long-acting oxytetracycline injection, how long does their milk have to stay out of the tank?").attribute).toBe("withdrawal");
    expect(frameOf("When we make up MS222 for frogs, how long can the made-up solution be kept in the fridge?").attribute).toBe("storage");
    expect(frameOf("Our ferrets all seem better now. How long after recovering are they still contagious?").attribute).toBe("contagious");
    expect(frameOf("If it's flu, how many days before the rest of the string would show signs?").attribute).toBe("incubation");
    expect(readConversation(["we're getting another bunny from a market, how long do i keep it separate?", "and if the new one had rhd2 how fast would it show"])[1]!.attribute).toBe("incubation");
  });

  it("puts forward what the vet said is there ('vet said theres air round her lungs')", () => {
    expect(suspectedDiagnosis("my cat fell off our balcony and now shes breathing weird, vet said theres air round her lungs?? how does that even happen")).toBe("air round her lungs");
  });

  it("keeps the case spoken of in a follow-up about 'the bug' or 'the smear'", () => {
    const frames = readConversation([
      "Fish lab here: gill scrapes from a batch of farmed trout are covered in long thin rods, fish gasping at the surface. Bacterial gill disease?",
      "can I actually name the bug from the smear alone?",
    ]);
    expect(frames[1]!.conditions).toEqual(["bacterial gill disease"]);
  });

  it("keeps the disease spoken of in a follow-up asking about 'the domestic cat vaccine'", () => {
    const frames = readConversation([
      "Big cat keeper: our two tiger cubs have mouth ulcers and runny eyes. Can tigers even get calicivirus?",
      "would vaccinating them fully protect them?",
      "what dose of the domestic cat vaccine would a 10 kg cub need, and from what age?",
      "is there a nastier form of it we should be watching for?",
    ]);
    expect(frames[2]!.pathogens).toEqual(["calicivirus"]);
    expect(frames[3]!.pathogens).toEqual(["calicivirus"]);
  });

  it("takes the condition an answer gives as the cause of signs as what a follow-up's 'the same thing' is, not a finding it lists", () => {
    const dog = frameOf("Radio phone-in: a listener's young dog brings food straight back up, undigested, no heaving, and he's getting thin. What's the commonest cause?");
    expect(withAnswersSubject(dog, "Idiopathic Megaesophagus Idiopathic megaesophagus is the most common cause of regurgitation in the dog. [1]").conditions).toEqual(["megaesophagus"]);
    const pigs = frameOf("Pig farmer here - growers with high temperatures, purple ears and feet, a few vomiting and wobbly on their back legs, and two sows have aborted.");
    expect(withAnswersSubject(pigs, "In its acute form, typical clinical signs can include fever, hyperaemia or cyanosis of the extremities, loss of appetite and vomiting. [1]").conditions).toEqual(pigs.conditions);
  });

  it("reads 'can it spread to my dairy cows?' as asking whether the cows get it", () => {
    expect(asksWhetherSpeciesGets("Goat pox has turned up in the next village. Can it spread to my dairy cows, or is it only a goat and sheep problem?")).toBe(true);
    expect(asksWhetherSpeciesGets("How does it spread to cows?")).toBe(false);
  });

  it("reads 'which cats get it most' and 'most at risk' as asking the risk factors, texted without a question mark too", () => {
    expect(frameOf("is it bad if my boy cat goes out at night and gets in fights? my mum says he could get FIV. like which cats get it most").asked).toContain("cause");
    expect(frameOf("Which dogs are most at risk of leptospirosis?").asked).toContain("cause");
    expect(frameOf("Which dogs get leptospirosis?").asked).not.toContain("cause");
  });

  it("reads the animals 'or is it only a goat and sheep problem' and 'tell it apart from pox in Ovis aries' name as compared only", () => {
    expect(frameOf("Goat pox has turned up in the next village. Can it spread to my dairy cows, or is it only a goat and sheep problem?").species).toEqual(["cattle"]);
    expect(comparedOnlyWords("Can serology tell it apart from pox in Ovis aries?")).toEqual(expect.arrayContaining(["ovis", "aries"]));
    expect(comparedOnlyWords("Is it the same in dogs as in cats and ferrets?")).toEqual(expect.arrayContaining(["cats", "ferrets"]));
  });

  it("reads the animal 'than it would be in a goat' names as compared only, so 'them' are the animals told of", () => {
    expect(comparedOnlyWords("Is open-mouth panting more worrying in them than it would be in a goat?")).toContain("goat");
    expect(comparedOnlyWords("Is the dose higher for a llama than it is for a sheep?")).toContain("sheep");
    const told = frameOf("We've just bought three llamas to run with our sheep. One has a swollen jaw. Is that more serious in them than it would be in a sheep?");
    expect(told.species).toContain("llama");
  });

  it("reads no animal in an author cited ('Bullock 1972', 'Lamb et al.')", () => {
    expect([...speciesIn("Outbreaks of BGD tend to occur when conditions deteriorate (Bullock 1972; Schachte 1983).").species]).toEqual([]);
    expect([...speciesIn("As Lamb et al. showed, rams are seasonal.").species]).toEqual(["sheep"]);
    expect([...speciesIn("The lamb 2010 cohort").species]).toEqual(["sheep"]);
  });

  it("reads 'how are they picking it up?' as transmission, and 'we use surgical spirit on the dogs' after a question as a comparison", () => {
    expect(frameOf("how are they picking it up?").asked).toContain("transmission");
    expect(frameOf("how is she catching it?").asked).toContain("transmission");
    expect(frameOf("what do i clean the skin with? we use surgical spirit on the dogs").species).toEqual([]);
    // ("…same as I would on a dog?" likens to the dog: the newt spoken of is still asked about.)
    const [, spirit] = readConversation(["Where do I take blood from on a newt?", "Can I wipe the site with surgical spirit first, same as I would on a dog?"]);
    expect(spirit!.species).toEqual(["salamander"]);
    // (Said before the question, the animals are the ones asked of.)
    expect(frameOf("We use ivermectin on our sheep. What withdrawal period applies?").species).toEqual(["sheep"]);
  });

  it("reads what a disease costs producers as its economic impact, and 'how much' as a price", () => {
    expect(frameOf("What does Fasciola actually cost the producer in cattle?").attribute).toBe("economic impact");
    expect(frameOf("What lesions should we expect in ducks with duck virus enteritis, and is carcass condemnation a recognised cost of it?").attribute).toBe("economic impact");
    expect(frameOf("How much does the SCID DNA test cost?").attribute).toBeNull();
    expect(frameOf("How much does scrapie cost the sheep industry?").attribute).toBeNull();
  });

  it("reads 'how many in dogs' as counting something in dogs, not dogs", () => {
    expect(frameOf("canine norovirus genotypes - how many in dogs?").attribute).not.toBe("dogs");
    expect(frameOf("How many serotypes are there?").attribute).toBe("serotypes");
  });

  it("reads no topic in 'in plain terms', 'everyone' or an episode being recorded", () => {
    expect(frameOf("Podcast host here - we're doing an episode on prion diseases. In plain terms, what is scrapie?").topic).not.toEqual(expect.arrayContaining(["plain"]));
    expect(frameOf("Podcast host here - we're doing an episode on prion diseases. In plain terms, what is scrapie?").topic).not.toEqual(expect.arrayContaining(["episode"]));
    expect(frameOf("everyone keeps warning me about barber's pole worm. What does it actually do?").topic).not.toEqual(expect.arrayContaining(["everyone"]));
    expect(frameOf("Which agent is behind the FURTD, so I can prioritise what little testing we can afford?").topic).not.toEqual(expect.arrayContaining(["little"]));
  });

  it("reads where talk was heard ('everyone at the market was on about…', 'someone at the club said…') as no topic", () => {
    expect(frameOf("Different subject - everyone at the market was on about African swine fever. Why's it such a big deal?").topic).not.toContain("market");
    expect(frameOf("I lost several carp this spring, and someone at the club said spring viraemia of carp. What is it exactly?").topic).not.toContain("club");
    expect(frameOf("Which diseases spread at the market?").topic).toContain("market");
  });

  it("reads 'how warm does the water have to get' as asking a temperature", () => {
    const frame = frameOf("how warm does the water have to get before it stops?");
    expect(frame.asked).toContain("quantity");
    expect(frame.attribute).toBe("temperature");
  });

  it("reads the animals of a reason given ('since that parvovirus hits mink and ferrets') as told, not asked about", () => {
    expect(frameOf("Sanctuary keeper: one of our Eurasian otters has tarry black droppings. Could Aleutian disease be behind it, since that parvovirus hits mink and ferrets?").species).toEqual(["mustelid-wild"]);
  });

  it("reads the animals a later clause points back to ('…and could they give it to our dogs?') beside those it names", () => {
    expect(frameOf("Wildlife rehabber - we keep getting raccoons in with crusty eyes and twitching. Is that canine distemper, and could they give it to our dogs?").species).toEqual(["raccoon", "dog"]);
  });

  it("reads 'equine metabolic syndrome' as a disease's name, not horses asked about", () => {
    expect(frameOf("Is equine metabolic syndrome diagnosed and managed the same way in donkeys as in horses?").species).toEqual(["donkey"]);
  });

  it("reads how long a test takes to come back from the lab as its turnaround", () => {
    expect(frameOf("Arabian stud owner: how long does the SCID carrier DNA test take to come back from the lab?").attribute).toBe("turnaround");
  });

  it("reads a pet's name after a comma ('my other cat, Smudge'), 'most likely to come up positive' as risk, and 'what does that mean?' after a quoted word as its definition", () => {
    expect(petNames("could she give it to my other cat, Smudge?")).toEqual(["Smudge"]);
    expect(frameOf("could she give it to my other cat, Smudge?").asked).toContain("transmission");
    expect(frameOf("which cats are most likely to come up positive?").asked).toContain("cause");
    expect(frameOf("he also said something about it maybe being 'regressive'. what does that mean?").asked).toContain("definition");
    expect(frameOf("Her ALT is 300. What does that mean?").asked).not.toContain("definition");
  });

  it("reads 'sorry to jump about -' as a switch of topic, and 'a good answer' as no topic", () => {
    expect(frameOf("Sorry to jump about - the farmer's wife asked if she should wash the mucky eggs before she sells them.").topic).not.toContain("jump");
    expect(frameOf("which antimicrobials should a good answer name?").topic).not.toContain("answer");
  });

  it("reads how long affected animals last as their survival, not how long a vaccine lasts", () => {
    expect(frameOf("how long do affected foals last?").attribute).toBe("survival");
    expect(frameOf("SCID in Arabians: if a colt or filly is born with it, how long do they usually last?").attribute).toBe("survival");
    expect(frameOf("how long does the vaccine protection last?").attribute).not.toBe("survival");
  });

  it("reads how animals get tested as the diagnosis asked, and how it gets from one host to another as its transmission", () => {
    expect(frameOf("How do cats usually get tested for FIV and FeLV? We rehome a few through the shop.").asked).toContain("diagnosis");
    expect(frameOf("How are cats tested for FIV?").asked).toContain("diagnosis");
    expect(frameOf("my cat tested positive for FIV, what now?").asked).not.toContain("diagnosis");
    expect(frameOf("so how does it get from them to pigs?").asked).toContain("transmission");
    expect(frameOf("how does it get into a herd?").asked).toContain("transmission");
  });

  it("reads the animal a dose is 'the same … that's used for' as compared with, and asks of the case's animal", () => {
    expect(frameOf("A beef farmer rang wanting to know how much doramectin to inject into his bullocks. Is it the same 3 mg per 10 kg that's used for pigs?").species).toEqual(["cattle"]);
    expect(frameOf("Is the doramectin dose for pigs the same 3 mg per 10 kg?").species).toEqual(["pig"]);
  });

  it("reads what a drug is aimed at as no drug asked", () => {
    expect(frameOf("Why would the vet want an antibiotic alongside ivermectin for a heartworm-positive dog? What is the antibiotic actually aimed at?").asked).not.toContain("drug");
    expect(frameOf("What antibiotic is used for heartworm in dogs?").asked).toContain("drug");
  });

  it("reads 'how many of the … die?' as the share that dies", () => {
    expect(frameOf("how many of the really acute ones die?").asked).toContain("rate");
    expect(frameOf("how many of the really acute ones die?").asked).not.toContain("count");
  });

  it("reads how long a disease lasts as its course until it resolves, even when its name holds the animal's", () => {
    expect(frameOf("How long does ferret coronavirus enteritis usually last in young ones?").attribute).toBe("resolution");
    expect(frameOf("How long does the diarrhoea last in ferrets?").attribute).toBe("resolution");
    expect(frameOf("how long do affected ferrets last?").attribute).toBe("survival");
  });

  it("reads a brand asked, a person asked ('who first described…?') and how long an opened product keeps", () => {
    expect(frameOf("What brand of ivermectin injection should I buy for my pigs?").asked).toContain("brand");
    expect(frameOf("which pancreatic islet cells make somatostatin?").asked).not.toContain("brand");
    expect(frameOf("Who first described scrapie in sheep?").asked).toContain("person");
    expect(frameOf("Which scientist discovered feline calicivirus?").asked).toContain("person");
    expect(frameOf("Who should I call about a notifiable disease?").asked).not.toContain("person");
    expect(frameOf("How long does an opened bottle of chlorhexidine shampoo keep?").attribute).toBe("storage");
  });

  it("reads the animal a question says it is not about as no asked animal ('Not a chicken question this time - my rabbit…')", () => {
    expect(frameOf("Not a chicken question this time - my house rabbit's wee has gone bright red. Could dandelions do that?").species).toEqual(["rabbit"]);
    expect(frameOf("Nothing to do with the hens: how do I worm my goats?").species).toEqual(["goat"]);
    expect(frameOf("It's not a good one - what dose of meloxicam for cats?").species).toEqual(["cat"]);
  });

  it("reads 'how many moggies end up with it' as a share of the cats, and nannies and nags as goats and horses", () => {
    const moggies = frameOf("How many moggies end up with chronic gingivostomatitis?");
    expect(moggies.asked).toContain("rate");
    expect(moggies.attribute).toBeNull();
    expect(frameOf("Do nannies get scrapie as often as the ewes do?").species).toContain("goat");
    expect(frameOf("How many vertebrae does a nag have in its spine?").species).toEqual(["horse"]);
    // ("How many are approved altogether?" counts what was spoken of: no thing named "are".)
    expect(frameOf("how many are approved altogether?").attribute).toBeNull();
  });

  it("reads pets said beside an animal they do not list as said in passing, and a disease named with a sign's word as no sign of the case", () => {
    const bunnies = frameOf("Customer wants a pair of bunnies but says a rabbit virus has been killing pets round her way. If one picks up RHDV2, how long before it shows?");
    expect(bunnies.species).toEqual(["rabbit"]);
    expect(bunnies.groups).toEqual([]);
    // (Pets beside an animal they list are asked about, as are pets alone.)
    expect(frameOf("Can dogs and other pets catch it?").groups).toHaveLength(1);
    expect(frameOf("Can pets catch it?").groups).toHaveLength(1);
    // Warthogs and bushpigs are animals of their own, suids as pigs are.
    expect(frameOf("oh and, we've got warthogs arriving next month. Do they carry African swine fever?")).toMatchObject({ species: ["warthog"], topic: [], signs: [] });
    expect(frameOf("Do bushpigs get sick with it?").species).toEqual(["bushpig"]);
    // ("they" after a sentence naming the animals is those animals: the question carries nothing of the case before.)
    const tigers = frameOf("Zoo vet here - two of our young tigers have tongue ulcers and runny eyes. Could this be calicivirus?");
    expect(readQuestion("oh and, we've got warthogs arriving next month. Do they carry African swine fever?", tigers)).toMatchObject({ species: ["warthog"], pathogens: [], signs: [], inherited: [] });
    expect(readQuestion("Do they shed it for long?", tigers).inherited).toContain("pathogens");
    expect(speciesIn("other African suids").groups.size).toBe(1);
    // (A sign said as one still is.)
    expect(frameOf("Pig with a high fever and blotchy skin - could it be African swine fever?").signs).toContain("pyrexia");
    expect(frameOf("Dog with a fever and bloody diarrhoea, could it be parvo?").signs).toEqual(["pyrexia", "haematochezia"]);
  });

  it("reads how long lice live off the birds as how long they last outside a host, and how long to keep an animal apart as its isolation", () => {
    expect(frameOf("How long can chicken body lice live off the birds?")).toMatchObject({ asked: ["duration"], attribute: "persistence" });
    expect(frameOf("How long do chicken lice live?").attribute).toBe("survival");
    expect(frameOf("Once it clears up, how many weeks should I keep him apart from my other two ferrets?")).toMatchObject({ asked: ["duration"], attribute: "isolation" });
    expect(frameOf("How long should a cat with ringworm be kept in isolation?").attribute).toBe("isolation");
    expect(frameOf("How long does a ferret's green slime diarrhoea last?").attribute).not.toBe("isolation");
    // (Said in the clause that asks how long, not in a question beside it.)
    expect(frameOf("do they live off the bird at all? how long's their life cycle?").attribute).not.toBe("persistence");
    expect(frameOf("When do the clinical signs usually ease, and why should they stay isolated after they look better?").attribute).not.toBe("isolation");
    // ("How long could it be brewing before I'd notice?": until the signs show, the incubation.)
    expect(frameOf("how long could it be brewing before I'd notice?")).toMatchObject({ asked: ["duration"], attribute: "incubation" });
    expect(frameOf("how long could it be brewing before I'd notice?").topic).not.toContain("brewing");
    // ("How long after exposure would signs show?" too; whatever the case of its first letter, the signs are not asked.)
    expect(frameOf("Growers with high fevers and purple ear tips, CSF is on my list. How long after exposure would signs show?")).toMatchObject({ asked: ["duration"], attribute: "incubation" });
    expect(frameOf("How long before pigs with CSF show signs?")).toMatchObject({ asked: ["duration"], attribute: "incubation" });
    expect(frameOf("How long after infection do calicivirus signs settle in kittens?").attribute).not.toBe("incubation");
  });

  it("reads who asks ('I'm the SQP on the counter…', 'Retired small-animal vet catching up…:', 'Query from a GP:', a school project) as no topic", () => {
    const sqp = frameOf("I'm the SQP on the counter at a farm-and-pet merchant. A lady wants a shampoo for her spaniel's yeasty Malassezia skin - what should I look for?");
    expect(sqp.topic).not.toContain("counter");
    expect(sqp.acronyms).not.toContain("SQP");
    // (Not a sentence that names what it is about: "I'm a public-health officer drafting a zoonotic TB briefing.")
    expect(frameOf("I'm a public-health officer drafting a zoonotic TB briefing. Roughly what share of human TB is caused by M. bovis?").acronyms).toContain("TB");
    expect(frameOf("Retired small-animal vet catching up on the literature: why are heartworm protocols adding antibiotics these days?").topic).not.toContain("retired");
    expect(frameOf("Environmental health officer: Salmonella Typhimurium has been isolated on a dairy farm. What should I tell the family?").topic).not.toContain("officer");
    expect(frameOf("Query from a GP: can MRSA pass between pet dogs and their owners?").topic).not.toContain("query");
    expect(frameOf("hi im doing a school project on chickens. what part of their brain makes them feel hungry or full?").topic).not.toContain("project");
    expect(frameOf("ok random q for my science project, do ducks see colours the same as us?").topic).not.toContain("science");
    // ("For my science fair project about ducks -" says what the question is about; "colours that people can't" compares.)
    expect(frameOf("For my science fair project about ducks - can they see colours that people can't?")).toMatchObject({ species: ["duck"], topic: ["colours"] });
    expect(frameOf("we had a variant flu case linked to a county fair last summer. why are the fairs such a hotspot?").topic).toContain("fair");
  });

  it("reads a clinical shorthand ('Abx') as no name, Suffolks as sheep, a dairy herd beside goats as goats, and the rest of a flock as no rest", () => {
    expect(frameOf("which std tx (NSAIDs, Abx, anti-LPS, IVF) get limited w/ renal compromise in a horse?").names).not.toContain("Abx");
    expect(frameOf("Our Suffolks keep getting footrot - how many D. nodosus serogroups are there?").species).toEqual(["sheep"]);
    expect(frameOf("We're thinking of bringing in goats from India to improve the dairy herd. What does goat pox look like?").species).toEqual(["goat"]);
    expect(frameOf("What's the dairy herd's risk of BVD?").species).toEqual(["cattle"]);
    expect(frameOf("What should I watch for in the rest of the flock?").topic).not.toContain("rest");
    // Wild animals the knowledge base may never name are animals all the same, not topic words.
    expect(frameOf("Which vein is best for bloods in a pelican?").species).toEqual(["pelican"]);
    expect(frameOf("Do okapis get it?").species).toEqual(["okapi"]);
    expect(frameOf("Is TB a risk for our orangutans and gorillas?").species).toEqual(["great-ape"]);
    // (Not a verb that is an animal's name too: a cockerel crows, a lame dog bears weight.)
    expect(frameOf("Why does my cockerel crow all night?").species).toEqual(["chicken"]);
    expect(frameOf("He bears weight on the leg now - can he go out?").species).toEqual([]);
    // An animal's word before a wild animal's name is part of that name; a practice told of hens is no question of hens.
    expect(frameOf("Herp keeper needing bloods from a tiger salamander - which vessel do I use?").species).toEqual(["salamander"]);
    expect(speciesModifiers("a tiger salamander and a leopard gecko")).toEqual(["tiger"]);
    expect(frameOf("is it true cattle/buffalo are behind most human S. japonicum transmission in China?").species).toEqual(expect.arrayContaining(["cattle", "buffalo"]));
    expect(frameOf("Wildlife hospital vet with an injured pelican. In hens I'd go for the wing vein at the elbow - which vein is best in a pelican?").species).toEqual(["pelican"]);
    // A quarry's word before a dog's says the dog's work; a word made of an animal's and its keeping names the animal kept.
    expect(frameOf("We're moving north with our two bird dogs, and a neighbour warned me about porcupines. Can quills cause a collapsed lung?").species).toEqual(["dog", "porcupine"]);
    expect(frameOf("We're moving north with our two bird dogs, and a neighbour warned me about porcupines. Can quills cause a collapsed lung?").groups).toEqual([]);
    expect(speciesModifiers("a deer hound and two bird dogs")).toEqual(["deer", "bird"]);
    expect(frameOf("Is a cat, dog or rabbit more at risk?").species).toEqual(["cat", "dog", "rabbit"]);
    expect(frameOf("Extension officer in a goat-keeping district - PPR is suspected. How bad can it get for the herds?").species).toEqual(["goat"]);
    expect(frameOf("Do pig-farming areas see more of it?").species).toEqual(["pig"]);
    // (Nor are the animals a question likens them to: "as deadly for them as … for untreated puppies".)
    expect(frameOf("Sanctuary vet with a litter of grey wolf pups: is canine parvovirus as deadly for them as the mortality quoted for untreated puppies?").species).toEqual(["wolf"]);
  });

  it("reads the sentences that only set the asker's scene, not those that tell the case", () => {
    expect(sceneWords("We run a wildlife rescue and take in orphaned fawns every spring. Volunteers keep asking - do the deer themselves carry Lyme?")).toEqual(
      expect.arrayContaining(["wildlife", "rescue", "orphaned"]),
    );
    expect(sceneWords("We run a wildlife rescue and take in orphaned fawns every spring. Do the deer carry Lyme?")).not.toContain("fawns");
    expect(sceneWords("I've had such a fright - my pet rabbit's wee was bright red this morning. Could it be the food?")).toEqual([]);
    expect(sceneWords("We check FeLV status before group housing. One cat tested antigen-negative. Could she still pass FeLV on?")).toEqual([]);
    expect(sceneWords("We run a wildlife rescue.")).toEqual([]);
    expect(sceneWords("I coordinate a cat rescue. A new stray just came up FeLV positive - what are the possible ways this can go for her?")).toEqual([]);
  });

  it("carries the one animal an answer's lead names into the follow-ups of a case told without its species", () => {
    const yard = frameOf("Head lad at a flat yard. One of the two-year-olds has a temp, a harsh dry cough and a watery nose, and the vet's swabbing for flu. What should I be watching for?");
    expect(yard.species).toEqual([]);
    const lead = "Clinical signs in naïve horses include pyrexia, lethargy and anorexia, a harsh dry cough and serous nasal discharge. [1]";
    const answered = withAnswersSubject(yard, lead, "", true);
    expect(answered.species).toEqual(["horse"]);
    // (Only a conversation's opening case: a later turn that names no animal goes on with the conversation's.)
    expect(withAnswersSubject(yard, lead).species).toEqual([]);
    expect(readQuestion("and if his snot goes thick and yellow and the temp won't shift?", answered).species).toEqual(["horse"]);
    // A person the asker tells of is whom "she" means, no one spoken of before: a topic of its own after "oh, also" stands alone.
    const [, , eggs, coating] = readConversation([
      "hi im doing a school project on chickens. what part of their brain makes them feel hungry or full?",
      "and what about when they want a drink?",
      "oh, also my gran says you should never wash eggs from her hens. is she right?",
      "what is that coating actually made of?",
    ]);
    expect(eggs).toMatchObject({ species: ["chicken"], topic: ["wash", "eggs"], inherited: [] });
    expect(coating!.topic).toEqual(["wash", "eggs", "coating"]);
    // (A lead naming several animals, or people, says no one animal.)
    expect(withAnswersSubject(yard, "Dogs and cats are susceptible. [1]", "", true).species).toEqual([]);
  });
});

describe("what a question asks, past what its asker says of their day (set 44's kinds)", () => {
  it("asks of the animals kept now, not those the asker used to keep", () => {
    expect(frameOf("Used to keep bees, now I've got a dozen hens. Should I wash muddy eggs, and if I do, how warm should the water be?").species).toEqual(["chicken"]);
    expect(frameOf("I used to have a dog. Can cats get parvo?").species).toEqual(["cat"]);
  });

  it("reads 'how far into a pregnancy' as when, not a distance", () => {
    expect(frameOf("How far into a sow's pregnancy do a boar piglet's testes pass through the inguinal canal?")).toMatchObject({ asked: [], attribute: null });
    expect(frameOf("How far can equine flu travel?")).toMatchObject({ asked: ["quantity"], attribute: "distance" });
  });

  it("reads no title, weekday or quoted message's first word as a name", () => {
    const ferret = frameOf("Phone message from reception: 'Mrs Patel's ferret Bandit has been vomiting and has green diarrhoea since Monday.' What is this likely to be?");
    expect(ferret.names).toEqual([]);
    expect(frameOf("Reception message: 'Owner says her house rabbit's urine has gone bright red overnight.' Do we need to book an emergency?").names).toEqual([]);
    // (A name inside a message is a name all the same.)
    expect(frameOf("Message: 'Has the dog been to Spain?' Is leishmaniosis likely?").names).toContain("Spain");
  });

  it("reads how long a test takes as its turnaround", () => {
    expect(frameOf("How long does the immunochromatography kit take?")).toMatchObject({ asked: ["duration"], attribute: "turnaround" });
    expect(frameOf("The rescue wants to know how long they'll have to wait for results.").attribute).toBe("turnaround");
  });
});


describe("what a question asks, in the words of a farm worker, a student's notes and a lab report (set 45's kinds)", () => {
  it("reads no preposition opening the question as a genus: 'After intravenous LPS…' names no pathogen", () => {
    const frame = frameOf("After intravenous LPS in chickens, how long before blood monocyte and splenic macrophage numbers get back to normal?");
    expect(frame.pathogens).toEqual([]);
    expect(frame.acronyms).toContain("LPS");
    expect(frameOf("Babesia bovis in cattle: which ticks spread it?").pathogens).toEqual(["Babesia bovis"]);
  });

  it("reads 'how many dose' in the singular as a count of doses, not an amount", () => {
    const singular = frameOf("vaccine need how many dose?");
    expect(singular.asked).toContain("count");
    expect(singular.asked).not.toContain("dose");
    expect(frameOf("How many doses of bluetongue vaccine do cattle need?").asked).not.toContain("dose");
  });

  it("reads how many doses were used or sold as doses in all, not how many one animal needs", () => {
    expect(frameOf("How many doses of the Gudair OJD vaccine were used in its first few years on the market?").attribute).toBe(DOSES_USED_ATTRIBUTE);
    expect(frameOf("How many doses of the vaccine have been sold so far?").attribute).toBe(DOSES_USED_ATTRIBUTE);
    expect(frameOf("How many doses of bluetongue vaccine do cattle need?").attribute).toBe("doses");
  });

  it("reads how often an animal is boosted as an interval, however many words come between", () => {
    expect(frameOf("how often should the other one be boosted?").asked).toEqual(["interval"]);
    expect(frameOf("how often should she be boosted?").asked).toEqual(["interval"]);
  });

  it("reads a noun-phrase question after a label as asking its value", () => {
    expect(frameOf("Research facility question: max blood volume I can take from a healthy lizard, as a percentage of body weight?").asked).toContain("rate");
  });

  it("reads 'before it can go for slaughter' as the withdrawal period", () => {
    expect(frameOf("after I inject ivermectin into a pig, how many days before it can go for slaughter?")).toMatchObject({ asked: ["duration"], attribute: "withdrawal" });
  });

  it("reads the animal of 'or is that purely a chicken thing?' as compared with, not asked of", () => {
    expect(frameOf("Do ducks get chicken infectious anaemia virus, or is that purely a chicken thing?").species).toEqual(["duck"]);
    expect(frameOf("Does GOLPP occur in cats, or is it purely a dog thing?").species).toEqual(["cat"]);
    expect(frameOf("Does GOLPP occur in cats and dogs?").species).toEqual(["cat", "dog"]);
  });

  it("reads a drug named in the plural as a drug", () => {
    expect(namesDrug("Oxytetracyclines")).toBe(true);
    expect(namesDrug("oxytetracycline")).toBe(true);
    expect(namesDrug("glasses")).toBe(false);
  });

  it("keeps what was named beside an abbreviation a follow-up names again", () => {
    const first = frameOf("Ship vet: one of the export heifers' calves tested persistently infected with BVDV. Why does one PI calf matter so much?");
    const next = readQuestion("How does a calf end up PI in the first place?", first);
    expect(next.acronyms).toEqual(expect.arrayContaining(["BVDV", "PI"]));
    expect(next.inherited).toContain("acronyms");
    // (One of its own, not named before, still replaces them: "And FeLV-C?" after FeLV-B.)
    expect(readQuestion("And what about BRSV?", first).acronyms).not.toContain("BVDV");
  });
});

describe("what a question asks, typed short or past what its case says (set 47's kinds)", () => {
  it("reads a count of a unit of time typed short ('how many wk?', 'how many hr') as a duration asked", () => {
    expect(frameOf("Septic pedal arthritis sm ruminant, post digit amp: abx + NSAID min how many wk?").asked).toContain("duration");
    expect(frameOf("how many hr between doses?").asked).toContain("duration");
  });

  it("reads a recovery said not to come as the case, not as how long until it resolves", () => {
    expect(frameOf("After we remove the eye of the ewe because it will not recover, how many days does she need antibiotics?").attribute).not.toBe("resolution");
    expect(frameOf("how long will it take him to recover?").attribute).toBe("resolution");
  });

  it("reads animals described as recovered as who protects, not as how long until a recovery", () => {
    const frame = frameOf("For how long does maternal antibody from vaccinated or recovered breeder geese fully protect goslings against goose parvovirus challenge?");
    expect(frame.asked).toEqual(["duration"]);
    expect(frame.attribute).not.toBe("resolution");
    expect(frameOf("How long do vaccinated or recovered cattle stay immune?").attribute).not.toBe("resolution");
    // (A recovery asked of the animal stays one: "recovered and the dogs…" is no animal described.)
    expect(frameOf("How long until she has recovered and the dogs can mix?").attribute).toBe("resolution");
  });

  it("reads a mortality named as what conditions are linked to as a cause asked, though another clause counts days", () => {
    const frame = frameOf("After roughly how many days of culture do white faeces disease events usually appear in shrimp ponds, and which water-quality conditions have been linked to peak mortality?");
    expect(frame.asked).toEqual(["duration", "cause"]);
    expect(frame.attribute).toBeNull();
    // (Where another clause asks how many die, the mortality is asked.)
    expect(frameOf("Which conditions are linked to mortality and how many die?").asked).toContain("rate");
  });

  it("reads a size asked ('what size is the virion?', '…shape and size?') as a quantity, a needle's size still as its gauge", () => {
    expect(frameOf("and the virion - shape and size?").asked).toEqual(["quantity"]);
    expect(frameOf("What size is the virion?").asked).toEqual(["quantity"]);
    expect(frameOf("What size needle do I use?")).toMatchObject({ asked: ["quantity"], attribute: "gauge" });
    expect(frameOf("Is litter size affected?").asked).not.toContain("quantity");
    // (Nor a size named as what something grows with: "…ornaments that grow disproportionately large with body size?")
    expect(frameOf("What is the 'handicap principle' explanation for display ornaments that grow disproportionately large with body size?").asked).not.toContain("quantity");
  });

  it("reads how an animal is kept ('house rabbit') as no topic, and searches for the animal alone", () => {
    const frame = frameOf("house rabbit with red urine, same worry?");
    expect(frame.species).toEqual(["rabbit"]);
    expect(frame.topic).not.toContain("house");
    expect(searchText("house rabbit with red urine, same worry?", frame)).not.toMatch(/\bhouse\b/);
    // (Not a word of another use: "in-house" is no way of keeping an animal.)
    expect(frameOf("Quickest in-house way to tell myoglobin from haemoglobin in a dog?").topic).toContain("in-house");
  });
});

describe("what a question asks, read past its wording (set 47's near-miss questions and conversations, set 48)", () => {
  it("reads 'how often am I supposed to worm them?' as a dosing interval", () => {
    expect(frameOf("I've got a couple of sows and four weaners. How often am I supposed to worm them?").asked).toContain("interval");
    expect(frameOf("how often do worms lay eggs?").asked).not.toContain("interval");
  });

  it("reads 'how many days can the lice survive off the birds?' as a span off the host, not a share surviving", () => {
    const frame = frameOf("if i move the birds out and leave the henhouse empty, how many days can the lice survive off the birds?");
    expect(frame.asked).toEqual(["duration"]);
    expect(frame.attribute).toBe("persistence");
    expect(frameOf("how many of them survive?").asked).toContain("rate");
  });

  it("reads how long a thing may stay on or in as that thing's time in place", () => {
    const tourniquet = frameOf("Our vet is taking off a claw with embryotomy wire, using a tourniquet. What's the longest the tourniquet can safely stay on?");
    expect(tourniquet.asked).toEqual(["duration"]);
    expect(tourniquet.attribute).toBe("time in place of tourniquet");
    expect(frameOf("How long can the catheter stay in?").attribute).toBe("time in place of catheter");
    // (A pathogen lasting where it is left is its persistence.)
    expect(frameOf("how long can the virus stay in the environment?").attribute).toBe("persistence");
  });

  it("counts the plural noun after its describing words ('how many intact red cells per high-power field')", () => {
    expect(frameOf("In canine urine, about how many intact red cells per high-power field have to be present before it looks pink?").attribute).toBe("cells");
  });

  it("reads no binomial in a capitalised place and the word after it ('from Romania while clipping')", () => {
    const frame = frameOf("Found lumps under the skin of a rescue dog from Romania while clipping. The vet suspects Dirofilaria repens. Where do those worms live?");
    expect(frame.pathogens).toEqual(["Dirofilaria repens"]);
  });

  it("reads a noun's possessive as the noun, not a contraction nor a person's", () => {
    expect(frameOf("How long is the louse's life cycle?").topic).toContain("louse");
    expect(frameOf("which bug's mainly to blame?").topic).not.toContain("bug");
    expect(frameOf("my mate's Quarter Horse has loads of genetic diseases, which ones?").topic).not.toContain("mate");
  });

  it("reads 'can I give mine…' as pointing back to the animals spoken of", () => {
    const [, , third] = readConversation(["im taking my boer goats to the show and a judge mentioned PPR?? what even is that", "is it worse in goats or sheep", "is there a jab I can give mine before the show?"]);
    expect(third!.inherited).toEqual(expect.arrayContaining(["species", "acronyms"]));
    expect(third!.acronyms).toContain("PPR");
  });

  it("reads 'how many days before any of them can go to slaughter?' as the withdrawal period", () => {
    expect(frameOf("If I jab the ewes with long-acting oxytet, how many days before any of them can go to slaughter?").attribute).toBe("withdrawal");
  });
});

describe("follow-ups that tell before they ask, or compare (set 47's conversations)", () => {
  it("reads a yes/no question after what it tells as asking whether, not the value asked before", () => {
    const frames = readConversation([
      "Several horses in one lot have a harsh dry cough and a temperature. Does that fit equine influenza?",
      "It's a busy sale with lorries coming and going. How far could it get from here?",
      "there's a few dogs running round the yard too, can they pick it up?",
    ]);
    expect(frames[1]!.asked).toContain("quantity");
    expect(frames[2]!.asked).not.toContain("quantity");
    expect(frames[2]!.species).toEqual(["dog"]);
  });

  it("goes on with the disease spoken of when a follow-up only compares with another ('the way human flu does')", () => {
    const [, next] = readConversation(["Does that fit equine influenza?", "Does the virus keep changing the way human flu does?"]);
    expect(next!.conditions).toEqual(["equine influenza"]);
    expect(next!.inherited).toContain("conditions");
  });
});

describe("the animals a question asks which of", () => {
  it("asks of no species told beside the asker's work when it asks which animals a disease hits", () => {
    const frame = frameOf("I normally model measles outbreaks in people, but I've been pulled onto an African swine fever project. What sort of pathogen is it, and which animals does it actually hit?");
    expect(frame.species).toEqual([]);
    expect(frameOf("I treat cats mostly. What dose of meloxicam is used?").species).toEqual(["cat"]);
  });
});

describe("how much of a disease comes from where", () => {
  it("reads 'how much human TB is actually from cattle' as a share asked", () => {
    expect(frameOf("how much human TB is actually from cattle?").asked).toContain("rate");
  });
});

describe("a cause put forward that is no disease", () => {
  it("reads 'could it be the food?' as no condition", () => {
    expect(frameOf("My bunny's wee has gone red since I started giving her carrots. Is that blood or could it be the food?").conditions).toEqual([]);
    expect(frameOf("Pup has bloody diarrhoea. Could it be parvo?").conditions).toContain("parvo");
  });
});

describe("set 49's readings", () => {
  it("reads a disease named with its letter ('porcine hepatitis E virus' is hepatitis E, not porcine hepatitis)", () => {
    expect(frameOf("Which genotypes of porcine hepatitis E virus are zoonotic?").conditions).toEqual(["hepatitis E"]);
    expect(frameOf("Is hepatitis E virus zoonotic?").conditions).toEqual(["hepatitis E"]);
    expect(frameOf("Is infectious canine hepatitis still seen?").conditions).toEqual(["canine hepatitis"]);
  });

  it("reads 'which abx' as asking which drug, and 'how do people end up catching it' as asking how people catch it", () => {
    expect(frameOf("Ovine IKC (pink eye) Tx: which abx is ideal?").asked).toContain("drug");
    expect(frameOf("And how do people end up catching it - eating the meat, or working with the pigs?")).toMatchObject({ species: ["human", "pig"], asked: ["transmission"] });
  });

  it("takes a group said as one of the animals spoken of for them ('once a fish has had it'), not one qualified ('which farm birds')", () => {
    const [, fish] = readConversation(["My brother's Atlantic salmon site has had pancreas disease. What virus causes that?", "Once a fish has had it, how long does it keep carrying the virus?"]);
    expect(fish).toMatchObject({ species: ["salmonid"], inherited: expect.arrayContaining(["species"]) });
    const [, farm] = readConversation(["I fly a harris hawk. Can birds of prey catch Newcastle disease?", "which farm birds get it worst?"]);
    expect(farm!.species).toEqual([]);
    expect(farm!.groups).toEqual(["birds"]);
  });

  it("keeps the animals of a follow-up that compares with others ('like they have in sheep'), and drops a drug for its class at large", () => {
    const [, dose, resistance] = readConversation([
      "How often should the breeding sows be wormed?",
      "if I have to inject one individually, what dose of ivermectin?",
      "Should we be worried about the wormers stopping working, like they have in sheep?",
    ]);
    expect(dose!.drugs).toEqual(["ivermectin"]);
    expect(resistance).toMatchObject({ species: ["pig"], drugs: [] });
  });

  it("reads no topic in who said a thing or in 'in the world' ('A visiting researcher said Europe is worried about it')", () => {
    const [, where] = readConversation(["PPR is killing the goats here. What causes it?", "Where else in the world is it a problem? A visiting researcher said Europe is worried about it."]);
    expect(where!.topic).not.toEqual(expect.arrayContaining(["visiting"]));
    expect(where!.topic).not.toContain("researcher");
    expect(where!.topic).not.toContain("world");
    expect(withoutChatter("Our consultant mentioned spring viraemia of carp - what is it?")).toBe("mentioned spring viraemia of carp - what is it?");
  });

  it("reads 'UV' as no subject of the question ('the vet shone a UV Wood's lamp on them')", () => {
    expect(frameOf("The vet shone a UV Wood's lamp on the patches to check for ringworm. How reliable is that test?").acronyms).toEqual([]);
  });

  it("reads a group a disease affects at large as each of its members ('affects numerous cultured fish species'), not one a bacterium lives in", () => {
    expect(mentionsSpecies(speciesIn("Bacterial gill disease is a common disease that affects numerous cultured fish species throughout the world."), "salmonid")).toBe(true);
    // (Nor "most species of birds": how an ostrich fares against chickens is not said by it.)
    expect(mentionsSpecies(speciesIn("It is an acute and highly contagious viral infection that can affect most species of birds."), "ostrich")).toBe(false);
    expect(mentionsSpecies(speciesIn("It has been identified as a normal bacterium in various bird species."), "duck")).toBe(false);
    expect(mentionsSpecies(speciesIn("Outbreaks occur in numerous cultured fish species."), "salmonid")).toBe(false);
  });
});

describe("set 50's readings", () => {
  it("reads no animals kept before a switch ('I kept bees for years and have just switched to hens', 'Swapped my hives for a flock')", () => {
    expect(frameOf("I kept bees for years and have just switched to a dozen laying hens. Should I wash the eggs?").species).toEqual(["chicken"]);
    expect(frameOf("Swapped my hives for a backyard flock. Do pigeons carry Newcastle disease into chickens?").species).not.toContain("bee");
    expect(frameOf("I keep bees and a dozen laying hens. Can the bees sting the hens?").species).toEqual(expect.arrayContaining(["bee", "chicken"]));
  });

  it("asks of the animals told before when the question asks of one of them ('If one of them gets a lump…')", () => {
    const frame = frameOf("I keep a few entire brood bitches. If one of them gets a lump along the mammary chain, what are the odds it's cancerous - and is it worse or better odds in cats?");
    expect(frame.species).toEqual(expect.arrayContaining(["dog", "cat"]));
  });

  it("reads no topic in a handful, nor in who swears a thing is so, and no subject in 'CS'", () => {
    expect(frameOf("We run a handful of suckler cows. Is there any actual cure for bluetongue?").topic).toEqual(["cure"]);
    expect(withoutChatter("Shoeing a cob and the owner swears they come from a cattle wart virus.")).not.toMatch(/owner|swears/);
    expect(frameOf("K9 theileriosis (T. annae): typical CS, and which Tx combo works best?").acronyms).toEqual([]);
  });

  it("reads 'Completely different subject -' as a switch, and the words a vet said as the diagnosis put forward", () => {
    const [, gums] = readConversation(["Does a Wood's lamp pick up every kind of ringworm in a Westie?", "Completely different subject - owners are forever asking me about their dog's breath. How common is gum disease in young dogs?"]);
    expect(gums!.inherited).toEqual([]);
    expect(gums!.topic).not.toContain("subject");
    expect(suspectedCondition("We lost a handful this week and the vet said the words 'duck plague'. Which birds does it go for?")).toBe("duck plague");
  });

  it("reads pipefish as a species of their own, not seahorses", () => {
    expect(frameOf("I know seahorses have aglomerular kidneys - is that true of pipefish as well?").species).toEqual(["pipefish"]);
  });

  it("reads 'sildenafil' as a drug by its stem, and 'how often should dogs have a dental clean' as asking an interval", () => {
    expect(frameOf("People swear by feeding him upright and giving sildenafil. Does it help?").drugs).toEqual(["sildenafil"]);
    expect(frameOf("How often should dogs and cats have a professional dental clean?").asked).toContain("interval");
    expect(frameOf("How often do they have an eosinophilia?").asked).not.toContain("interval");
  });

  it("reads 'how often do you actually see it…' as asking how common it is, answered in words ('rarely')", () => {
    const frame = frameOf("In bovine TB reactors at slaughter, which lymph nodes carry the granulomas? And how often do you actually see it in the eye?");
    expect(frame).toMatchObject({ asked: ["rate"], attribute: "how common" });
    expect(frameOf("how often do we retest her?").asked).toEqual(["interval"]);
  });

  it("reads no name in a school year ('For a Year 9 lesson'), and the words quoted as the diagnosis someone mentioned", () => {
    expect(frameOf("For a Year 9 lesson on colour vision: how many kinds of cone do ducks have?").names).toEqual([]);
    expect(suspectedCondition("A fish vet mentioned 'bacterial gill disease' after a hot spell when the pond water got poor. Which bug is blamed for it?")).toBe("bacterial gill disease");
  });

  it("reads no animals herded all one's life before a new kind ('I've herded dromedaries all my life but just took on a few alpacas')", () => {
    expect(frameOf("I've herded dromedaries all my life but just took on a few alpacas. Is mouth breathing a big deal in them?").species).toEqual(["alpaca"]);
  });

  it("searches for an animal the knowledge base never names by its narrow group's name or abbreviation ('alpacas' as SACs)", () => {
    const unwritten = (word: string) => !/^(?:sac|sacs)$/i.test(word);
    expect(speciesByLabel("Do alpacas come into heat on a cycle?", unwritten)).toEqual(expect.arrayContaining(["SAC", "SACs"]));
    expect(speciesByLabel("Do alpacas come into heat on a cycle?", () => false)).toEqual([]);
  });

  it("reads 'which kinds of cats are known to be higher risk?' as asking the risk factors", () => {
    expect(frameOf("When deciding which intakes to test first for FIV and FeLV, which kinds of cats are known to be higher risk?").asked).toContain("cause");
  });

  it("reads a product named after the animal it is made for, given to another, as no animal asked ('the duck vaccine' for pigeons)", () => {
    const frame = frameOf("Can my racing pigeons catch duck virus enteritis, and should I give them the duck vaccine?");
    expect(frame.species).toEqual(["pigeon"]);
    expect(frame.conditions).toEqual(["duck virus enteritis"]);
    expect(frameOf("What is the duck vaccine schedule?").species).toEqual(["duck"]);
  });

  it("reads 'when is the booster due?' as asking an interval", () => {
    expect(frameOf("Breeder ducks get their first duck plague vaccine after two weeks of age. When is the booster due?")).toMatchObject({ asked: ["interval"], attribute: "booster" });
  });

  it("reads 'tips it one way or the other' as what determines it, no tip", () => {
    expect(withoutChatter("So is there one particular gene that tips it one way or the other?")).toBe("So is there one particular gene that determines it?");
  });

  it("reads a disease the vocabulary names though typed in lower case, the animals it is likened to, and 'they' for the animals just named", () => {
    const frame = frameOf("And the ducks on the pond next door - are they as vulnerable to newcastle disease as chickens are?");
    expect(frame.conditions).toEqual(["newcastle disease"]);
    expect(frame.species).toEqual(["duck"]);
    const [, , ducks] = readConversation([
      "I race pigeons and the club secretary keeps warning everyone about PPMV-1. What exactly is it?",
      "if the lab ever isolated it from one of mine, how do they decide how nasty a strain is?",
      "And the ducks on the pond next door - are they as vulnerable to newcastle disease as chickens are?",
    ]);
    expect(ducks!.acronyms).toEqual([]);
    // (A pronoun before the animals named still points back.)
    const [, cats] = readConversation(["Is PPMV-1 a risk to chickens?", "can it infect the cats as well?"]);
    expect(cats!.acronyms).toEqual(["PPMV-1"]);
  });

  it("goes on with the disease spoken of where animals of a scene 'get it too', and sets the old one named against this one aside", () => {
    const [, hares, vaccinated] = readConversation([
      "I judge at rabbit shows. One of the breeders told me her best buck was perfectly fine on the Saturday and dead by Monday, and she's terrified it's RHDV2. How fast does that virus actually work?",
      "There are loads of wild hares round the showground. can they get it too?",
      "Her rabbits were all vaccinated against the old RHD. Does that cover them for this one?",
    ]);
    expect(hares!).toMatchObject({ species: ["hare"], acronyms: ["RHDV2"] });
    expect(vaccinated!.acronyms).toEqual(["RHDV2"]);
  });

  it("reads the disease a told case names by a name and its head as what the question asks of ('…going on about Aleutian disease. What is it?')", () => {
    expect(frameOf("I work on a mink farm. The manager keeps going on about Aleutian disease. What is it, and how bad is it for the mink?").names).toEqual(["Aleutian"]);
    expect(frameOf("A 4-year-old Suffolk ewe shows a high fever. What should I test for?").names).toEqual([]);
  });

  it("goes on with the animals spoken of where a follow-up names the group they belong to ('My dealer imports fish…' after carp)", () => {
    const [, , strains] = readConversation([
      "Koi keeper here. A friend reckons it sounds like spring viraemia of carp. What actually is SVC?",
      "How is the virus classified?",
      "My dealer imports fish from both Asia and Europe. Would the strains from those two places be the same type?",
    ]);
    expect(strains!.inherited).toContain("acronyms");
    expect(strains!.acronyms).toContain("SVC");
  });

  it("carries what was told into a follow-up when the question before only weighed it ('…scrub the eggs clean. Is that a good idea?')", () => {
    const [, water] = readConversation([
      "About our school hens. The students want to scrub the eggs clean before they take them home. Is that a good idea?",
      "If they do end up washing them, does the water temperature matter?",
    ]);
    expect(water!.topic).toEqual(expect.arrayContaining(["eggs", "washing", "water", "temperature"]));
  });

  it("reads 'how long is the protein?' as a length asked, not a span of time", () => {
    expect(frameOf("TBK1 — how long is the mammalian protein and what are its domains?").asked).toEqual(["quantity"]);
    expect(frameOf("How long does an RNA have to be to count as a long non-coding RNA?").asked).toEqual(["quantity"]);
    // (A span still: "…have to be kept in", "how long is the withdrawal period", "how long is the worm's life cycle".)
    expect(frameOf("how long does she have to be kept in?").asked).toEqual(["duration"]);
    expect(frameOf("how long is the withdrawal period for milk?").asked).toEqual(["duration"]);
    expect(frameOf("how long is the worm's life cycle?").asked).toEqual(["duration"]);
  });

  it("reads what a named thing controls as its role, not a treatment asked ('what does kisspeptin actually control?')", () => {
    expect(frameOf("What does kisspeptin actually control in reproduction?").asked).not.toContain("treatment");
    expect(frameOf("Which fish pathogens can Bacillus probiotics control in aquaculture?").asked).not.toContain("treatment");
    expect(frameOf("how do we control lice in the flock?").asked).toEqual(["treatment"]);
    expect(frameOf("What can we do to control it?").asked).toEqual(["treatment"]);
    expect(frameOf("Which measures do farmers use to control it?").asked).toContain("treatment");
  });

  it("reads the asker's business named after what it farms as no animal asked, where another is named ('Our salmon company…shrimp')", () => {
    expect(frameOf("Our salmon company is setting up a whiteleg shrimp pond unit. How far into the culture cycle does white faeces disease hit?").species).toEqual(["shrimp"]);
    // (Where no other animal is named, the business's animal is the one asked about.)
    expect(frameOf("Our salmon company has lice in the pens. What treatment works?").species).toEqual(["salmonid"]);
  });

  it("searches a follow-up that tells a scene after asking by the subject it carries ('how does it get into a flock? wild ducks land on our pond')", () => {
    const first = "An old boy at the market was going on about 'duck plague'. What is duck plague exactly?";
    const scene = "how does it get into a flock? wild ducks land on our pond all winter";
    const [, carried] = readConversation([first, scene]);
    expect(subjectSearchText(scene, carried!)).toBe("duck plague how does it get into a flock? ducks");
    // (Not one that only asks: that is searched as it is, with what it carries.)
    const asks = "how does it get into a flock?";
    expect(subjectSearchText(asks, readConversation([first, asks])[1]!)).toBeNull();
  });
});

describe("set 54's readings", () => {
  it("reads 'what cut-off values' as one bound asked and 'how many per 100,000' as a rate, not counts", () => {
    expect(frameOf("What cut-off values are used in dogs to call CA 15-3 raised, and in what units?")).toMatchObject({ asked: ["quantity"], attribute: "bound" });
    expect(frameOf("how common is lymphoma in dogs, like how many per 100,000?").asked).toEqual(["rate"]);
    // (Still a count where one is asked: "how many doses per 100 kg" is no share.)
    expect(frameOf("how many cut-off values are there for CA 15-3?").asked).toContain("count");
  });

  it("goes on with the case after 'the usual wormers', and reads an emptied building as where a pathogen lasts", () => {
    const [, wormers] = readConversation(["Where in the sheep does Haemonchus contortus live and what does it do there?", "why are the usual wormers failing so much now"]);
    expect(wormers).toMatchObject({ species: ["sheep"], pathogens: ["Haemonchus contortus"] });
    const emptied = "Once we've emptied the block, how long could the virus still be hanging about in there?";
    expect(placesOfPersistence(emptied)).toEqual(["emptied", "block"]);
    expect(frameOf(emptied).attribute).toBe("persistence");
    // (Not a place emptied where nothing is said to last.)
    expect(placesOfPersistence("Once we've emptied the block, what do we disinfect with?")).toEqual([]);
  });

  it("reads 'what does that actually mean?' after a quoted term of a few words as asking its meaning", () => {
    expect(frameOf("People at the barn keep calling pigs 'mixing vessels' for flu - what does that actually mean?").asked).toEqual(["definition"]);
    // (Not without a quoted term: "that" is then what was said before.)
    expect(frameOf("People at the barn keep saying pigs spread flu at fairs - what does that actually mean?").asked).not.toContain("definition");
  });

  it("goes on with the question before after a word taking the answer in ('ok and whereabouts on the wing…?')", () => {
    const [, wing] = readConversation(["For routine bloods on an adult chicken, which vein do most people go for?", "ok and whereabouts on the wing exactly do i put the needle in"]);
    expect(wing!.species).toEqual(["chicken"]);
    // ("most people go for": those who take the bloods, no patients.)
    expect(frameOf("For routine bloods on an adult chicken, which vein do most people go for?").species).toEqual(["chicken"]);
    expect(wing!.inherited).toContain("species");
  });

  it("goes on after 'ok -', reads 'what's the course?' as asking what was asked of the course, and 'themselves' as no topic", () => {
    const [, course] = readConversation(["How many doses of leptospirosis vaccine do dogs need, and how far apart?", "ok - and for the puppies themselves, what's the course?"]);
    expect(course!.inherited).toEqual(expect.arrayContaining(["conditions"]));
    expect(course!.conditions).toEqual(["leptospirosis"]);
    expect(course!.asked).toEqual(expect.arrayContaining(["count", "interval"]));
    expect(course!.topic).not.toContain("themselves");
    // ("What's the course?", "what's the protocol?" ask of the one spoken of; "what's leptospirosis?" is still a definition.)
    expect(frameOf("what's the course?").asked).not.toContain("definition");
    expect(frameOf("What is the protocol?").asked).not.toContain("definition");
    expect(frameOf("what's leptospirosis?").asked).toEqual(["definition"]);
  });

  it("reads 'dose' typed for 'does' before a pronoun and a verb that takes no dose, and keeps a dose asked without its 'does'", () => {
    expect(withoutChatter("parvovirus - what dose it do to the heart of young pups?")).toBe("parvovirus - what does it do to the heart of young pups?");
    expect(frameOf("parvovirus - what dose it do to the heart of young pups?").asked).not.toContain("dose");
    expect(frameOf("Dose it spread to cats?").asked).not.toContain("dose");
    expect(frameOf("meloxicam for a cat - what dose it need?").asked).toContain("dose");
  });

  it("reads the snake of a snakebite as what bites, not an animal the passage is about, unless snakes are asked of", () => {
    const deaths = "Worldwide, there are approximately 81,000 to 138,000 deaths per year due to snake envenomation.";
    expect([...speciesSpokenOf(deaths, ["human"]).species]).toEqual([]);
    expect([...speciesSpokenOf("The injection of venomous toxin from snake to a victim evokes a chain of reactions.", []).species]).toEqual([]);
    // (Asked of snakes, "how much of snake venom is protein?", the snake is spoken of.)
    expect([...speciesSpokenOf(deaths, ["snake"]).species]).toEqual(["snake"]);
    expect([...speciesSpokenOf(deaths).species]).toEqual(["snake"]);
    // (A snake spoken of otherwise is one.)
    expect([...speciesSpokenOf("Inclusion body disease is a fatal disease of captive snakes.", ["human"]).species]).toEqual(["snake"]);
  });
});

describe("set 55's readings", () => {
  it("reads a transplant after an organ as 'tx', and treatment otherwise", () => {
    expect(frameOf("clinical trials coordinator on a renal tx study: BK virus is linked to which complication that makes grafts fail?").asked).not.toContain("treatment");
    expect(frameOf("what's the tx for ringworm in calves?").asked).toContain("treatment");
  });

  it("drops who asks from the topic when the label names the animals too ('Koi hobbyist here, …')", () => {
    const koi = frameOf("Koi hobbyist here, which fish diseases still cannot be prevented by vaccination?");
    expect(koi.species).toEqual(["carp"]);
    expect(koi.topic).not.toContain("hobbyist");
  });

  it("reads conditions that push mortality up as a cause asked, not a share", () => {
    const shrimp = frameOf("when does white faeces disease show up, and what water conditions push the mortality to peak?");
    expect(shrimp.asked).toContain("cause");
    expect(shrimp.asked).not.toContain("rate");
  });

  it("reads how often animals with a disease develop a finding, or test positive, as a share of them with it", () => {
    const cheetahs = frameOf("Is there a figure for how often cheetahs with FIP develop neurological signs?");
    expect(cheetahs.asked).toContain("rate");
    expect(cheetahs.attribute).toBe("with neurological signs");
    expect(frameOf("Roughly what proportion of Tsushima leopard cats test positive for FIV?").attribute).toBe("with positive");
  });

  it("knows babirusas and scorpions, and a chicken by its genus alone", () => {
    expect([...speciesIn("would babirusa die like domestic pigs?").species]).toEqual(["babirusa", "pig"]);
    expect([...speciesIn("What's actually in scorpion venom?").species]).toEqual(["scorpion"]);
    expect([...speciesIn("the epiblast of a Gallus embryo").species]).toEqual(["chicken"]);
  });

  it("reads a broad group said beside one of its members as that member ('livestock officer' and a goat)", () => {
    const goat = frameOf("I'm a district livestock officer in Kenya. A farmer's goat had its eye gored and it won't recover. Can it be removed without a full GA?");
    expect(goat.species).toEqual(["goat"]);
    expect(goat.groups).toEqual([]);
    expect(frameOf("Is it a problem in livestock?").groups).toEqual(["farm animals"]);
  });

  it("reads a binomial whose epithet ends in -are as a pathogen the passages must name", () => {
    expect(frameOf("Is there a PCR for Flavobacterium columnare?").pathogens).toEqual(["Flavobacterium columnare"]);
  });
});

describe("set 66's readings", () => {
  it("reads the size of a population or a family as a count, not an amount", () => {
    expect(frameOf("goat pox, India: size of the national goat population, and how many states/UTs?").asked).toEqual(["count"]);
    expect(frameOf("how big is the parvovirus family - how many genera and species does it contain?").asked).toEqual(["count"]);
    expect(frameOf("How big is the goat population in India?").asked).toEqual(["count"]);
    // (The size of a thing is still an amount.)
    expect(frameOf("How big is a hydatid cyst in the sheep liver?").asked).toEqual(["quantity"]);
  });

  it("reads a genus repeated as its epithet as a binomial the passages must name, however it ends", () => {
    expect(frameOf("Is Heterophyes heterophyes among the fish-borne intestinal flukes?").pathogens).toEqual(["Heterophyes heterophyes"]);
    // (A comparative epithet is an everyday word too: "Babesia major", but not "Salmonella a major cause".)
    expect(frameOf("In which regions is Babesia major found in cattle?").pathogens).toEqual(["Babesia major"]);
    expect(frameOf("Is Leishmania minor seen in dogs?").pathogens).toEqual(["Leishmania minor"]);
    expect(frameOf("Is Salmonella a major cause of abortion?").pathogens).toEqual(["salmonella"]);
    expect(frameOf("Two major types of scrapie exist: which are they?").pathogens).toEqual([]);
    // (Nor a title's capitalised word before a preposition: "…Outcomes Measures via Phone Interviews…".)
    expect(frameOf("Assessing Patient Reported Outcomes Measures via Phone Interviews Versus Patient Self-Survey in the Clinic: Are We Measuring the Same Thing?").pathogens).toEqual([]);
    // (A word the sentence repeats is no binomial unless capitalised first: "that that" stays English.)
    expect(frameOf("Is it true that that fluke is fish-borne?").pathogens).toEqual([]);
  });

  it("asks of the animal the question names, not of the wild felids it compares with by example", () => {
    expect(frameOf("Has FIP from feline coronavirus been reported in servals, or only in the wild felids like cheetahs and leopards?").species).toEqual(["serval"]);
    expect(frameOf("Has feline coronavirus been reported in servals, or only in felids?").species).toEqual(["serval"]);
  });
});

describe("set 67's readings", () => {
  it("reads an estimate of how many people are infected, and in how many countries, as a count", () => {
    expect(frameOf("what is WHO's estimate of how many humans are infected with fascioliasis, and across how many countries?").asked).toEqual(["count"]);
    // (How many animals of a herd are infected is still a share of them.)
    expect(frameOf("how many cattle are infected with fascioliasis?").asked).toEqual(["rate"]);
  });

  it("reads a share that die however many words come between, and whether many die as how deadly", () => {
    expect(frameOf("What percentage of the patients who get it die?").attribute).toBe("die");
    expect(frameOf("do many die?")).toMatchObject({ asked: ["rate"], attribute: "how deadly" });
    expect(frameOf("Is it usually fatal in calves?")).toMatchObject({ asked: ["rate"], attribute: "how deadly" });
    // (Whether one can die is no share: "can horses die of it?")
    expect(frameOf("can horses die of it?").asked).not.toContain("rate");
  });

  it("tells a sentence that opens by pointing back from one that says what it speaks of", () => {
    for (const pointing of ["It has been incorporated into a fowl cholera vaccine.", "It is usually caused by feline calicivirus.", "Its progression commences with LDL deposition.", "This type is predominantly found in marine species.", "These unique characteristics make it possible.", "This is the most common cause."]) {
      expect(OPENS_WITH_PRONOUN.test(pointing), pointing).toBe(true);
    }
    for (const whole of ["It is recommended to lightly brush off any debris.", "It is estimated that M. bovis causes 10% of cases.", "These lice complete their entire life cycle on the host.", "The virus is shed in saliva."]) {
      expect(OPENS_WITH_PRONOUN.test(whole), whole).toBe(false);
    }
  });

  it("knows lampreys, hagfish and clouded leopards, none of them read as another", () => {
    expect(frameOf("Do sea lampreys lack the distal nephron segment?").species).toEqual(["lamprey"]);
    expect(frameOf("Which vein do you bleed a hagfish from?").species).toEqual(["hagfish"]);
    expect(frameOf("How is FIP diagnosed in a clouded leopard?").species).toEqual(["clouded-leopard"]);
    expect(frameOf("How is FIP diagnosed in a snow leopard?").species).toEqual(["big-cat"]);
  });

});

describe("set 77's readings", () => {
  it("reads 'yearling' before another animal's word as that animal's age, and alone as a young horse", () => {
    expect(frameOf("Yearling bull at his pre-breeding check with smallish testes. What do Sertoli cells do?").species).toEqual(["cattle"]);
    expect(frameOf("What is the best worming plan for yearling heifers?")).toMatchObject({ species: ["cattle"], young: true });
    expect(frameOf("Our yearling has a cough - strangles?").species).toEqual(["horse"]);
  });

  it("asks whether a number matters, not for it: 'does how many he's got matter?'", () => {
    expect(frameOf("What do Sertoli cells actually do, and does how many he's got matter?").asked).not.toContain("count");
    expect(frameOf("Does it matter how many eggs she lays?").asked).not.toContain("count");
    expect(frameOf("How many Sertoli cells does a bull have?").asked).toContain("count");
  });

  it("reads no diagnosis put forward in words said as an insult or a joke", () => {
    expect(suspectedCondition("People say 'bird brain' as an insult, but my parrot is really clever. Why did scientists think birds couldn't do complex thinking?")).toBeNull();
    expect(frameOf("People say 'bird brain' as an insult, but my parrot is really clever. Why did scientists think birds couldn't do complex thinking?").conditions).toEqual([]);
    expect(suspectedCondition("Neighbour says bluetongue - what spreads it?")).toBe("bluetongue");
  });

  it("asks an amount of what an animal drinks, eats or produces, and a size of 'how big'", () => {
    expect(frameOf("Keeping 20 laying hens through a hot summer - roughly how much water does each hen drink per day?")).toMatchObject({ asked: ["quantity"], attribute: "water" });
    expect(frameOf("How much milk does a dairy cow produce per day?").asked).toContain("quantity");
    expect(frameOf("how much does it matter?").asked).toEqual([]);
    expect(frameOf("If classical swine fever were confirmed on a farm near us, how big would the protection zone be?").attribute).toBe("size");
    // (A needle's size is its gauge.)
    expect(frameOf("What size needle for a cat's jugular?").attribute).toBe("gauge");
  });

  it("reads a keeper's layers as hens, and a tissue's layers as no animal", () => {
    expect(frameOf("found body lice on a few of my free range layers when i was checking vents. how long do they take to go through a generation?").species).toEqual(["chicken"]);
    expect(speciesIn("our layers have stopped laying").species).toEqual(new Set(["chicken"]));
    expect(speciesIn("the layers of the epidermis").species.size).toBe(0);
  });
});

describe("what a question names, past words that end as a pathogen's do and fish named after others (set 81's kinds)", () => {
  it("reads spermatozoa, the patella and flagella as no pathogen, and Salmonella still as one", () => {
    expect(frameOf("How are spermatozoa collected from tomcats for freezing?").pathogens).toEqual([]);
    expect(frameOf("Why does the patella luxate in toy poodles?").pathogens).toEqual([]);
    expect(frameOf("Do the flagella of Campylobacter matter for colonisation?").pathogens).not.toContain("flagella");
    expect(frameOf("Which Salmonella serovars are found in calves?").pathogens).toContain("salmonella");
  });

  it("reads stingrays and elasmobranchs as rays and sharks, and a red-tail shark as a shark minnow", () => {
    expect([...speciesIn("a stingray and two bamboo sharks").species].sort()).toEqual(["ray", "shark"]);
    expect(frameOf("Do elasmobranchs have glomeruli?").groups.length).toBe(1);
    expect([...speciesIn("the red-tail shark and the rainbow shark").species]).toEqual(["shark-minnow"]);
    expect([...speciesIn("a red tail shark").species]).toEqual(["shark-minnow"]);
  });

  it("asks a bound of 'which cut-offs' and 'what thresholds', in the plural too", () => {
    expect(frameOf("What serum cut-offs point to a malignant tumour?")).toMatchObject({ asked: ["quantity"], attribute: "bound" });
    expect(frameOf("What ammonia thresholds are linked to gill damage in trout?").asked).toContain("quantity");
  });

  it("reads a group the question asks which member of as no animal asked of, beside a member it names", () => {
    expect(frameOf("Which wild bird are domestic chickens descended from?")).toMatchObject({ species: ["chicken"], groups: [] });
    expect(frameOf("Do other birds catch it from chickens?").groups).toEqual(["birds"]);
  });

  it("reads aquaculture as no fish where the question names the animal farmed and it is none", () => {
    expect(frameOf("Student on an aquaculture placement at a vannamei farm: why do the ponds show white faecal strings?")).toMatchObject({ species: ["shrimp"], groups: [] });
    expect(frameOf("Why are disease losses rising in warm-water aquaculture?").groups).toEqual(["fishes"]);
  });
});

describe("a lecture's next zoonosis (set 85's kinds)", () => {
  it("reads how far someone has got with something as progress, not a distance", () => {
    expect(frameOf("How far has China got with eliminating Schistosoma japonicum?")).toMatchObject({ asked: [], attribute: null, pathogens: ["Schistosoma japonicum"] });
    expect(frameOf("How far have they come towards eradicating rinderpest?").asked).toEqual([]);
    expect(frameOf("How far can it spread between yards?")).toMatchObject({ asked: ["quantity", "transmission"], attribute: "distance" });
    expect(frameOf("How far can equine flu travel on the wind?").attribute).toBe("distance");
    expect(frameOf("How did feral hogs get to the US, and how far have they spread?").attribute).toBe(null);
  });

  it("starts a new frame at a different disease or zoonosis, whatever stays the same", () => {
    const tb = frameOf("I'm putting together a One Health lecture on tuberculosis. Why does the WHO call TB a re-emerging disease?");
    const schisto = readQuestion("Different zoonosis for the same lecture - how widespread is schistosomiasis, and how far has China got with eliminating Schistosoma japonicum?", tb);
    expect(schisto).toMatchObject({ inherited: [], acronyms: [], conditions: ["schistosomiasis"] });
    // (Only as the opening: a different virus compared with mid-question is no switch.)
    const felv = frameOf("Is FeLV common in shelter cats?");
    expect(readQuestion("Is it a different virus from FIV, then?", felv).inherited).not.toEqual([]);
  });

  it("counts kinds of animals as species", () => {
    expect(frameOf("How many kinds of animals can carry Schistosoma japonicum?")).toMatchObject({ asked: ["count"], attribute: "species" });
    expect(frameOf("How many types of vaccine are there for it?").attribute).toBe("vaccine");
  });
});

describe("what a follow-up's pronoun and 'the next one' point back to (session 103's kinds)", () => {
  it("reads 'the next one' as the next case of what was spoken of, not as a switch to another question", () => {
    const dose = frameOf("What dose of imidocarb do we give a milking cow for tick fever, and how long do we have to withhold the milk afterwards?");
    const signs = readQuestion("ok fair enough, I'll ring the vet for that. What signs should the lads milking be watching out for so we catch the next one early?", dose);
    expect(signs.inherited).toContain("conditions");
    expect(signs.asked).toEqual(["signs"]);
    // ("Next one:" opening a turn is still a switch.)
    expect(readQuestion("Next one: what signs does a cow with milk fever show?", dose).inherited).toEqual([]);
  });

  it("carries what a case sentence of up to twelve words brings in for the question's 'they'", () => {
    const lice = frameOf("Just found lice crawling round the vent feathers on my hens. Do they live on the birds all the time or hide in the coop?");
    expect(lice.askedTopic).toContain("lice");
    expect(readQuestion("will they put my girls off laying?", lice).topic).toContain("lice");
  });

  it("reads a kit that picks it up as detecting it, not as catching it", () => {
    const felv = frameOf("What proportion of FeLV-infected cats end up with progressive infection, and what's the prognosis?");
    expect(readQuestion("how do the in-house kits pick it up?", felv).asked).not.toContain("transmission");
    expect(readQuestion("how do the other cats pick it up?", felv).asked).toContain("transmission");
  });
});

describe("what an asker's context and a found-up verb say (session 104's kinds)", () => {
  it("reads 'turned up positive' as asking which hosts, and an exam writer's 'candidates conclude' as no topic", () => {
    expect(HOSTS_ASKED.test("which animals have turned up positive for it?")).toBe(true);
    expect(HOSTS_ASKED.test("which animals tested positive?")).toBe(true);
    expect(HOSTS_ASKED.test("which animals have turned up near the farm?")).toBe(false);
    const urine = frameOf("A dog's urine is red but goes clear after centrifuging. What should candidates conclude?");
    expect(urine.topic).not.toContain("candidates");
    expect(urine.topic).not.toContain("conclude");
  });

  it("reads the verb of 'turn up', 'crop up' and 'get passed round' as asking, not as a topic", () => {
    expect(foundUpVerbs("where do the lesions normally turn up at the abattoir?")).toEqual(["turn"]);
    expect(foundUpVerbs("it cropped up again in the spring")).toEqual(["crop"]);
    expect(foundUpVerbs("which animals have turned up positive?", /^\s+positive\b/)).toEqual(["turn"]);
    expect(foundUpVerbs("feral hogs keep turning up near our pigs", /^\s+positive\b/)).toEqual([]);
    expect(passingVerbs("so how does the harmless version get passed round?")).toContain("passed");
    expect(passingVerbs("how is it passed on between cats?")).toContain("passed");
  });
});


describe("what a follow-up shares with the turn before and what a question only compares with (session 105's kinds)", () => {
  it("goes on with a topic the turn before named in another form, whatever species the follow-up names", () => {
    const [, isoform] = readConversation([
      "Boxer with a mast cell tumour and I'm reading up on KIT. What are the GNNK-positive and GNNK-negative KIT isoforms - how do they come about?",
      "In human cells, is one of the two the nastier isoform? What does it do to how cells grow?",
    ]);
    expect(isoform!.inherited).not.toEqual([]);
    // (A new species with a topic of its own that shares no word with the one before is still a new question.)
    const [, other] = readConversation(["Boxer with a mast cell tumour - what are the KIT isoforms?", "In horses, what causes laminitis?"]);
    expect(other!.inherited).toEqual([]);
  });

  it("reads a species only compared with, 'as there is for chickens', as not asked about", () => {
    const turkeys = frameOf("We keep heritage turkeys. Where were turkeys first domesticated, and which wild bird are domestic turkeys descended from - is there DNA evidence for it, as there is for chickens?");
    expect(turkeys.species).toEqual(["turkey"]);
    expect(comparedOnlyWords("is there DNA evidence for it, as there is for chickens?")).toContain("chickens");
  });
});
