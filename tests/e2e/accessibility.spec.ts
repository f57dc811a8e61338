import { expect, test, type Locator, type Page } from "@playwright/test";
import { openNewConversation, signIn } from "../support/e2e-session";

/**
 * Accessibility faults a walk-through found, each checked the way an automated checker (axe) checks it:
 * the admin screen's h1, focus never inside an aria-hidden region around the history's menus, and the
 * contrast of the selected conversation's date. (No axe run: neither axe-core nor @axe-core/playwright is
 * a dependency.) The suggestion chips' names are checked in app/components/chat/suggestions.test.tsx.
 */

/** axe's aria-hidden-focus: focusable elements inside an aria-hidden region, and whether the focused one is. */
function hiddenFocus(page: Page) {
  return page.evaluate(() => {
    const focusable = [...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]")].filter(
      (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.closest('[aria-hidden="true"]'),
    );
    return { focusableInHidden: focusable.map((el) => el.outerHTML.slice(0, 80)), focusedInHidden: !!document.activeElement?.closest('[aria-hidden="true"]') };
  });
}

/** WCAG contrast ratio of an element's text against the first opaque background behind it (colours read through a canvas, so oklch works). */
function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const rgba = (color: string) => {
      const ctx = Object.assign(document.createElement("canvas"), { width: 1, height: 1 }).getContext("2d")!;
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data];
    };
    const luminance = ([r, g, b]: number[]) =>
      [r!, g!, b!].map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    let background = [255, 255, 255, 255];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const color = rgba(getComputedStyle(node).backgroundColor);
      if (color[3] === 255) {
        background = color;
        break;
      }
    }
    const [a, b] = [luminance(rgba(getComputedStyle(el).color)), luminance(background)].sort((x, y) => y - x);
    return (a! + 0.05) / (b! + 0.05);
  });
}

test("the admin screen has one h1 on every tab", async ({ page }) => {
  await signIn(page, "admin@clinic.test", "e2e-admin-password");
  await page.goto("/admin");
  for (const tab of ["Overview", "Users", "Activity Logs", "Feedback", "Documents", "System Prompt", "Customize"]) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin dashboard");
  }
});

test("the history's menus never leave focus inside an aria-hidden region, and the selected date is readable", async ({ page }) => {
  await signIn(page, "admin@clinic.test", "e2e-admin-password");
  await page.goto("/app");
  const title = `Menu focus ${Date.now()}`;
  await openNewConversation(page, title);
  const item = page.getByTestId("conversation-item").filter({ hasText: title });

  // The selected conversation's date against its highlighted row: at least 4.5:1 (WCAG 1.4.3, small text).
  await expect(item.getByRole("button").first()).toHaveAttribute("aria-current", "true");
  expect(await contrastOf(item.locator("time"))).toBeGreaterThanOrEqual(4.5);

  // The context menu (right click), then Rename from the keyboard: focus in the menu, then in the field.
  await item.getByTestId("conversation-title").click({ button: "right" });
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null)).toBe(true);
  expect(await hiddenFocus(page)).toEqual({ focusableInHidden: [], focusedInHidden: false });
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Rename" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("rename-input")).toBeFocused();
  expect(await hiddenFocus(page)).toEqual({ focusableInHidden: [], focusedInHidden: false });
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("rename-input")).toHaveCount(0);

  // The ⋯ menu by keyboard: open, close with Escape, focus back on its button, never hidden.
  const options = item.getByRole("button", { name: `Options for ${title}` });
  await options.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  expect(await hiddenFocus(page)).toEqual({ focusableInHidden: [], focusedInHidden: false });
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(options).toBeFocused();
  expect(await hiddenFocus(page)).toEqual({ focusableInHidden: [], focusedInHidden: false });
});
