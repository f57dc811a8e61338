import { describe, expect, it } from "vitest";
import { shorthandBinomials, shorthandNames, signForms, signsIn, synonymsIn } from "./synonyms";
import { tokenize } from "./tokenize";

const found = (query: string) => synonymsIn(tokenize(query));

describe("synonyms in a query", () => {
  const alternatives = (query: string) => found(query).flatMap((m) => m.alternatives);
  it("reads how an owner says a UV lamp, glowing fur, air round the lungs and birds being bled, and never a test as the testes", () => {
    expect(alternatives("she's heard a UV lamp can diagnose ringworm")).toContainEqual(tokenize("woods lamp"));
    expect(alternatives("bits of her fur lit up green")).toContainEqual(tokenize("fluorescence"));
    expect(alternatives("bits of her fur lit up green")).toContainEqual(tokenize("hair"));
    expect(alternatives("vet said theres air round her lungs")).toContainEqual(tokenize("pneumothorax"));
    expect(alternatives("the research chickens are being bled tomorrow")).toContainEqual(tokenize("venipuncture"));
    expect(alternatives("brings food straight back up")).toContainEqual(tokenize("regurgitation"));
    expect(alternatives("FeLV pos cats - what % end up w/ progressive infxn")).toEqual(expect.arrayContaining([tokenize("positive"), tokenize("infection")]));
    expect(alternatives("why do male mammals carry their testicles outside the body")).toContainEqual(tokenize("testis"));
    // ("testes" is read as "test": a DIVA test is no testicle.)
    expect(alternatives("can the vaccine be used with DIVA testing")).not.toContainEqual(tokenize("testicle"));
  });

  it("reads the body's water and salts as its water and electrolytes, and an organ's job as its function", () => {
    expect(alternatives("what is the kidney's next most important job?")).toContainEqual(tokenize("function"));
    expect(alternatives("keeping the body's water and salts balanced")).toContainEqual(tokenize("water electrolyte"));
    expect(alternatives("fluid and electrolyte therapy")).toContainEqual(tokenize("water salts"));
  });

  it("reads fat cells as adipocytes and microRNAs as miRNAs, and the reverse", () => {
    expect(alternatives("what makes fat cells form in pigs?")).toContainEqual(tokenize("adipocytes"));
    expect(alternatives("adipocyte differentiation")).toContainEqual(tokenize("fat cell"));
    expect(alternatives("which microRNA targets PPARG?")).toContainEqual(tokenize("miRNA"));
    expect(alternatives("miRNAs sponged by lncRNAs")).toContainEqual(tokenize("microRNAs"));
  });

  it("reads a molecule latching on as binding", () => {
    expect(alternatives("how does the virus latch on to the cell?")).toContainEqual(tokenize("binding"));
    expect(alternatives("the STATs bind the receptor")).toContainEqual(tokenize("latch"));
  });

  it("reads red and white blood cells as erythrocytes and leukocytes, and the reverse", () => {
    expect(alternatives("what do chicken red blood cells do?")).toContainEqual(tokenize("erythrocytes"));
    expect(alternatives("no RBCs in the sediment")).toContainEqual(tokenize("erythrocyte"));
    expect(alternatives("the nucleated erythrocyte")).toContainEqual(tokenize("red blood cell"));
    expect(alternatives("does LPS change how much the white cells make?")).toContainEqual(tokenize("leukocytes"));
  });

  it("finds a species noun and gives its adjective, and the reverse", () => {
    expect(found("meloxicam in cats")).toEqual([{ terms: tokenize("cats"), alternatives: [tokenize("feline")] }]);
    expect(found("feline asthma")).toEqual([{ terms: tokenize("feline"), alternatives: [tokenize("cat")] }]);
  });

  it("finds an organ and gives its adjective, and the reverse", () => {
    expect(found("kidney disease in cats").map((m) => m.alternatives)).toContainEqual([tokenize("renal")]);
    expect(found("penile anatomy").map((m) => m.alternatives)).toContainEqual([tokenize("penis")]);
    expect(found("vertebral counts").map((m) => m.alternatives)).toContainEqual([tokenize("vertebra")]);
  });

  it("finds lay phrases before their single words, and gives the clinical names as sets of terms", () => {
    expect(found("how is kennel cough spread")).toEqual([
      { terms: tokenize("kennel cough"), alternatives: [tokenize("infectious tracheobronchitis"), tokenize("canine infectious respiratory disease")] },
    ]);
    // "cat flu" is one phrase: not "cat" and then "flu"
    expect(found("cat flu signs").map((m) => m.terms)).toEqual([tokenize("cat flu")]);
    // "equine flu" is what "horse flu" is: equine influenza
    expect(found("how far can equine flu spread").flatMap((m) => m.alternatives)).toContainEqual(tokenize("equine influenza"));
  });

  it("reads a lab's and an owner's words for what passages write clinically ('spun it down', 'round the vent', 'barely eats')", () => {
    const alternatives = (query: string) => found(query).flatMap((m) => m.alternatives);
    expect(alternatives("pink on arrival, but it cleared after we spun it down")).toContainEqual(tokenize("centrifugation"));
    expect(alternatives("crusty swollen lips and sores round the vent")).toEqual(expect.arrayContaining([tokenize("cheilitis"), tokenize("pericloacal")]));
    expect(alternatives("she's stopped washing herself and barely eats")).toEqual(expect.arrayContaining([tokenize("poor grooming"), tokenize("hyporexia")]));
    expect(alternatives("the housemate is bright and well")).toContainEqual(tokenize("clinically healthy"));
    expect(alternatives("can an operation fix it?")).toContainEqual(tokenize("surgery"));
    expect(alternatives("the vet took it up his bottom, could they use a no-touch one in his ear?")).toEqual(expect.arrayContaining([tokenize("rectal"), tokenize("non-contact"), tokenize("auricular")]));
    expect(alternatives("if they end up on tablets which one's easier on the tummy?")).toEqual(expect.arrayContaining([tokenize("oral therapy"), tokenize("better tolerated")]));
    expect(alternatives("FIP top of the list. Which blood marker is the most useful?")).toContainEqual(tokenize("biomarker"));
    expect(alternatives("paravertebral block - what does it numb?")).toContainEqual(tokenize("anaesthetise"));
    expect(alternatives("do they wipe the skin with spirit first?")).toContainEqual(tokenize("alcohol"));
    expect(alternatives("two of the litter are youngsters")).toContainEqual(tokenize("young"));
  });

  it("reads a farmer's drench as the anthelmintic passages write", () => {
    expect(found("ewes resistant to pretty much every drench").flatMap((m) => m.alternatives)).toContainEqual(tokenize("anthelmintic"));
  });

  it("reads pleurisy as the pleuritis passages write, show pigs as exhibition swine, and 'go down worst' as most susceptible", () => {
    expect(found("PM: pleurisy, pericarditis, peritonitis").flatMap((m) => m.alternatives)).toContainEqual(tokenize("pleuritis"));
    expect(found("why are show pigs the flu risk?").flatMap((m) => m.alternatives)).toContainEqual(tokenize("exhibition swine"));
    expect(found("Which poultry species go down worst with Newcastle disease?").flatMap((m) => m.alternatives)).toContainEqual(tokenize("susceptible"));
  });

  it("reads an eye 'taken out' as its enucleation", () => {
    expect(found("our ewe has to have her ruined eye taken out").flatMap((m) => m.alternatives)).toContainEqual(tokenize("enucleation"));
    expect(found("how do you remove the eye of a ewe").flatMap((m) => m.alternatives)).toContainEqual(tokenize("enucleation"));
  });

  it("reads owners' words for a disease, a form of it, a lesion's site and a dish ('rabbit bleeding disease', 'wet FIP', 'corners of his mouth')", () => {
    expect(found("the new rabbit bleeding disease").flatMap((m) => m.alternatives)).toContainEqual(tokenize("haemorrhagic disease"));
    expect(found("wet fip in a young cat").flatMap((m) => m.alternatives)).toContainEqual(tokenize("effusive form"));
    expect(found("red dots round the corners of his mouth").flatMap((m) => m.alternatives)).toContainEqual(tokenize("commissures"));
    expect(found("some in his water bowl").flatMap((m) => m.alternatives)).toContainEqual(tokenize("water dish"));
    expect(found("which drug combo worked").flatMap((m) => m.alternatives)).toContainEqual(tokenize("combination"));
    expect(found("this kind of dementia in older dogs").flatMap((m) => m.alternatives)).toContainEqual(tokenize("cognitive decline"));
    expect(found("neighbour reckons it's barber's pole").flatMap((m) => m.alternatives)).toContainEqual(tokenize("haemonchus contortus"));
    expect(found("commonest causes of pneumothorax in dogs").flatMap((m) => m.alternatives)).toContainEqual(tokenize("common"));
    expect(found("which inherited single-gene diseases").flatMap((m) => m.alternatives)).toEqual(expect.arrayContaining([tokenize("monogenic")]));
    expect(found("any inherited diseases in quarter horses").flatMap((m) => m.alternatives)).toContainEqual(tokenize("genetic diseases"));
  });

  it("reads a 'purple light' as a Wood's lamp and hairs that 'glowed' as fluorescence", () => {
    const found2 = found("the vet shone a purple light on the bald patch and some hairs glowed green").flatMap((m) => m.alternatives);
    expect(found2).toContainEqual(tokenize("wood's lamp"));
    expect(found2).toContainEqual(tokenize("fluorescence"));
  });

  it("holds a sign said in several words only by those words, not one everyday word left of them ('urinating more')", () => {
    expect(signForms("polyuria")).toContainEqual(tokenize("polyuria"));
    expect(signForms("polyuria")).toContainEqual(tokenize("increased urination"));
    expect(signForms("polyuria")).not.toContainEqual(tokenize("urinating"));
    expect(signForms("polydipsia")).not.toContainEqual(tokenize("drinking"));
    expect(found("he keeps urinating more").flatMap((m) => m.alternatives)).not.toContainEqual(tokenize("urinating"));
  });

  it("reads a clinician's 'exam' as an examination, 'lar par' as laryngeal paralysis and a 'blocked gut' as an intestinal obstruction", () => {
    expect(found("what should I look for on the exam?").flatMap((m) => m.alternatives)).toContainEqual(tokenize("examination"));
    expect(found("11yo lab, acquired lar par").flatMap((m) => m.alternatives)).toContainEqual(tokenize("laryngeal paralysis"));
    expect(found("weaner blown up, blocked gut maybe").flatMap((m) => m.alternatives)).toContainEqual(tokenize("intestinal obstruction"));
    expect(found("How common is back trouble in sport horses?").flatMap((m) => m.alternatives)).toContainEqual(tokenize("back-related problems"));
    expect(found("rehab, what exercises?").flatMap((m) => m.alternatives)).toContainEqual(tokenize("rehabilitation"));
  });

  it("reads a fluke as a trematode, and a liver fluke still as Fasciola", () => {
    expect(found("what do these flukes do to cattle?").flatMap((m) => m.alternatives)).toContainEqual(tokenize("trematodes"));
    expect(found("liver fluke in sheep").flatMap((m) => m.alternatives)).toContainEqual(tokenize("fasciola"));
  });

  it("reads 'gum trouble' as periodontal disease", () => {
    expect(found("how many dogs have gum trouble by two?").flatMap((m) => m.alternatives)).toContainEqual(tokenize("periodontal disease"));
  });

  it("reads maggot strike as myiasis, water moulds as oomycetes, skin between the toes as interdigital, and a lab's 'Abs', 'prots' and 'nt'", () => {
    expect(found("maggot strike in ewes").flatMap((m) => m.alternatives)).toContainEqual(tokenize("myiasis"));
    expect(found("which infections (e.g. water moulds) have no vaccine").flatMap((m) => m.alternatives)).toContainEqual(tokenize("oomycetes"));
    expect(found("greasy skin between toes").flatMap((m) => m.alternatives)).toContainEqual(tokenize("interdigital"));
    expect(found("do Abs worsen wet FIP").flatMap((m) => m.alternatives)).toContainEqual(tokenize("antibodies"));
    expect(found("CSFV genome nt length, structural prots").flatMap((m) => m.alternatives)).toEqual(expect.arrayContaining([tokenize("nucleotides"), tokenize("proteins")]));
  });

  it("reads the breathing tubes as the airways, a taxonomist's 'fam', 'subfam' and 'sp.', a country's former name, and a vaccine given in the feed as given orally", () => {
    expect(alternatives("what lines the breathing tubes?")).toContainEqual(tokenize("airways"));
    expect(alternatives("which order, fam, subfam and sp. is it?")).toEqual(expect.arrayContaining([tokenize("family"), tokenize("subfamily"), tokenize("species")]));
    expect(alternatives("the Sri Lanka junglefowl")).toContainEqual(tokenize("ceylon"));
    expect(alternatives("cattle imported from Burma")).toContainEqual(tokenize("myanmar"));
    expect(alternatives("a vaccine given in the feed")).toContainEqual(tokenize("orally"));
    expect(alternatives("is there enough protein in the feed")).not.toContainEqual(tokenize("orally"));
  });

  it("reads a dog scuffing his back feet as the proprioceptive deficits passages write", () => {
    expect(alternatives("he scuffs his back feet on walks")).toContainEqual(tokenize("proprioceptive deficits"));
    expect(alternatives("knuckling over on the left hind")).toContainEqual(tokenize("decreased proprioceptive placing"));
  });

  it("reads gingivostomatitis as gums that are inflamed", () => {
    expect(signForms("gingivitis")).toContainEqual(tokenize("gingivostomatitis"));
  });

  it("reads a sign said with 'way more' or 'a lot more' between its words", () => {
    expect(signsIn("oh and she's also drinking way more than usual lately - is that connected?")).toEqual(["polydipsia"]);
    expect(signsIn("he's drinking a lot more these days")).toEqual(["polydipsia"]);
  });

  it("reads a 'danger line' or a 'cutoff' as the threshold passages write", () => {
    expect(alternatives("what reading is the danger line for causing back pain?")).toContainEqual(tokenize("threshold"));
    expect(alternatives("what's the cutoff for a positive test?")).toContainEqual(tokenize("threshold"));
  });

  it("reads a cow whose pee is dark red and who feels hot as red urine and a fever", () => {
    expect(signsIn("won't eat, is weak and her pee is dark red")).toEqual(["inappetence", "haematuria"]);
    expect(signsIn("she feels hot and is burning up")).toEqual(["pyrexia"]);
  });

  it("reads a paw snatched away when touched as the limb withdrawn on palpation", () => {
    expect(alternatives("he snatches it away every time I touch it")).toEqual(expect.arrayContaining([tokenize("withdraw limb"), tokenize("palpation")]));
    // (A drug's withdrawal is no limb withdrawn.)
    expect(alternatives("meloxicam withdrawal in cattle")).not.toContainEqual(tokenize("snatches away"));
  });

  it("reads a leg the animal will not stand on as a non-weight-bearing lameness, and not a lame one that walks", () => {
    expect(signsIn("My dog suddenly won't put one foot to the ground at all")).toEqual(["non-weight-bearing lameness"]);
    expect(signsIn("she's holding her leg up and won't put any weight on it")).toEqual(["non-weight-bearing lameness"]);
    expect(signsIn("he's limping on the left fore")).toEqual(["lameness"]);
    // ("Not putting weight on" is a beast not gaining it.)
    expect(signsIn("is that why they're not putting weight on and the milk's dropped?")).not.toContain("non-weight-bearing lameness");
  });

  it("reads a cat that has stopped washing herself and is grumpy as poor grooming and irritability", () => {
    expect(signsIn("she's stopped washing herself and is grumpy")).toEqual(["poor grooming", "irritability"]);
  });

  it("reads 'worn' nails as the wear a textbook inspects for, and a cause as an aetiology", () => {
    expect(found("and if the nails are worn?").flatMap((m) => m.alternatives)).toContainEqual(tokenize("wear"));
    expect(found("what causes it?").flatMap((m) => m.alternatives)).toContainEqual(tokenize("etiology"));
  });

  it("reads lay words for urine and for taking blood", () => {
    expect(found("my rabbit's pee is red").map((m) => m.alternatives)).toContainEqual([tokenize("urine"), tokenize("wee")]);
    expect(found("which vein to draw blood in a chicken").find((m) => m.terms.join() === tokenize("draw blood").join())?.alternatives).toContainEqual(tokenize("blood collection"));
  });

  it("reads clinicians' shorthand ('neuro', 'echo', 'oxytet', 'staph') as the words it stands for", () => {
    expect(found("FIP neuro signs").flatMap((m) => m.alternatives)).toContainEqual(tokenize("neurological"));
    expect(found("heartworm on echo").flatMap((m) => m.alternatives)).toContainEqual(tokenize("echocardiography"));
    expect(found("why oxytet in particular").flatMap((m) => m.alternatives)).toContainEqual(tokenize("oxytetracycline"));
    expect(found("usual causes of ptx in cats").flatMap((m) => m.alternatives)).toContainEqual(tokenize("pneumothorax"));
    expect(found("no way we're getting a rectal temp").flatMap((m) => m.alternatives)).toContainEqual(tokenize("temperature"));
    expect(found("any use vs enteric GNB?").flatMap((m) => m.alternatives)).toContainEqual(tokenize("gram-negative bacteria"));
    expect(found("borderline oxacillin-resistant staph aureus").flatMap((m) => m.alternatives)).toContainEqual(tokenize("staphylococcus"));
    expect(found("and the growers?").flatMap((m) => m.alternatives)).toContainEqual(tokenize("growing pigs"));
    expect(found("commonest cause of regurg, and the Dx?").flatMap((m) => m.alternatives)).toEqual(expect.arrayContaining([tokenize("regurgitation"), tokenize("diagnosis")]));
    expect(found("EMS pony. biggest risk factor for laminitis? mainstay of mgmt?").flatMap((m) => m.alternatives)).toContainEqual(tokenize("management"));
    // ("Flu" alone is influenza, "avian flu" avian influenza.)
    expect(found("can the dog catch flu off the horses?").flatMap((m) => m.alternatives)).toContainEqual(tokenize("influenza"));
    expect(found("why might chickens pass avian flu on").flatMap((m) => m.alternatives)).toContainEqual(tokenize("avian influenza"));
    // ("Trimethoprim-sulfa" is what textbooks write "trimethoprim/sulfonamides".)
    expect(found("before I release trimethoprim-sulfa").flatMap((m) => m.alternatives)).toContainEqual(tokenize("sulfonamides"));
  });

  it("reads the signs a case tells in everyday words, with possessives, auxiliaries and intensifiers between a phrase's words", () => {
    expect(signsIn("My 8-month-old dog brings his food back up a few minutes after eating, and he's getting skinny.")).toEqual(["regurgitation", "weight loss"]);
    expect(signsIn("his breathing has gone really noisy when he pants and his bark sounds different")).toEqual(["stridor", "dysphonia"]);
    // ("Right back": "right" stresses, as "really" does.)
    expect(signsIn("ducklings dying, heads thrown right back when they go")).toEqual(["opisthotonus"]);
    expect(signsIn("in and out of the litter tray straining, gritty stuff in his wee")).toEqual(["stranguria", "urinary crystals"]);
    expect(signsIn("rubbing her fleece off on the fence, trembling, walking oddly and seems half blind")).toEqual(["pruritus", "tremor", "ataxia", "blindness"]);
    expect(signsIn("a fever, scabby pox lumps all over and big glands")).toEqual(["pyrexia", "crusting", "pock lesions", "lymphadenopathy"]);
    expect(signsIn("Our Lab is 11 and lately seems muddled and forgetful")).toEqual(["cognitive decline"]);
    expect(signsIn("my leopard gecko is struggling to get his old skin off")).toEqual(["dysecdysis"]);
    expect(signsIn("2yo leopard gecko, bits of old shed stuck on the feet")).toEqual(["dysecdysis"]);
    // As an owner writing English as a second language tells an eye case: word order and verbs of their own.
    expect(signsIn("they have the eye red, they keep the eye closed, and after some days the eye go white")).toEqual(["conjunctivitis", "blepharospasm", "corneal opacity"]);
    expect(signsIn("she sleeps with her eyes closed")).toEqual([]);
    // A textbook's other spelling of a sign is that sign.
    expect(signsIn("Opisthotonos posturing in affected ducklings")).toEqual(["opisthotonus"]);
    // A sign said not to be there is none; a sign's own negation ("not eating") negates nothing after it.
    expect(signsIn("round bald patches on his face but they aren't itchy or scabby")).toEqual(["alopecia"]);
    expect(signsIn("not eating and vomiting since Monday, no diarrhoea")).toEqual(["inappetence", "vomiting"]);
    // Only fillers may come between: content words break a phrase ("brings the lead back … food up" says no regurgitation).
    expect(signsIn("he brings the lead back and then his food bowl up the stairs")).toEqual([]);
    // A sign's clinical name and its other names are one sign, searched for and held alike.
    expect(found("my dog's breath is awful").flatMap((m) => m.alternatives)).toContainEqual(tokenize("halitosis"));
    expect(signForms("lymphadenopathy")).toEqual(expect.arrayContaining([tokenize("lymphadenopathy"), tokenize("swollen lymph nodes"), tokenize("big glands")]));
    // Words that only look like a sign are none: "fits this exponent", "scaling exponent", "chronic wasting disease".
    expect(signsIn("which interpretation fits this scaling exponent in chronic wasting disease")).toEqual([]);
  });

  it("reads owners' words for signs and parasites as the clinical words textbooks use", () => {
    const alternativesOf = (q: string) => found(q).flatMap((m) => m.alternatives);
    expect(alternativesOf("my ewes keep squinting")).toContainEqual(tokenize("blepharospasm"));
    expect(alternativesOf("red, runny, cloudy eyes")).toEqual(expect.arrayContaining([tokenize("discharge"), tokenize("corneal opacity")]));
    expect(alternativesOf("my ferret went off his food")).toContainEqual(tokenize("anorexia"));
    expect(alternativesOf("green slimy poo")).toContainEqual(tokenize("faeces"));
    expect(alternativesOf("barber's pole worm in lambs")).toContainEqual(tokenize("haemonchus contortus"));
    expect(alternativesOf("she won't put weight on her back leg")).toEqual(expect.arrayContaining([tokenize("non-weight-bearing"), tokenize("hindlimb")]));
    expect(alternativesOf("how deadly is parvo in puppies")).toEqual(expect.arrayContaining([tokenize("mortality"), tokenize("parvovirus"), tokenize("pups")]));
    expect(alternativesOf("what's the outlook")).toContainEqual(tokenize("prognosis"));
    expect(alternativesOf("risk factors for C. diff colitis")).toContainEqual(tokenize("clostridioides difficile"));
  });

  it("reads owners' words for a reptile's bad shed and a hen's egg numbers as the words textbooks use", () => {
    expect(found("could mites be behind a bad shed?")).toContainEqual({ terms: tokenize("bad shed"), alternatives: expect.arrayContaining([tokenize("dysecdysis")]) });
    expect(found("does it knock egg numbers?")).toContainEqual({ terms: tokenize("egg numbers"), alternatives: expect.arrayContaining([tokenize("egg production")]) });
    // What to check is what the textbook says to examine.
    expect(found("anything in particular to check?")).toContainEqual({ terms: tokenize("check"), alternatives: expect.arrayContaining([tokenize("examine")]) });
  });

  it("reads poultry diseases by the serovars that cause them, and 'eos' as eosinophils", () => {
    expect(found("fowl typhoid")).toContainEqual({ terms: tokenize("fowl typhoid"), alternatives: expect.arrayContaining([tokenize("s gallinarum")]) });
    expect(found("pullorum disease")).toContainEqual({ terms: tokenize("pullorum disease"), alternatives: expect.arrayContaining([tokenize("salmonella pullorum")]) });
    expect(found("peripheral eos")).toContainEqual({ terms: tokenize("eos"), alternatives: [tokenize("eosinophils"), tokenize("eosinophilia")] });
    // Clinicians' shorthand: "toxo", "histopath"; an owner's "sniffing out" is scent detection.
    expect(found("can histopath tell toxo apart")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ terms: tokenize("histopath"), alternatives: expect.arrayContaining([tokenize("histopathology")]) }),
        expect.objectContaining({ terms: tokenize("toxo"), alternatives: expect.arrayContaining([tokenize("toxoplasma")]) }),
      ]),
    );
    expect(found("dogs sniffing out cancer")).toContainEqual(expect.objectContaining({ alternatives: expect.arrayContaining([tokenize("scent detection")]) }));
    expect(found("will he get his sight back")).toContainEqual(expect.objectContaining({ terms: tokenize("sight"), alternatives: expect.arrayContaining([tokenize("vision")]) }));
    // Note shorthand: "periph eos" is peripheral eosinophilia.
    expect(found("periph eos")).toContainEqual({ terms: tokenize("periph"), alternatives: [tokenize("peripheral")] });
  });

  it("reads an owner's 'chubby' as obese, and Tembusu virus by its abbreviation", () => {
    expect(found("our pony is a bit chubby")).toContainEqual({ terms: tokenize("chubby"), alternatives: expect.arrayContaining([tokenize("obesity")]) });
    expect(found("Tembusu virus in laying ducks")).toContainEqual({ terms: tokenize("tembusu virus"), alternatives: expect.arrayContaining([tokenize("dtmuv")]) });
  });

  it("reads clinicians' chat shorthand ('calici', 'hep E', 'unvaxxed', 'gunky eyes') as the words textbooks use", () => {
    expect(found("does calici fit?")).toContainEqual({ terms: tokenize("calici"), alternatives: [tokenize("calicivirus")] });
    expect(found("is swine hep E a zoonosis?")).toContainEqual({ terms: tokenize("hep e"), alternatives: [tokenize("hepatitis e")] });
    expect(found("unvaxxed yard")).toContainEqual({ terms: tokenize("unvaxxed"), alternatives: expect.arrayContaining([tokenize("unvaccinated")]) });
    expect(found("gunky eyes")).toContainEqual({ terms: tokenize("gunky eyes"), alternatives: expect.arrayContaining([tokenize("ocular discharge")]) });
    expect(found("stinky breath")).toContainEqual({ terms: tokenize("stinky breath"), alternatives: expect.arrayContaining([tokenize("halitosis")]) });
  });

  it("reads 'under the scope' as microscopy and 'post-mortem' as necropsy", () => {
    expect(found("what am I looking for under the scope then")).toContainEqual({ terms: tokenize("scope"), alternatives: expect.arrayContaining([tokenize("microscopy")]) });
    expect(found("post-mortem lesions")).toContainEqual({ terms: tokenize("post-mortem"), alternatives: expect.arrayContaining([tokenize("necropsy")]) });
  });

  it("reads chat shorthand for eyes, airways and disease ('conj', 'bleph', 'resp dz') and an owner's 'bum' as the clinical words", () => {
    expect(found("mostly conj + bleph?")).toEqual(
      expect.arrayContaining([
        { terms: tokenize("conj"), alternatives: [tokenize("conjunctivitis")] },
        { terms: tokenize("bleph"), alternatives: [tokenize("blepharospasm")] },
      ]),
    );
    expect(found("which resp dz in turkeys")).toEqual(expect.arrayContaining([{ terms: tokenize("resp"), alternatives: [tokenize("respiratory")] }]));
    expect(found("a thermometer up my dog's bum")).toContainEqual({ terms: tokenize("bum"), alternatives: expect.arrayContaining([tokenize("rectal")]) });
  });

  it("reads owners' and farmers' names of diseases and body parts, and clinicians' note shorthand, as the words textbooks use", () => {
    const alternatives = (query: string) => found(query).flatMap((m) => m.alternatives);
    expect(alternatives("does cat aids shorten life")).toContainEqual(tokenize("feline immunodeficiency virus"));
    expect(alternatives("his food pipe may be enlarged")).toContainEqual(tokenize("oesophagus"));
    expect(alternatives("mouth rot in snakes")).toContainEqual(tokenize("infectious stomatitis"));
    expect(alternatives("orf in lambs")).toContainEqual(tokenize("contagious ecthyma"));
    expect(alternatives("acquired lar par in old labs")).toContainEqual(tokenize("laryngeal paralysis"));
    expect(alternatives("given subq")).toContainEqual(tokenize("subcutaneous"));
    expect(alternatives("bottle jaw in a ewe")).toContainEqual(tokenize("submandibular oedema"));
    expect(alternatives("moon blindness in a mare")).toContainEqual(tokenize("equine recurrent uveitis"));
    expect(alternatives("enro q24h for how long")).toEqual(expect.arrayContaining([tokenize("enrofloxacin"), tokenize("every 24 hours")]));
    expect(alternatives("fluid in the belly")).toContainEqual(tokenize("ascites"));
  });

  it("reads 'doggy dementia' as cognitive dysfunction", () => {
    expect(found("how common is doggy dementia?")).toContainEqual({ terms: tokenize("doggy dementia"), alternatives: expect.arrayContaining([tokenize("cognitive dysfunction")]) });
  });

  it("reads lay and shorthand names for what passages write otherwise ('mega gullet', 'low plts', 'stay alive', 'lots of cats live together')", () => {
    expect(alternatives("the owner said something about a 'mega' gullet")).toContainEqual(tokenize("megaoesophagus"));
    expect(alternatives("Cat w/ low plts: reported prevalence?")).toContainEqual(tokenize("thrombocytopenia"));
    expect(alternatives("is 1° IMTP common")).toContainEqual(tokenize("immune-mediated thrombocytopenia"));
    expect(alternatives("how long can the virus stay alive in the environment?")).toContainEqual(tokenize("remain viable"));
    expect(alternatives("is it worse where lots of cats live together?")).toContainEqual(tokenize("multicat"));
    // (Animals "penned in together" at a show are co-housed.)
    expect(alternatives("does it matter that they're all penned in together for the whole week?")).toContainEqual(tokenize("co-housing"));
    // (Mucky eggs carry the organic debris a text says to brush off; a zoo's hoofstock are its ungulates.)
    expect(alternatives("should I be washing the mucky ones?")).toContainEqual(tokenize("organic debris"));
    expect(alternatives("mammary tumours hardly ever turn up in the hoofstock")).toContainEqual(tokenize("ungulates"));
  });

  it("reads a case's signs in everyday words: a meal brought back up, looking thin, red water, eyes gone yellow, glands swelled up", () => {
    expect(signsIn("he keeps bringing his dinner back up and he's looking a bit thin")).toEqual(["regurgitation", "weight loss"]);
    expect(signsIn("my sheeps are making water red like blood and the eyes gone yellow")).toEqual(["haematuria", "jaundice"]);
    expect(signsIn("very high fever and the glands swelled up")).toEqual(["pyrexia", "lymphadenopathy"]);
    // (Lymph nodes in clinicians' shorthand too: "big LNs".)
    expect(signsIn("goats with pox lesions + big LNs")).toEqual(["pock lesions", "lymphadenopathy"]);
    // (Urine said to be red is no more than that: "my rabbit's pee is red" may be plant pigment.)
    expect(signsIn("my rabbit's pee is red")).toEqual([]);
    // (A farmer's cattle that "go poor" lose condition.)
    expect(signsIn("why do the chronic ones go so poor?")).toEqual(["weight loss"]);
    expect(signsIn("she's gone poor since calving")).toEqual(["weight loss"]);
  });

  it("gives a phrase in several groups the alternatives of each", () => {
    expect(found("babesiosis in cattle").find((m) => m.terms.join() === tokenize("babesiosis").join())?.alternatives).toEqual([tokenize("redwater"), tokenize("tick fever")]);
  });

  it("matches British and American spellings alike (the tokenizer folds them)", () => {
    expect(found("feline hypocalcemia")).toContainEqual({ terms: tokenize("hypocalcemia"), alternatives: [tokenize("milk fever"), tokenize("parturient paresis")] });
  });

  it("reads cuddling as close contact", () => {
    expect(found("my little sister is 5 and loves cuddling them").find((m) => m.terms.includes("cuddl"))?.alternatives).toContainEqual(tokenize("close contact"));
  });

  it("reads the usual spot for a blood sample as its most common site", () => {
    expect(found("Where's the usual spot?").find((m) => m.terms.includes("spot"))?.alternatives).toContainEqual(["common", "site"]);
  });

  it("reads a branching ulcer as dendritic, and 'still shedding' as still excreted", () => {
    expect(found("a branching ulcer on the cornea").find((m) => m.terms.includes("branch"))?.alternatives).toContainEqual(tokenize("dendritic"));
    expect(found("once they look better are they still shedding?").find((m) => m.terms.includes("shed"))?.alternatives).toContainEqual(tokenize("still excreted"));
  });

  it("reads a yeast on a dog's skin as Malassezia", () => {
    expect(found("the vet says it's a yeast on his skin")).toContainEqual(expect.objectContaining({ terms: tokenize("yeast skin") }));
    expect(found("the vet says it's a yeast on his skin").find((m) => m.terms.includes("yeast"))?.alternatives).toContainEqual(tokenize("malassezia"));
  });

  it("finds nothing in a question without listed words", () => {
    expect(found("what is the dose of meloxicam")).toEqual([]);
  });

  it("reads the winter vomiting bug as norovirus, breaths as respirations and numbers declining as decreasing", () => {
    expect(alternatives("the whole family went down with the winter vomiting bug")).toContainEqual(tokenize("norovirus"));
    expect(alternatives("how many breaths a minute should a resting ferret take?")).toContainEqual(tokenize("respirations"));
    expect(alternatives("her breathing is slow")).toContainEqual(tokenize("respiration"));
    expect(alternatives("why are hedgehog numbers declining?")).toContainEqual(tokenize("decrease"));
    // (Bad breath is still halitosis, and a cognitive decline is still dementia.)
    expect(alternatives("his bad breath is worse")).not.toContainEqual(tokenize("respiration"));
    expect(alternatives("signs of cognitive decline")).not.toContainEqual(tokenize("decrease"));
  });

  it("reads what is breathed in as inhaled, a damaged lining as injured, one repairing itself as regenerating, and complex thinking as cognition", () => {
    expect(alternatives("how does it clear what they breathe in?")).toContainEqual(tokenize("inhaled"));
    expect(alternatives("can it repair itself if it gets damaged?")).toEqual(expect.arrayContaining([tokenize("regeneration"), tokenize("injury")]));
    expect(alternatives("why did scientists think birds couldn't do complex thinking?")).toContainEqual(tokenize("complex cognition"));
    // (Breathing alone is still respiration, and repairing a fracture is no regeneration.)
    expect(alternatives("her breathing is slow")).not.toContainEqual(tokenize("inhaled"));
    expect(alternatives("how do you repair a fractured femur?")).not.toContainEqual(tokenize("regeneration"));
  });

  it("reads a hen's egg-laying tract as the oviduct, and chick anaemia virus by the names the literature gives it", () => {
    expect(alternatives("Is lysozyme in chickens only made in the egg-laying tract?")).toContainEqual(tokenize("oviduct"));
    expect(alternatives("Chick anaemia virus: can breeders pass it to chicks through the egg?")).toContainEqual(tokenize("chicken infectious anaemia virus"));
    expect(alternatives("Chick anemia virus in broilers")).toContainEqual(tokenize("CIAV"));
    // (A tract of land is no oviduct, nor is anaemia in a chick that virus.)
    expect(alternatives("a tract of grazing land")).not.toContainEqual(tokenize("oviduct"));
    expect(alternatives("why is my chick anaemic?")).not.toContainEqual(tokenize("CIAV"));
  });

  it("reads the placenta as placental, people as humans, and what a gene or a kinase switches on as expressed or activated", () => {
    expect(alternatives("which cells carry them, even in the placenta?")).toContainEqual(tokenize("placental"));
    expect(alternatives("In people, what are the two main families of antimicrobial peptides?")).toContainEqual(tokenize("humans"));
    expect(alternatives("where is the lysozyme gene switched on in hens?")).toContainEqual(tokenize("expressed"));
    expect(alternatives("what does TBK1 switch on?")).toContainEqual(tokenize("activates"));
    // (What is activated is not thereby expressed: the two readings of "switch on" stay apart.)
    expect(alternatives("which kinase is activated first?")).not.toContainEqual(tokenize("expressed"));
    expect(alternatives("should I switch off the heat lamp?")).not.toContainEqual(tokenize("activated"));
    // (A placental mammal is no placenta asked of, but the two words are one organ: the pair is read both ways.)
    expect(alternatives("are placental trophoblasts involved?")).toContainEqual(tokenize("placenta"));
  });
});

describe("shorthand for a binomial", () => {
  it("reads words that start the binomial's words as the binomial, and lay names as no shorthand", () => {
    expect(shorthandBinomials("Is C. diff colitis common?")).toEqual([{ written: "c diff", binomial: "clostridioides difficile" }]);
    expect(shorthandBinomials("barber's pole worm, strangles and blackleg")).toEqual([]);
    expect(shorthandBinomials("diff c")).toEqual([]);
  });

  it("reads words clipped from another name of their group as that name, not a name inflected nor a binomial's", () => {
    expect(shorthandNames("old lab, lar par?")).toEqual([{ written: "lar par", name: "laryngeal paralysis" }]);
    expect(shorthandNames("redness in the ear canal, white cell count")).toEqual([]);
    expect(shorthandNames("Is C. diff colitis common?")).toEqual([]);
  });
});

describe("words the stemmer reads alike", () => {
  it("reads no faeces in 'dropped', 'dropping dead' or 'a drop in egg numbers', whose stem 'droppings' shares", () => {
    for (const query of ["when should his testes have dropped?", "ducks just dropping dead", "a drop in egg numbers", "eye drops for a cat"]) {
      expect(found(query).flatMap((m) => m.alternatives).map((a) => a.join(" "))).not.toContain(tokenize("faeces")[0]);
    }
    expect(found("poo").flatMap((m) => m.alternatives).map((a) => a.join(" "))).toContain(tokenize("faeces")[0]);
  });

  it("reads whether a drug kills bacteria or stops them growing as bactericidal or bacteriostatic", () => {
    const alternatives = (query: string) => found(query).flatMap((m) => m.alternatives).map((a) => a.join(" "));
    expect(alternatives("do they kill bacteria or just stop them growing?")).toEqual(expect.arrayContaining(tokenize("bactericidal bacteriostatic")));
  });
});

describe("a clinician's shortened words", () => {
  it("reads 'clin' as clinical and 'max' as maximum", () => {
    expect(found("canine theileriosis - clin signs?").flatMap((m) => m.alternatives)).toContainEqual(tokenize("clinical"));
    expect(found("max blood volume from a lizard").flatMap((m) => m.alternatives)).toContainEqual(tokenize("maximum"));
  });
});

describe("a jab and the air (set 47, set 48)", () => {
  it("reads a jab as an injection or a vaccination, without making the two one thing", () => {
    const [jab] = synonymsIn(tokenize("can i just jab them myself"));
    expect(jab!.alternatives).toEqual(expect.arrayContaining([["vaccin"], ["inject"]]));
    const [injection] = synonymsIn(tokenize("an injection of ivermectin"));
    expect(injection!.alternatives).not.toContainEqual(["vaccin"]);
  });

  it("reads 'through the air' as airborne or in an aerosol", () => {
    const [air] = synonymsIn(tokenize("how far can it travel through the air"));
    expect(air!.alternatives).toEqual(expect.arrayContaining([["aerosol"]]));
  });
});

describe("a head bent back", () => {
  it("reads 'their heads bent right back' as opisthotonus", () => {
    expect(signsIn("The dead ones had their heads bent right back.")).toContain("opisthotonus");
  });
});

describe("set 54's words", () => {
  const alternatives = (query: string) => synonymsIn(tokenize(query)).flatMap((m) => m.alternatives);
  it("reads lay and Latin phrases as the words the literature writes", () => {
    expect(alternatives("something about breaking up membrane microdomains")).toContainEqual(tokenize("lipid rafts"));
    expect(alternatives("Cope's rule in the loose sense")).toContainEqual(tokenize("sensu lato"));
    expect(alternatives("and in the strict sense?")).toContainEqual(tokenize("sensu stricto"));
    expect(alternatives("diagnosed with cancer of the lymph glands")).toContainEqual(tokenize("lymphoma"));
    expect(alternatives("she's on the allergy injections")).toContainEqual(tokenize("allergen-specific immunotherapy"));
    expect(alternatives("still giving other meds as well")).toContainEqual(tokenize("medications"));
    expect(alternatives("long-running ear infections")).toContainEqual(tokenize("otitis"));
    expect(alternatives("found body lice on the layers")).toContainEqual(tokenize("louse"));
  });

  it("reads a claw taken off, a kidney tx, gastro, furred arteries and a bite or sting as the literature writes them", () => {
    expect(alternatives("if we go for taking the claw off, how's it done?")).toContainEqual(tokenize("digit removal"));
    expect(alternatives("on a renal tx study")).toContainEqual(tokenize("kidney transplant"));
    expect(alternatives("norovirus gastro cases per year")).toContainEqual(tokenize("gastroenteritis"));
    expect(alternatives("his arteries are furring up")).toContainEqual(tokenize("atherosclerosis"));
    expect(alternatives("how many get bitten by snakes")).toContainEqual(tokenize("bite"));
    expect(alternatives("stung by a scorpion")).toContainEqual(tokenize("sting"));
    // (A tx alone is still a treatment.)
    expect(alternatives("what's the tx?")).not.toContainEqual(tokenize("kidney transplant"));
  });

  it("reads the old and the new name of a cell, a herpesvirus's number as its name, a host range as its spectrum and rare meat as undercooked", () => {
    expect(alternatives("does it include Clara cells?")).toContainEqual(tokenize("club cells"));
    expect(alternatives("besides HHV-8, which one?")).toContainEqual(tokenize("kaposi's sarcoma-associated herpesvirus"));
    expect(alternatives("is EBV oncogenic?")).toContainEqual(tokenize("epstein-barr virus"));
    expect(alternatives("which genus has the broadest host range?")).toEqual(expect.arrayContaining([tokenize("widest"), tokenize("host spectrum")]));
    expect(alternatives("how many structural polypeptides?")).toContainEqual(tokenize("proteins"));
    // Spreading easily is being highly contagious.
    expect(alternatives("why does it spread so easily between dogs")).toContainEqual(tokenize("highly contagious"));
    // Meat eaten rare is undercooked; a rare disease is not.
    expect(alternatives("the only odd thing they ate was some rare pork")).toContainEqual(tokenize("undercooked pork"));
    expect(alternatives("a rare disease of pigs")).not.toContainEqual(tokenize("undercooked pork"));
    // (Not any cell: a "goblet cell" is no club cell.)
    expect(alternatives("goblet cells")).not.toContainEqual(tokenize("club cells"));
  });

  it("reads a virus going after cells as targeting them, mito as mitochondria and good bacteria as probiotics", () => {
    expect(alternatives("which cells does the virus go after in the pig?")).toContainEqual(tokenize("target"));
    expect(alternatives("mostly in the ER or the mito?")).toContainEqual(tokenize("mitochondria"));
    expect(alternatives("does adding good bacteria to the feed help the fish grow?")).toContainEqual(tokenize("probiotics"));
    // Herbal remedies are phytotherapy; a chiropractor practises chiropractic.
    expect(alternatives("owners use herbal remedies on their horses")).toContainEqual(tokenize("phytotherapy"));
    expect(alternatives("back-cracking chiropractors")).toContainEqual(tokenize("chiropractic"));
    // Hexavalent chromium is Cr(VI), however typed; lab mice are laboratory mice.
    expect(alternatives("does hexavalent chromium harm the brain?")).toContainEqual(tokenize("cr(vi)"));
    expect(alternatives("is chromium six toxic?")).toContainEqual(tokenize("hexavalent chromium"));
    expect(alternatives("why do lab mice get flu so badly?")).toContainEqual(tokenize("laboratory mice"));
    // The dominant genotype is the predominant one.
    expect(alternatives("which genotype is dominant now?")).toContainEqual(tokenize("predominant"));
    // A tissue that heals or mends regenerates.
    expect(alternatives("why won't the nerve heal?")).toContainEqual(tokenize("regeneration"));
    // A drug licensed for an animal is approved for it.
    expect(alternatives("is it licensed for cats?")).toContainEqual(tokenize("approved"));
    // A protein's ZnF domains are its zinc fingers, and its N-term its N-terminal region.
    expect(alternatives("how many ZnF domains?")).toContainEqual(tokenize("zn-finger"));
    expect(alternatives("TRAF N-term")).toContainEqual(tokenize("n-terminal"));
    // A virus split into genotypes is divided, classified or assigned to them.
    expect(alternatives("how is the virus split into genotypes?")).toContainEqual(tokenize("classified"));
    // (Going after dinner is no target: the phrase is read whole, not "after" alone.)
    expect(alternatives("they drop after dinner")).not.toContainEqual(tokenize("target"));
  });

  it("reads the light-sensing cells at the back of the eye as the retina's photoreceptors, and len as length", () => {
    expect(alternatives("the disease that kills off the light-sensing cells")).toContainEqual(tokenize("photoreceptors"));
    expect(alternatives("something at the back of the eye")).toContainEqual(tokenize("retinal"));
    // A length typed short, as in a lab's notes ("AR polyQ len").
    expect(alternatives("AR polyQ len & PCa risk in dogs?")).toContainEqual(tokenize("length"));
    // (The back of the leg is no retina.)
    expect(alternatives("a lump at the back of the leg")).not.toContainEqual(tokenize("retina"));
  });

  it("reads arteries that fur up, what builds up in the vessel wall, and a protein made all the time", () => {
    expect(alternatives("when the arteries start to fur up")).toContainEqual(tokenize("atherosclerosis"));
    expect(alternatives("the first stuff that builds up in the vessel wall")).toContainEqual(tokenize("accumulation"));
    expect(alternatives("the first stuff that builds up in the vessel wall")).toContainEqual(tokenize("subendothelial"));
    expect(alternatives("is it made all the time, or only once there's damage?")).toContainEqual(tokenize("constitutively"));
    // (A cat brushed all the time is no constitutive expression.)
    expect(alternatives("he is brushed all the time")).not.toContainEqual(tokenize("constitutively"));
  });

  it("reads chromium-6, harmful oxygen molecules and a deubiquitinase's motifs as the passages write them", () => {
    expect(alternatives("Chromium-6 got into our borehole")).toContainEqual(tokenize("cr vi"));
    expect(alternatives("what kinds of harmful oxygen molecules does it make?")).toContainEqual(tokenize("reactive oxygen species"));
    expect(alternatives("in the deubiquitinase family")).toContainEqual(tokenize("deubiquitinating enzymes"));
    expect(alternatives("which conserved motifs do they need?")).toContainEqual(tokenize("consensus sequences"));
  });
});
