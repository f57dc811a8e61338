import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { billionLaughs, FIXTURE_EUTILS } from "../../../tests/support/eutils-server";
import { PubMedError } from "./errors";
import { decodeXmlText, parseEsearchJson, parsePubmedArticleSet } from "./parse";

/** The parsers on real recorded E-utilities responses (tests/fixtures/eutils, see tests/fixtures/README.md). */

const recorded = (file: string) => fs.readFileSync(path.join(FIXTURE_EUTILS, file), "utf8");

function article(xml: string, pmid: string) {
  const found = parsePubmedArticleSet(xml).find((a) => a.pmid === pmid);
  if (!found) throw new Error(`no article ${pmid}`);
  return found;
}

function expectPubMedError(work: () => unknown, code: PubMedError["code"], message?: RegExp): PubMedError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(PubMedError);
    expect((error as PubMedError).code).toBe(code);
    if (message) expect((error as PubMedError).message).toMatch(message);
    return error as PubMedError;
  }
  throw new Error("expected a PubMedError");
}

/** A minimal PubmedArticleSet around one article's inner XML. */
const wrap = (inner: string, pmid = "123") =>
  `<?xml version="1.0" ?>\n<PubmedArticleSet><PubmedArticle><MedlineCitation><PMID Version="1">${pmid}</PMID><Article>${inner}</Article></MedlineCitation></PubmedArticle></PubmedArticleSet>`;

describe("efetch PubmedArticle XML", () => {
  it("reads both records of pubmed1, the one without an abstract and the one with", () => {
    const xml = recorded("biopython_pubmed1.xml");
    expect(parsePubmedArticleSet(xml).map((a) => a.pmid)).toEqual(["12091962", "9997"]);

    const noAbstract = article(xml, "12091962");
    expect(noAbstract).toEqual({
      pmid: "12091962",
      title: "The treatment of AIDS behind the walls of correctional facilities.",
      abstract: "",
      authors: ["Olivero JM"],
      journal: "Soc Justice",
      year: 1990,
      publicationDate: "1990 Spring",
      doi: null,
      url: "https://pubmed.ncbi.nlm.nih.gov/12091962/",
      priority: false,
    });

    const withAbstract = article(xml, "9997");
    expect(withAbstract.title).toBe("Magnetic studies of Chromatium flavocytochrome C552. A mechanism for heme-flavin interaction.");
    expect(withAbstract.abstract).toMatch(/^Electron paramagnetic resonance and magnetic susceptibility studies of Chromatium flavocytochrome C552/);
    expect(withAbstract.abstract).toMatch(/indicating the existence of a mechanism for heme-flavin interaction\.$/);
    expect(withAbstract.authors).toEqual(["Strekas TC"]);
    expect(withAbstract.journal).toBe("Biochim Biophys Acta");
    expect(withAbstract.publicationDate).toBe("1976 Sep 28");
    expect(withAbstract.year).toBe(1976);
    expect(withAbstract.doi).toBe("10.1016/0005-2795(76)90109-4");
  });

  it("reads the two articles of pubmed2 in order, with escaped characters decoded", () => {
    const articles = parsePubmedArticleSet(recorded("biopython_pubmed2.xml"));
    expect(articles.map((a) => a.pmid)).toEqual(["11748933", "11700088"]);
    const [cryo, mri] = articles;
    expect(cryo!.title).toBe(
      "Is cryopreservation a homogeneous process? Ultrastructure and motility of untreated, prefreezing, and postthawed spermatozoa of Diplodus puntazzo (Cetti).",
    );
    expect(cryo!.abstract).toContain("compared with 24% in the fresh sample (P < 0.001)");
    expect(cryo!.abstract).not.toContain("&lt;");
    expect(cryo!.abstract).not.toContain("Copyright 2001");
    expect(cryo!.authors).toEqual(["Taddei AR", "Barbato F", "Abelli L", "Canese S", "Moretti F", "Rana KJ", "Fausto AM", "Mazzini M"]);
    expect(cryo!.journal).toBe("Cryobiology");
    expect(cryo!.publicationDate).toBe("2001 Jun");
    expect(cryo!.doi).toBe("10.1006/cryo.2001.2328");
    expect(mri!.title).toBe("Proton MRI of (13)C distribution by J and chemical shift editing.");
    expect(mri!.journal).toBe("J Magn Reson");
    expect(mri!.authors.at(-1)).toBe("De Luca F");
    expect(mri!.doi).toBe("10.1006/jmre.2001.2429");
  });

  it("keeps every labelled section of pubmed4's structured abstract and flattens its HTML tags", () => {
    const a = article(recorded("biopython_pubmed4.xml"), "27797938");
    expect(a.title).toBe("Leucocyte telomere length, genetic variants at the TERT gene region and risk of pancreatic cancer.");
    expect(a.abstract).toMatch(/^OBJECTIVE: Telomere shortening occurs as an early event in pancreatic tumorigenesis/);
    const labels = [...a.abstract.matchAll(/\b(OBJECTIVE|DESIGN|RESULTS|CONCLUSIONS): /g)].map((m) => m[1]);
    expect(labels).toEqual(["OBJECTIVE", "DESIGN", "RESULTS", "CONCLUSIONS"]);
    expect(a.abstract).toContain("telomerase reverse transcriptase (TERT) gene region");
    expect(a.abstract).toContain("95% CI 1.07 to 2.78; ptrend=0.048)");
    expect(a.abstract).toContain("(linkage disequilibrium r^2<0.25)");
    expect(a.abstract).toMatch(/CONCLUSIONS: Prediagnostic leucocyte telomere length .* risk of pancreatic cancer\.$/);
    expect(a.abstract).not.toMatch(/<\/?(i|sub|sup)>|BMJ Publishing|\s{2}/);
    expect(a.journal).toBe("Gut");
    expect(a.publicationDate).toBe("2017 Jun");
    expect(a.authors).toHaveLength(22);
    expect(a.authors[0]).toBe("Bao Y");
    expect(a.doi).toBe("10.1136/gutjnl-2016-312510");
  });

  it("keeps pubmed5's labelled sections and decodes its HTML escapes next to inline tags", () => {
    const a = article(recorded("biopython_pubmed5.xml"), "28775130");
    const labels = [...a.abstract.matchAll(/\b(OBJECTIVES|METHODS|RESULTS|CONCLUSIONS): /g)].map((m) => m[1]);
    expect(labels).toEqual(["OBJECTIVES", "METHODS", "RESULTS", "CONCLUSIONS"]);
    expect(a.abstract).toContain("subclinical hypothyroidism (TSH >4.5 mIU/L) compared with normal TSH (0.4-<4.5 mIU/L)");
    expect(a.abstract).toContain("(ORQ3=4.15, 95% CI 1.56 to 11.01, ORQ4=4.76");
    expect(a.abstract).not.toContain("©");
    expect(a.journal).toBe("Occup Environ Med");
    expect(a.publicationDate).toBe("2018 Feb");
    expect(a.authors).toContain("Beane Freeman LE");
  });

  it("flattens pubmed6's MathML and HTML markup into readable text", () => {
    const a = article(recorded("biopython_pubmed6.xml"), "30108519");
    expect(a.title).toBe(
      'A "Blood Relationship" Between the Overlooked Minimum Lactate Equivalent and Maximal Lactate Steady State in Trained Runners. Back to the Old Days?',
    );
    expect(a.abstract).toContain('the disused "Minimum Lactate Equivalent" (LEmin)');
    expect(a.abstract).toContain("[VMLSS 15.0 ± 1.1 km·h^-1; maximal oxygen uptake (VO2max) 67.6 ± 4.1 ml·kg^-1·min^-1]");
    expect(a.abstract).toContain("maximal ramp incremental running test for VO2max determination");
    expect(a.abstract).not.toMatch(/mml|<\/?[a-z]|\s{2}/);
    expect(a.publicationDate).toBe("2018");
    expect(a.year).toBe(2018);
    expect(a.journal).toBe("Front Physiol");
  });

  it("reads pubmed7's isotopes written in MathML prescripts, and its CollectiveName author", () => {
    const a = article(recorded("biopython_pubmed7.xml"), "29963580");
    expect(a.abstract).toContain("(1) inhaled 3He/129Xe MRI ventilation and apparent diffusion coefficients");
    expect(a.abstract).toContain("(3) ultrashort echo-time 1H MRI proton density measurements");
    expect(a.abstract).not.toMatch(/mml|<\/?[a-z]|\s{2}/);
    expect(a.authors.at(-1)).toBe("Canadian Respiratory Research Network");
    expect(a.authors.slice(0, 2)).toEqual(["Guo F", "Capaldi D"]);
    expect(a.journal).toBe("J Med Imaging (Bellingham)");
    expect(a.publicationDate).toBe("2018 Apr");
    expect(a.doi).toBe("10.1117/1.JMI.5.2.026002");
  });

  it("reads MedlineDate free text, the journal title without an abbreviation, and the DOI from ELocationID", () => {
    const a = parsePubmedArticleSet(
      wrap(
        `<Journal><JournalIssue><PubDate><MedlineDate>1998 Dec-1999 Jan</MedlineDate></PubDate></JournalIssue><Title>Journal of Veterinary Things</Title></Journal>` +
          `<ArticleTitle>Meloxicam in cats: 10<sup>9</sup> cells/L and CO<sub>2</sub>.</ArticleTitle>` +
          `<ELocationID EIdType="pii" ValidYN="Y">S0001</ELocationID><ELocationID EIdType="doi" ValidYN="Y">10.1000/xyz.1</ELocationID>` +
          `<Abstract><AbstractText Label="BACKGROUND">First.</AbstractText><AbstractText Label="EMPTY"></AbstractText><AbstractText>Unlabelled tail.</AbstractText></Abstract>` +
          `<AuthorList><Author ValidYN="Y"><LastName>Smith</LastName><ForeName>Anna Maria</ForeName></Author><Author ValidYN="N"><LastName>Wrong</LastName></Author></AuthorList>`,
      ),
    )[0]!;
    expect(a.publicationDate).toBe("1998 Dec-1999 Jan");
    expect(a.year).toBe(1998);
    expect(a.journal).toBe("Journal of Veterinary Things");
    expect(a.title).toBe("Meloxicam in cats: 10^9 cells/L and CO2.");
    expect(a.doi).toBe("10.1000/xyz.1");
    expect(a.abstract).toBe("BACKGROUND: First. Unlabelled tail.");
    expect(a.authors).toEqual(["Smith AM"]);
  });

  it("decodes the five XML entities and character references, and expands nothing else", () => {
    expect(decodeXmlText("a &lt; b &amp;&amp; c &gt; d &quot;q&quot; &apos;s&apos; Universit&#xe0; &#233;")).toBe(`a < b && c > d "q" 's' Università é`);
    expect(decodeXmlText("&amp;lt; &nbsp; &lol; &#0; &#xD800;")).toBe("&lt; &nbsp; &lol; &#0; &#xD800;");
    const a = parsePubmedArticleSet(wrap(`<ArticleTitle>Dogs &amp;amp; cats &#x2013; a &lol; review</ArticleTitle>`))[0]!;
    expect(a.title).toBe("Dogs &amp; cats – a &lol; review");
  });

  it("refuses an XML bomb (billion laughs) without expanding its entities", () => {
    const bomb = billionLaughs();
    expect(bomb).toContain("<!ENTITY lol9");
    const error = expectPubMedError(() => parsePubmedArticleSet(bomb), "bad-response", /entit/i);
    expect(error.message).not.toContain("lollol");
    // An external entity (XXE) is refused the same way.
    expectPubMedError(
      () => parsePubmedArticleSet(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><PubmedArticleSet>&xxe;</PubmedArticleSet>`),
      "bad-response",
      /entit/i,
    );
  });

  it("reports a truncated response", () => {
    const xml = recorded("biopython_pubmed4.xml");
    expectPubMedError(() => parsePubmedArticleSet(xml.slice(0, Math.floor(xml.length * 0.6))), "bad-response", /truncated or malformed XML/);
    expectPubMedError(() => parsePubmedArticleSet(xml.slice(0, xml.lastIndexOf("</PubmedArticleSet>"))), "bad-response", /truncated/);
  });

  it("reports NCBI's XML error document, an HTML page, and documents of another kind", () => {
    expectPubMedError(
      () => parsePubmedArticleSet(`<?xml version="1.0" encoding="UTF-8" ?>\n<eFetchResult>\n\t<ERROR>Empty id list - nothing todo</ERROR>\n</eFetchResult>`),
      "bad-response",
      /NCBI efetch error: Empty id list - nothing todo/,
    );
    expectPubMedError(() => parsePubmedArticleSet("<!DOCTYPE html><html><head><title>Error</title></head><body><p>Down<br></p></body></html>"), "bad-response");
    expectPubMedError(() => parsePubmedArticleSet(recorded("biopython_esearch1.xml")), "bad-response", /<eSearchResult> instead of <PubmedArticleSet>/);
  });

  it("reads an empty PubmedArticleSet as no articles", () => {
    expect(parsePubmedArticleSet(`<?xml version="1.0" ?>\n<PubmedArticleSet>\n</PubmedArticleSet>\n`)).toEqual([]);
  });
});

describe("esearch JSON", () => {
  it("reads the recorded esearch response (iwinoid_esearch.json)", () => {
    expect(parseEsearchJson(recorded("iwinoid_esearch.json"))).toEqual({ count: 404, ids: ["42313977", "41196948", "41166468"] });
  });

  it("reads a search that found nothing as no ids", () => {
    const body = JSON.stringify({
      header: { type: "esearch", version: "0.3" },
      esearchresult: { count: "0", retmax: "0", retstart: "0", idlist: [], translationset: [], errorlist: { phrasesnotfound: ["abcXYZ"], fieldsnotfound: [] } },
    });
    expect(parseEsearchJson(body)).toEqual({ count: 0, ids: [] });
  });

  it("reports NCBI's error forms, truncated JSON and an unexpected shape", () => {
    expectPubMedError(() => parseEsearchJson(`{"error":"API rate limit exceeded","api-key":"1.2.3.4","count":"4","limit":"3"}`), "rate-limited", /API rate limit exceeded/);
    expectPubMedError(() => parseEsearchJson(`{"error":"Invalid db name specified: pubmd"}`), "bad-response", /Invalid db name/);
    expectPubMedError(() => parseEsearchJson(`{"header":{},"esearchresult":{"ERROR":"Invalid query"}}`), "bad-response", /Invalid query/);
    expectPubMedError(() => parseEsearchJson(recorded("iwinoid_esearch.json").slice(0, 200)), "bad-response", /malformed JSON/);
    expectPubMedError(() => parseEsearchJson(`{"esearchresult":{"idlist":[1,2]}}`), "bad-response", /id list/);
    expectPubMedError(() => parseEsearchJson(`[]`), "bad-response");
  });
});
