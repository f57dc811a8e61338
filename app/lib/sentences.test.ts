import { split } from "sentence-splitter";
import { describe, expect, it } from "vitest";
import { seededRandom } from "./seeded-random";
import { splitSentences } from "./sentences";

const texts = (text: string) => splitSentences(text).map((s) => s.text);

describe("splitSentences", () => {
  it("gives each sentence with its offsets in the text, trimmed", () => {
    const text = "  Meloxicam is an NSAID.   It is given once daily.\n";
    const spans = splitSentences(text);
    expect(spans).toEqual([
      { text: "Meloxicam is an NSAID.", start: 2, end: 24 },
      { text: "It is given once daily.", start: 27, end: 50 },
    ]);
    for (const s of spans) expect(text.slice(s.start, s.end)).toBe(s.text);
    expect(splitSentences("")).toEqual([]);
    expect(splitSentences(" \n \n")).toEqual([]);
  });

  it("does not end a sentence at clinical abbreviations (VetBench passages)", () => {
    expect(
      texts(
        "Individual treatments can be given by i.m. injection of doramectin at 3 mg/10 kg or by s.c. injection of ivermectin at 300 μg/kg. Small group treatment may be carried out by in-water medication.",
      ),
    ).toEqual([
      "Individual treatments can be given by i.m. injection of doramectin at 3 mg/10 kg or by s.c. injection of ivermectin at 300 μg/kg.",
      "Small group treatment may be carried out by in-water medication.",
    ]);
    expect(
      texts(
        "There are also other Salmonella species/subspecies/serovars causing salmonellosis which are ever present on farms, e.g. S. enterica ssp. diarizonae and serovar Montevideo. Further, there are species-specific salmonellae.",
      ),
    ).toHaveLength(2);
    expect(texts("Give 0.05 mg/kg p.o. q.8h. for 5 days, i.e. until recovery. Monitor the cat, cf. Table 2.")).toEqual([
      "Give 0.05 mg/kg p.o. q.8h. for 5 days, i.e. until recovery.",
      "Monitor the cat, cf. Table 2.",
    ]);
    expect(texts("Approx. 20% of dogs vs. ca. 5% of cats were affected (Figs. 2 and 3). Dr. Smith and Prof. Jones agreed.")).toEqual([
      "Approx. 20% of dogs vs. ca. 5% of cats were affected (Figs. 2 and 3).",
      "Dr. Smith and Prof. Jones agreed.",
    ]);
    expect(texts("Mycoplasma spp. and Bartonella sp. were isolated in No. 4 and Vol. 12, pp. 33-40. Treatment lasted 2 wk. and was repeated.")).toEqual([
      "Mycoplasma spp. and Bartonella sp. were isolated in No. 4 and Vol. 12, pp. 33-40.",
      "Treatment lasted 2 wk. and was repeated.",
    ]);
  });

  it("keeps figure references and citations with et al. inside their sentence", () => {
    expect(
      texts(
        "The second reaction removes a free glucose residue from glycogen, or released by liver tissue into blood (Fig. 23-4). Additionally, Glc-6-P may also be dephosphorylated.",
      ),
    ).toEqual([
      "The second reaction removes a free glucose residue from glycogen, or released by liver tissue into blood (Fig. 23-4).",
      "Additionally, Glc-6-P may also be dephosphorylated.",
    ]);
    expect(
      texts(
        "The cuticle consists of 85–87% protein, 3.5–4.4% carbohydrates, 2.5–3.5% lipids, and 3.5% ash (Nys et al. 1999; Rose-Martel et al. 2012). As shown by Smith et al. (2001), cats (n = 24) improved.",
      ),
    ).toEqual([
      "The cuticle consists of 85–87% protein, 3.5–4.4% carbohydrates, 2.5–3.5% lipids, and 3.5% ash (Nys et al. 1999; Rose-Martel et al. 2012).",
      "As shown by Smith et al. (2001), cats (n = 24) improved.",
    ]);
    expect(texts("The current distribution of SAV subtypes is shown in Fig. 1. SAV 1, 4, and 6 have been identified in Ireland.")).toEqual([
      "The current distribution of SAV subtypes is shown in Fig. 1.",
      "SAV 1, 4, and 6 have been identified in Ireland.",
    ]);
    expect(texts("Figure 3. Lateral radiograph of a cat. Note the enlarged heart.")).toEqual([
      "Figure 3. Lateral radiograph of a cat.",
      "Note the enlarged heart.",
    ]);
    expect(texts("The lesions are shown in Figure 3. Cats recovered.")).toEqual(["The lesions are shown in Figure 3.", "Cats recovered."]);
    expect(texts("Foals typically succumb to opportunistic infection before the age of 3 months (ref. 2). Since then, tests exist.")).toHaveLength(2);
  });

  it("never splits inside decimals, ranges, parentheses or brackets", () => {
    expect(texts("The mean diameter of the bulb is 65 ± 41.54 µm, and the wall is 1598.03 ± 31.58 µm. The wall has four layers.")).toEqual([
      "The mean diameter of the bulb is 65 ± 41.54 µm, and the wall is 1598.03 ± 31.58 µm.",
      "The wall has four layers.",
    ]);
    expect(texts("Dose 0.5 mg/kg (range 1.5-2 mg/kg; 5–10 days) in 2.5% dextrose. Repeat weekly.")).toEqual([
      "Dose 0.5 mg/kg (range 1.5-2 mg/kg; 5–10 days) in 2.5% dextrose.",
      "Repeat weekly.",
    ]);
    expect(texts("Cats were dosed (see Fig. 2. Note the scale.) twice [Table 1. Doses.] daily. Dogs were not.")).toEqual([
      "Cats were dosed (see Fig. 2. Note the scale.) twice [Table 1. Doses.] daily.",
      "Dogs were not.",
    ]);
  });

  it("does not end a sentence after a lone initial or a genus initial", () => {
    expect(texts("It was described by J. Smith in 2001. E. coli and S. aureus were isolated.")).toEqual([
      "It was described by J. Smith in 2001.",
      "E. coli and S. aureus were isolated.",
    ]);
    expect(texts("At the same time, poultry infected with S. Enteritidis infect their neighbours. J. R. Smith agreed.")).toEqual([
      "At the same time, poultry infected with S. Enteritidis infect their neighbours.",
      "J. R. Smith agreed.",
    ]);
    expect(
      texts(
        "Among the six species implicated in ovine babesiosis (B. crassa, B. ovis, B. taylori, and B. sp. Xinjiang), B. ovis is the most pathogenic species. Ticks transmit it.",
      ),
    ).toHaveLength(2);
    // A letter that names something ends a sentence as any word does.
    expect(texts("Dogs need vitamin K. Cats do too.")).toEqual(["Dogs need vitamin K.", "Cats do too."]);
  });

  it("ends a sentence after a number, a dosing abbreviation or a glued reference marker", () => {
    expect(texts("RHDV2 was first detected in France in 2010. It spread quickly.")).toEqual(["RHDV2 was first detected in France in 2010.", "It spread quickly."]);
    expect(texts("Give 5 mg/kg b.i.d. Monitor renal values.")).toEqual(["Give 5 mg/kg b.i.d.", "Monitor renal values."]);
    expect(texts("Steps: 1. Clean the wound. 2. Apply the dressing.")).toEqual(["Steps: 1. Clean the wound.", "2. Apply the dressing."]);
    expect(
      texts(
        "Idiopathic megaesophagus is the most common cause of regurgitation in the dog.10 Aside from dysautonomia, megaesophagus is a rare finding in the domestic cat.",
      ),
    ).toEqual([
      "Idiopathic megaesophagus is the most common cause of regurgitation in the dog.10",
      "Aside from dysautonomia, megaesophagus is a rare finding in the domestic cat.",
    ]);
    expect(
      texts("Cats test positive by polymerase chain reaction (PCR).[10,16-18] The absence of viral RNA in the saliva was noted.[19] Cats¹² were fine."),
    ).toEqual(["Cats test positive by polymerase chain reaction (PCR).[10,16-18]", "The absence of viral RNA in the saliva was noted.[19]", "Cats¹² were fine."]);
    // A marker left alone after the last sentence belongs to it.
    expect(texts("Shorter polyQs may be disadvantageous. $^{10,11}$ ")).toEqual(["Shorter polyQs may be disadvantageous. $^{10,11}$"]);
    expect(texts("Lipogenesis takes place in the liver. [5]. Unfortunately, diets differ.")).toEqual([
      "Lipogenesis takes place in the liver. [5].",
      "Unfortunately, diets differ.",
    ]);
  });

  it("starts no sentence with a lower-case word, but lets 'pH' or 'mRNA' start one", () => {
    expect(texts("Several studies have showed that  $L$ . reuteri exhibits probiotic effects.")).toHaveLength(1);
    expect(texts("Urine was collected. pH was 6.5. mRNA levels rose.")).toEqual(["Urine was collected.", "pH was 6.5.", "mRNA levels rose."]);
  });

  it("reads lines apart (rows, list items) and bullets inside a line as new items", () => {
    expect(splitSentences("Drug | Dose\nMeloxicam | 0.1 mg/kg\n\n• first item\n• second item")).toEqual([
      { text: "Drug | Dose", start: 0, end: 11 },
      { text: "Meloxicam | 0.1 mg/kg", start: 12, end: 33 },
      { text: "• first item", start: 35, end: 47 },
      { text: "• second item", start: 48, end: 61 },
    ]);
    expect(texts("￭The existence of naïve subpopulations.￭Improper management of gilt pools.")).toEqual([
      "￭The existence of naïve subpopulations.",
      "￭Improper management of gilt pools.",
    ]);
  });

  it("knows its abbreviations in any case and right after CJK text (each line checks only the words it has)", () => {
    expect(texts("Given I.M. twice daily. Then stop.")).toEqual(["Given I.M. twice daily.", "Then stop."]);
    expect(texts("猫にはe.g. 1 mg を投与. Next one.")).toEqual(["猫にはe.g. 1 mg を投与.", "Next one."]);
    expect(texts("It costs approx. 5 dollars. Mr. Smith paid.")).toEqual(["It costs approx. 5 dollars.", "Mr. Smith paid."]);
  });

  it("does not let an unclosed bracket or quote swallow the rest of the line", () => {
    expect(texts("The dose (see below was 5 mg. Cats were treated. Dogs were not.")).toEqual([
      "The dose (see below was 5 mg.",
      "Cats were treated.",
      "Dogs were not.",
    ]);
    expect(texts('He said "stop. Cats were treated. Dogs were not.')).toHaveLength(3);
    expect(texts('The owner said "it is fine." Then she left.')).toHaveLength(1);
  });
});

describe("the sentence library, where splitSentences skips it", () => {
  it("never ends a sentence inside a line without a sentence-ending character", () => {
    // Brackets, quotes, CJK, abbreviations, list markers, ellipses: everything but . ! ? and their full-width forms
    const pieces = ["a", "B", " ", "  ", "(", ")", '"', "'", "“", "”", "「", "」", "猫", "Mr", "U", "e", ",", ";", ":", "…", "1", "-", "\t", "Yahoo", "[", "]", "$", "^", "{", "}", "¹", "•"];
    const next = seededRandom(5);
    const cut: string[] = [];
    for (let n = 0; n < 5_000; n++) {
      let line = "";
      for (let length = 1 + Math.floor(next() * 25); length > 0; length--) line += pieces[Math.floor(next() * pieces.length)];
      const ends = split(line).filter((node) => node.type === "Sentence").map((node) => node.range[1]);
      if (ends.some((end) => end < line.trimEnd().length)) cut.push(line);
    }
    expect(cut).toEqual([]);
    // Whereas a full stop does end one
    expect(split("One. Two").filter((node) => node.type === "Sentence")).toHaveLength(2);
  });
});
