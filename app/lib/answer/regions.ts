import escapeStringRegexp from "escape-string-regexp";
import { tokenize } from "../search/tokenize";
import data from "./regions.json";

/** A place's name as a pattern: its words apart by spaces or hyphens ("Sub-Saharan Africa", "sub saharan africa"). */
const placePattern = (name: string) => name.split(/[\s-]+/).map(escapeStringRegexp).join("[\\s-]+");

const QUALIFIER = "(?:south|north|east|west|central|southern|northern|eastern|western|south-east|southeast|south-west|southwest|north-east|northeast|north-west|northwest|sub-saharan|far|near|middle)";

/** Per country (lower case), a pattern naming each region it lies in ("South American countries" for Brazil). */
const REGIONS_OF = new Map<string, RegExp[]>();
/** Per country (lower case), the names of the regions it lies in ("South America", "Latin America" for Bolivia). */
const REGION_NAMES_OF = new Map<string, string[]>();
for (const region of data.regions) {
  for (const place of region.places) REGION_NAMES_OF.set(place.toLowerCase(), [...new Set([...(REGION_NAMES_OF.get(place.toLowerCase()) ?? []), ...region.names])]);
  const names = region.names.map(placePattern);
  // (A continent's name inside a part of it, "Asia" of "South Asia", is that part, not the whole.)
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?<!${QUALIFIER}[\\s-]+)(?:${names.join("|")})(?![\\p{L}\\p{N}])`, "iu");
  for (const place of region.places) REGIONS_OF.set(place.toLowerCase(), [...(REGIONS_OF.get(place.toLowerCase()) ?? []), pattern]);
}

/**
 * Does a text name a region the place lies in? "In South American countries, bovine trypanosomiasis is caused mainly by
 * T. vivax" speaks of Brazil. (Never the reverse: what is said of one country is not said of its region.)
 */
export function namesRegionOf(place: string, text: string): boolean {
  return (REGIONS_OF.get(place.toLowerCase()) ?? []).some((pattern) => pattern.test(text));
}

/** The names of the regions a country lies in ("South America", "Latin America" for Bolivia); none for another word. */
export const regionNamesOf = (place: string): readonly string[] => REGION_NAMES_OF.get(place.toLowerCase()) ?? [];

/** Every country some region lists, by a pattern naming it as a word ("Italy", not "Italian"). */
const COUNTRIES = [...REGIONS_OF.keys()].map((place) => ({ place, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${placePattern(place)}(?![\\p{L}\\p{N}])`, "iu") }));

/** Any country at all, in one pattern: most texts name none, and are let go after one scan instead of one per country. */
const ANY_COUNTRY = new RegExp(`(?<![\\p{L}\\p{N}])(?:${[...REGIONS_OF.keys()].map(placePattern).join("|")})(?![\\p{L}\\p{N}])`, "iu");

/** The countries a text names, in lower case ("Central and southern Italy…": italy). */
export const countriesNamedIn = (text: string): string[] => (ANY_COUNTRY.test(text) ? COUNTRIES.filter((c) => c.pattern.test(text)).map((c) => c.place) : []);

/**
 * A region's adjective and its name, as index terms: "European" and "Europe", "African" and "Africa" (a question's "from a
 * European supplier" is said of "isolates from Europe").
 */
const REGION_OF_ADJECTIVE = new Map<string, string[]>();
for (const region of data.regions) {
  for (const adjective of region.names) {
    const noun = region.names.find((name) => [`${name}n`, `${name}an`].includes(adjective));
    const [term, ...more] = tokenize(adjective);
    if (noun && term && !more.length) REGION_OF_ADJECTIVE.set(term, tokenize(noun));
  }
}

/** The index terms of the region an adjective's term names ("european": "europ"); none for another word. */
export const regionOfAdjective = (term: string): readonly string[] | undefined => REGION_OF_ADJECTIVE.get(term);
