import { Marked } from "marked";
import browserPurify from "./dompurify.client";

/**
 * Assistant answers are markdown (spec §1): raw HTML may pass the parser, but what reaches
 * the page is sanitised — no scripts, event handlers, frames, forms or styles, and links
 * only with the schemes http, https, irc, ircs, mailto, xmpp (or relative ones).
 */

// DOMPurify's own default pattern with the scheme list cut down to the spec's. The tail
// keeps scheme-less (relative) URLs: anything not shaped like "letters:" at the start.
export const ALLOWED_URI_REGEXP = /^(?:(?:https?|ircs?|mailto|xmpp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const FORBID_TAGS = ["style", "form", "input", "button", "textarea", "select", "option", "iframe", "frame", "object", "embed", "base", "link", "meta"];
const FORBID_ATTR = ["style", "formaction", "action", "srcdoc"];

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Every link opens in a new tab without giving the new page a handle on this one. */
function linksOpenInNewTab(node: Element) {
  if (node.tagName === "A" && node.hasAttribute("href")) {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  }
}

type Purify = typeof browserPurify;
let purify: Purify | undefined = browserPurify;

/**
 * DOMPurify: the browser's, or on the server (which renders no answer while pages load: messages come
 * after hydration) the jsdom-backed one, required on first use so an idle server never holds jsdom.
 */
function getPurify(): Purify {
  purify ??= process.getBuiltinModule("node:module").createRequire(import.meta.url)("isomorphic-dompurify") as Purify;
  return purify;
}

export function sanitizeHtml(html: string): string {
  const DOMPurify = getPurify();
  DOMPurify.addHook("afterSanitizeAttributes", linksOpenInNewTab);
  try {
    return DOMPurify.sanitize(html, {
      USE_PROFILES: { html: true },
      ALLOWED_URI_REGEXP,
      FORBID_TAGS,
      FORBID_ATTR,
      ADD_ATTR: ["target"],
    });
  } finally {
    DOMPurify.removeHook("afterSanitizeAttributes", linksOpenInNewTab);
  }
}

/** Markdown to safe HTML, ready for dangerouslySetInnerHTML. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false }));
}
