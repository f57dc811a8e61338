// Any origin would do: it only has to be one no user-supplied target can share.
const BASE = "http://same-origin.invalid";

/**
 * A path on this site to go back to after signing in (the `redirectTo` of /api/login); anything else
 * becomes `fallback`. The target is parsed the way a browser would (tabs and newlines dropped, `\` read as
 * `/`), so only what stays on this origin survives, and it comes back percent-encoded: safe in a header.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const target = url.pathname + url.search + url.hash;
  // '/.//host' normalizes to '//host', which a browser reads as another host.
  return target.startsWith("//") ? fallback : target;
}
