// @vitest-environment node
// (as the built server runs it: no DOM, and the browser's DOMPurify module empty, as React Router builds it)
import { afterAll, describe, expect, it, vi } from "vitest";

vi.mock("./dompurify.client", () => ({ default: undefined }));
afterAll(() => {
  vi.doUnmock("./dompurify.client");
});

describe("renderMarkdown on the server", () => {
  it("loads DOMPurify when it first sanitises, and sanitises as in the browser", async () => {
    const { renderMarkdown } = await import("./markdown");
    const html = renderMarkdown('Dose\n\n<script>window.hacked = true</script>\n\n[bad](javascript:alert(1)) [good](https://example.org/a) <img src="x" onerror="alert(1)">');
    expect(html).not.toMatch(/script|hacked|javascript|onerror/);
    expect(html).toContain('<a href="https://example.org/a" target="_blank" rel="noopener noreferrer">good</a>');
    expect(html).toContain('<img src="x">');
    // Sanitised again, the same: the hook is added per call and removed after.
    expect(renderMarkdown("[good](https://example.org/a)")).toBe('<p><a href="https://example.org/a" target="_blank" rel="noopener noreferrer">good</a></p>\n');
  });
});
