import { expect, type Page } from "@playwright/test";

/** Small pieces the browser tests share. */

/** The server refuses writes without a same-site Origin (as browsers send); API calls from a test send it too. */
export const originOf = (page: Page) => ({ Origin: new URL(page.url()).origin });

/** A toast (or any text) by its exact wording. */
export const byText = (page: Page, text: string) => page.getByText(text, { exact: true });

/** Signs in through the login page and waits for the app. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/api/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(page).toHaveURL(/\/$/);
}
