import { expect, test } from "@playwright/test";
import { MESSAGE_PAGE_DEFAULT } from "~/lib/chat";
import { originOf, signIn, uploadText } from "../support/e2e-session";

/**
 * A long conversation opens at its newest page; "Load earlier messages" puts the older ones above, in order,
 * and disappears once the first question is shown.
 */

const QUESTIONS = 30; // 60 messages: one page of MESSAGE_PAGE_DEFAULT and 10 more

test("a long conversation shows its newest messages first and loads earlier ones on request", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "admin@clinic.test", "e2e-admin-password");
  await uploadText(page, "e2e-pages-meloxicam.txt", "Meloxicam in cats\n\nThe oral maintenance dose of meloxicam in cats is 0.05 mg/kg once daily.\n");
  const title = `Long case ${Date.now()}`;
  const created = await page.request.post("/api/conversations", { data: { title }, headers: originOf(page) });
  const { id } = (await created.json()) as { id: string };
  for (let i = 1; i <= QUESTIONS; i++) {
    const res = await page.request.post(`/api/conversations/${id}/messages`, {
      data: { content: `Question ${i}: what is the dose of meloxicam in cats?`, usePubmed: false, useThinkHarder: false },
      headers: originOf(page),
    });
    expect(res.status()).toBe(200);
  }

  await page.goto("/app");
  await page.getByTestId("conversation-item").filter({ hasText: title }).getByRole("button").first().click();
  const questions = page.getByTestId("user-message");
  const answers = page.getByTestId("assistant-message");
  await expect(answers).toHaveCount(MESSAGE_PAGE_DEFAULT / 2);
  await expect(questions).toHaveCount(MESSAGE_PAGE_DEFAULT / 2);
  await expect(questions.first()).toContainText(`Question ${QUESTIONS - MESSAGE_PAGE_DEFAULT / 2 + 1}:`);
  await expect(page.getByText("Question 1:", { exact: false })).toHaveCount(0);

  await page.getByRole("button", { name: "Load earlier messages" }).click();
  await expect(questions).toHaveCount(QUESTIONS);
  await expect(answers).toHaveCount(QUESTIONS);
  await expect(questions.first()).toContainText("Question 1:");
  await expect(questions.last()).toContainText(`Question ${QUESTIONS}:`);
  await expect(page.getByRole("button", { name: "Load earlier messages" })).toHaveCount(0);
});
