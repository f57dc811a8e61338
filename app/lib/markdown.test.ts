// @vitest-environment jsdom
// (a real DOM, as in the browser, so the rendered HTML can be inspected as elements)
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown";

/** Parses the rendered HTML so assertions look at elements and attributes, not at string fragments. */
function render(markdown: string) {
  const html = renderMarkdown(markdown);
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  return { html, doc, links: [...doc.querySelectorAll("a")] };
}

describe("renderMarkdown", () => {
  it("renders markdown: headings, emphasis, lists, tables and code", () => {
    const { doc } = render("## Dose\n\n**Meloxicam** 0.05 mg/kg\n\n- once\n- daily\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n`code`");
    expect(doc.querySelector("h2")?.textContent).toBe("Dose");
    expect(doc.querySelector("strong")?.textContent).toBe("Meloxicam");
    expect(doc.querySelectorAll("li")).toHaveLength(2);
    expect(doc.querySelector("table td")?.textContent).toBe("1");
    expect(doc.querySelector("code")?.textContent).toBe("code");
  });

  it.each([
    ["http", "http://example.org/a"],
    ["https", "https://example.org/a"],
    ["irc", "irc://irc.example.org/vets"],
    ["ircs", "ircs://irc.example.org/vets"],
    ["mailto", "mailto:vet@example.org"],
    ["xmpp", "xmpp:vet@example.org"],
    ["relative", "/documents/abc/pages/3?chunk=7"],
  ])("keeps %s links and opens them in a new tab without an opener", (_scheme, href) => {
    const { links } = render(`[go](${href})`);
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute("href")).toBe(href);
    expect(links[0]?.getAttribute("target")).toBe("_blank");
    expect(links[0]?.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it.each([
    ["javascript", "javascript:alert(1)"],
    ["JavaScript with odd case and spaces", " JaVaScRiPt:alert(1)"],
    ["data", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    ["vbscript", "vbscript:msgbox(1)"],
    ["ftp (not in the list)", "ftp://example.org/file"],
    ["tel (not in the list)", "tel:+15555550100"],
  ])("drops %s links from markdown and from raw HTML", (_scheme, href) => {
    for (const source of [`[click](${href.trim()})`, `<a href="${href}">click</a>`]) {
      const { links, doc } = render(source);
      for (const a of links) expect(a.hasAttribute("href")).toBe(false);
      expect(doc.body.textContent).toContain("click");
    }
  });

  it("lets raw HTML through the parser but leaves nothing executable", () => {
    const { html, doc } = render(
      [
        "Before",
        "<script>window.hacked = true</script>",
        '<img src="x" onerror="window.hacked = true">',
        '<p onclick="window.hacked = true" style="position:fixed">styled</p>',
        '<iframe src="https://example.org"></iframe>',
        '<form action="https://example.org"><input name="q"><button>Go</button></form>',
        '<svg><script>alert(1)</script></svg>',
        "<em>kept</em>",
      ].join("\n\n"),
    );
    expect(doc.querySelector("script")).toBeNull();
    expect(doc.querySelector("iframe, form, input, button, svg")).toBeNull();
    for (const el of doc.querySelectorAll("*")) {
      for (const attr of el.getAttributeNames()) expect(attr.startsWith("on")).toBe(false);
      expect(el.hasAttribute("style")).toBe(false);
    }
    expect(doc.querySelector("img")?.getAttribute("src")).toBe("x");
    expect(doc.querySelector("em")?.textContent).toBe("kept");
    expect(html).not.toMatch(/hacked/);
  });
});
