import { Tooltip } from "radix-ui";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { suggestionLabel } from "~/lib/chat-view";
import { Suggestions } from "./suggestions";

const LONG = "What is the recommended dose of meloxicam for chronic osteoarthritis in older cats?";
const SHORT = "What is the dose for meloxicam in cats?";

/** The chips' buttons as markup. */
function buttons(): string[] {
  const html = renderToStaticMarkup(
    <Tooltip.Provider>
      <Suggestions suggestions={[LONG, SHORT]} onPick={() => {}} />
    </Tooltip.Provider>,
  );
  return html.match(/<button[^>]*>.*?<\/button>/g) ?? [];
}
const text = (markup: string) => markup.replace(/<[^>]+>/g, "");
/** What a screen reader names the button by: its text without aria-hidden parts (no aria-label here). */
const spokenName = (button: string) => text(button.replace(/<span aria-hidden="true">.*?<\/span>/g, ""));
/** What the eye reads: its text without the visually hidden parts. */
const shownText = (button: string) => text(button.replace(/<span class="text-\[0px\]">.*?<\/span>/g, ""));

describe("suggestion chips", () => {
  it("a cut chip shows the first 50 characters and '...', and is named by the whole question, starting with what it shows", () => {
    const [long, short] = buttons();
    expect(long).not.toMatch(/aria-label=/);
    expect(shownText(long!)).toBe(suggestionLabel(LONG));
    expect(shownText(long!)).toMatch(/\.\.\.$/);
    expect(spokenName(long!)).toBe(LONG);
    expect(LONG.startsWith(shownText(long!).replace(/\.\.\.$/, ""))).toBe(true);
    expect(short).not.toMatch(/aria-label=/);
    expect(shownText(short!)).toBe(SHORT);
    expect(spokenName(short!)).toBe(SHORT);
  });
});
