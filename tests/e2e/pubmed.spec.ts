import { expect, test, type Page } from "@playwright/test";

/**
 * PubMed research mode in the browser against the real server, whose EUTILS_URL is the loopback
 * E-utilities server of tests/support/e2e-eutils.ts (the real recorded PubMed articles). The admin (not
 * beta-gated) turns PubMed on in the Tools row and asks a question one of the recorded articles answers.
 */

const EUTILS = `http://127.0.0.1:${process.env.E2E_EUTILS_PORT ?? 4518}`;
/** Answered by biopython_pubmed5.xml: PMID 28775130, Occup Environ Med 2018. */
const QUESTION = "Is occupational pesticide exposure associated with subclinical hypothyroidism?";
const PMID = "28775130";
const LABEL = `[Occup Environ Med 2018 — Occupational pesticide exposure and subclinical hypothyroidism among male…, PMID ${PMID}]`;
const ARTICLE_URL = `https://pubmed.ncbi.nlm.nih.gov/${PMID}/`;

async function signInAsAdmin(page: Page) {
  await page.goto("/api/login");
  await page.getByLabel("Email").fill("admin@clinic.test");
  await page.getByLabel("Password").fill("e2e-admin-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
  await expect(page).toHaveURL(/\/$/);
}

/** Makes the loopback E-utilities server answer normally, or with an HTML error page as NCBI behind a proxy may. */
async function setEutilsMode(page: Page, mode: "normal" | "html-error") {
  const res = await page.request.post(`${EUTILS}/__e2e/mode`, { data: mode, headers: { "Content-Type": "text/plain" } });
  expect(res.status()).toBe(204);
}

async function turnOnPubmed(page: Page) {
  const toggle = page.getByRole("group", { name: "Tools" }).getByRole("button", { name: "PubMed", exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
}

async function ask(page: Page, question: string) {
  const input = page.getByTestId("chat-input");
  await input.fill(question);
  await input.press("Enter");
  await expect(page.getByTestId("user-message").last()).toHaveText(`You: ${question}`);
}

test.beforeEach(async ({ page }) => {
  await setEutilsMode(page, "normal");
  await signInAsAdmin(page);
});

test.afterEach(async ({ page }) => {
  await setEutilsMode(page, "normal");
});

test("PubMed mode: the toggle shows the banner and placeholder, and the answer cites the article, which opens on PubMed", async ({ page, context }) => {
  const input = page.getByTestId("chat-input");
  await expect(input).toHaveAttribute("placeholder", "Search a database of veterinary textbooks/journals to answer clinical questions...");
  await turnOnPubmed(page);
  await expect(page.getByTestId("mode-banner")).toContainText("PubMed mode");
  await expect(input).toHaveAttribute("placeholder", "Search PubMed medical literature...");

  await ask(page, QUESTION);
  const answer = page.getByTestId("assistant-message").last();
  await expect(answer).toContainText("pesticide", { timeout: 20_000 });
  await expect(answer).not.toContainText("PubMed could not be searched");
  // PubMed found the article: no toast about the search.
  await expect(page.getByText("No Results", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Search Failed", { exact: true })).toHaveCount(0);

  // The article's Source button: '[Journal Year — short title, PMID n]'; a click opens its PubMed page in a new tab.
  const source = answer.getByTestId("sources").getByRole("button", { name: LABEL, exact: true });
  await expect(source).toBeVisible();
  // No network here: PubMed's page is answered by the test.
  await context.route("https://pubmed.ncbi.nlm.nih.gov/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: `<!DOCTYPE html><title>PMID ${PMID}</title><h1>PubMed article ${PMID}</h1>` }),
  );
  const opened = context.waitForEvent("page");
  await source.click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(tab.url()).toBe(ARTICLE_URL);
  await expect(tab.getByRole("heading", { name: `PubMed article ${PMID}` })).toBeVisible();
  await tab.close();

  // The mode stays on for the conversation's next question, and after a reload the answer still shows its source.
  await expect(page.getByRole("button", { name: "PubMed", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await page.getByTestId("conversation-item").filter({ hasText: "pesticide" }).first().getByRole("button").first().click();
  await expect(page.getByTestId("assistant-message").last().getByTestId("sources").getByRole("button", { name: LABEL, exact: true })).toBeVisible();
});

test("when PubMed answers with an error page, 'Search Failed' is toasted and the answer says PubMed could not be searched", async ({ page }) => {
  await setEutilsMode(page, "html-error");
  await turnOnPubmed(page);
  await ask(page, "Does pesticide exposure alter thyroid function in applicators?");
  await expect(page.getByText("Search Failed", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Failed to search PubMed. Please try again.", { exact: true })).toBeVisible();
  const answer = page.getByTestId("assistant-message").last();
  await expect(answer).toContainText("PubMed could not be searched");
  await expect(answer).toContainText("this answer draws on the knowledge base only.");
});

test("when PubMed has nothing on the question, 'No Results' is toasted", async ({ page }) => {
  await turnOnPubmed(page);
  await ask(page, "What is the dose of maropitant in dogs with parvovirus?");
  await expect(page.getByText("No Results", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("No articles found for your search query.", { exact: true })).toBeVisible();
  await expect(page.getByTestId("assistant-message").last()).not.toContainText("PubMed could not be searched");
});
