import { expect, test } from "@playwright/test";

test("sign-up puts a new user on the beta page, and Sign Out returns to the landing page", async ({ page }) => {
  const email = `vet-${Date.now()}@clinic.test`;
  await page.goto("/api/login");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("First name").fill("Vera");
  await page.getByLabel("Last name").fill("Tinary");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a good long password");
  await page.getByLabel("Profession").selectOption("veterinarian");
  await page.getByRole("button", { name: "Sign Up" , exact: true }).last().click();

  await expect(page).toHaveURL(/\/beta-access$/);
  await expect(page.getByRole("heading", { name: "Beta Access Pending" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText("1-2 business days")).toBeVisible();

  // The gate holds for app pages too.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/beta-access$/);

  await page.getByRole("link", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "AI-Powered Medical Assistant" })).toBeVisible();
});

test("a wrong password shows one clear message", async ({ page }) => {
  await page.goto("/api/login");
  await page.getByLabel("Email").fill("admin@clinic.test");
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
});

test("the admin signs in, sees the app shell, edits the profile, and logs out", async ({ page }) => {
  await page.goto("/api/login");
  await page.getByLabel("Email").fill("admin@clinic.test");
  await page.getByLabel("Password").fill("e2e-admin-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("greeting")).toHaveText("Welcome, Admin");
  await expect(page.getByRole("heading", { name: "AI Search" })).toBeVisible();
  await expect(page.getByTestId("welcome-message")).toContainText("veterinary assistant");

  await page.getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Account Settings" })).toBeVisible();
  // The Documents section: the private library's count against the quota, and the way to it.
  await expect(page.getByTestId("account-library-count")).toHaveText("0 of 20 documents used");
  await expect(page.getByRole("link", { name: "Open Document Library" })).toHaveAttribute("href", "/documents");
  // The stored figures (other specs may have used the admin account before this one).
  const stored = (await (await page.request.get("/api/auth/user/stats")).json()) as { documentsCount: number; conversationsCount: number; queriesCount: number };
  const stats = page.getByTestId("usage-stats");
  await expect(stats).toContainText(`Documents Uploaded${stored.documentsCount}`);
  await expect(stats).toContainText(`Conversations Started${stored.conversationsCount}`);
  await expect(stats).toContainText(`Questions Asked${stored.queriesCount}`);

  // Cancel puts the stored values back.
  await page.getByLabel("First name").fill("Temporary");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByLabel("First name")).toHaveValue("Admin");

  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("Profession").selectOption("specialist");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile Updated", { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("First name")).toHaveValue("Grace");
  await expect(page.getByLabel("Profession")).toHaveValue("specialist");

  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByTestId("greeting")).toHaveText("Welcome, Grace");

  await page.getByRole("link", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "AI-Powered Medical Assistant" })).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/api\/login/);
});
