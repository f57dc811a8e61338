import { normaliseProjectName } from "./manifest";

/**
 * The Python package index's "simple" repository API, as pip reads it: PEP 691 JSON when the index
 * offers it, else PEP 503 HTML (one <a> per file, its hash in a `#sha256=` fragment). Any mirror that
 * pip can install from (devpi, Nexus, Artifactory, a static folder served over HTTP) works here too.
 */

export const DEFAULT_INDEX_URL = "https://pypi.org/simple/";

export type IndexSettings = {
  /** PIP_INDEX_URL, then each of PIP_EXTRA_INDEX_URL, in the order pip would try them. */
  indexUrls: string[];
  /** PIP_FIND_LINKS entries: local folders (or file: URLs) holding wheels, and http(s) pages of links. */
  findLinks: string[];
};

function words(value: string | undefined): string[] {
  return (value ?? "").split(/\s+/).filter(Boolean);
}

/** Reads pip's own environment variables, so a machine already set up for pip needs nothing more. */
export function indexSettingsFromEnv(env: NodeJS.ProcessEnv): IndexSettings {
  const primary = env.PIP_NO_INDEX === "1" || env.PIP_NO_INDEX === "true" ? [] : [env.PIP_INDEX_URL?.trim() || DEFAULT_INDEX_URL];
  return { indexUrls: [...primary, ...words(env.PIP_EXTRA_INDEX_URL)], findLinks: words(env.PIP_FIND_LINKS) };
}

/** The URL as it may be printed: any user name and password replaced. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = "***";
    parsed.password = "";
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * A URL and headers that fetch() accepts: credentials written into an index URL
 * (https://user:token@mirror/simple/) move into an Authorization header, as pip sends them.
 */
export function requestFor(url: string, accept: string): { url: string; headers: Record<string, string> } {
  const parsed = new URL(url);
  const headers: Record<string, string> = { accept };
  if (parsed.username || parsed.password) {
    const user = decodeURIComponent(parsed.username);
    const password = decodeURIComponent(parsed.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
    parsed.username = "";
    parsed.password = "";
  }
  return { url: parsed.toString(), headers };
}

/** The project's page on an index: `<index>/<normalised name>/`. */
export function projectPageUrl(indexUrl: string, project: string): string {
  return `${indexUrl.replace(/\/+$/, "")}/${normaliseProjectName(project)}/`;
}

export type IndexedFile = {
  filename: string;
  /** Absolute download URL, without the hash fragment. */
  url: string;
  /** The index's SHA-256 for the file, when it gives one. */
  sha256?: string;
};

export const SIMPLE_ACCEPT = "application/vnd.pypi.simple.v1+json, application/vnd.pypi.simple.v1+html;q=0.2, text/html;q=0.1";

/** Parses a PEP 691 JSON project page. */
export function parseJsonPage(body: string, pageUrl: string): IndexedFile[] {
  const parsed = JSON.parse(body) as { files?: unknown };
  if (!Array.isArray(parsed.files)) throw new Error("the JSON page has no files list");
  const files: IndexedFile[] = [];
  for (const entry of parsed.files as unknown[]) {
    if (typeof entry !== "object" || entry === null) continue;
    const { filename, url, hashes } = entry as { filename?: unknown; url?: unknown; hashes?: unknown };
    if (typeof filename !== "string" || typeof url !== "string") continue;
    const sha256 = typeof hashes === "object" && hashes !== null ? (hashes as { sha256?: unknown }).sha256 : undefined;
    const absolute = new URL(url, pageUrl);
    absolute.hash = "";
    files.push({ filename, url: absolute.toString(), sha256: typeof sha256 === "string" ? sha256.toLowerCase() : undefined });
  }
  return files;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'", "#x27": "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|apos|#39|#x27);/g, (_, name: string) => ENTITIES[name] ?? "");
}

/** Parses a PEP 503 HTML project page (or a pip find-links page, which has the same anchors). */
export function parseHtmlPage(body: string, pageUrl: string): IndexedFile[] {
  const files: IndexedFile[] = [];
  for (const match of body.matchAll(/<a\s[^>]*?href\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a>/gi)) {
    const href = decodeEntities(match[1] ?? match[2] ?? "");
    if (!href) continue;
    const absolute = new URL(href, pageUrl);
    const fragment = /^#sha256=([0-9a-fA-F]{64})$/.exec(absolute.hash);
    absolute.hash = "";
    const shown = decodeEntities((match[3] ?? "").replace(/<[^>]*>/g, "").trim());
    const filename = shown || decodeURIComponent(absolute.pathname.split("/").pop() ?? "");
    files.push({ filename, url: absolute.toString(), sha256: fragment?.[1]?.toLowerCase() });
  }
  return files;
}

/** Parses a project page in whichever format the index answered with. */
export function parseProjectPage(body: string, contentType: string, pageUrl: string): IndexedFile[] {
  return /json/i.test(contentType) ? parseJsonPage(body, pageUrl) : parseHtmlPage(body, pageUrl);
}
