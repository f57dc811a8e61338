import { expect, test } from "@playwright/test";

test("the landing page shows the hero, the three feature cards and the footer, and Login goes to /api/login", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "AI-Powered Medical Assistant" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Built for Medical Professionals" })).toBeVisible();
  for (const card of ["Instant AI Search", "Upload Your Library", "Verifiable Citations"]) {
    await expect(page.getByRole("heading", { name: card })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "mailto:contact@clinic.test");
  await expect(page.getByText("© 2025")).toBeVisible();
  await page.getByRole("link", { name: "Sign Up for Free" }).click();
  await expect(page).toHaveURL(/\/api\/login\?mode=signup$/);
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await page.goto("/");
  await page.getByRole("link", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/api\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("an unknown path shows 'Page Not Found' with a 404 status", async ({ page }) => {
  const res = await page.goto("/this/does/not/exist");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});

test("signed-out visitors of app pages land on the login page", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/api\/login\?redirectTo=%2Faccount$/);
});
