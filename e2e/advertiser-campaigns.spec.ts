import { expect, gotoHydrated, signInAs, test } from "./fixtures";

/*
 * The advertiser console's campaigns (docs/decisions/019-advertiser-console.md): Aurora's owner creates a draft with a
 * rule and a suggested post, sees the Markdown preview live, publishes it and opens its preview link.
 */

test("an advertiser owner creates, publishes and previews a campaign", async ({ page }) => {
  await signInAs(page, "aurora_team", "/advertiser");
  await page.getByRole("link", { name: "Campaigns of Aurora" }).click();
  await page.waitForURL(/\/advertiser\/[^/]+\/campaigns$/);
  await gotoHydrated(page, new URL(page.url()).pathname);
  await page.getByRole("link", { name: "New campaign" }).click();
  await page.waitForURL(/\/campaigns\/new$/);
  await gotoHydrated(page, new URL(page.url()).pathname);

  const title = `Console launch ${Date.now().toString(36)}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description (Markdown)").fill("Share **the launch** with your followers.");
  const preview = page.getByRole("region", { name: "Description preview" });
  await expect(preview.locator("strong")).toHaveText("the launch");
  await page.getByLabel(/^Weekly pool/).fill("250");
  await page.getByLabel("What the campaign advertises").selectOption("software");
  await expect(page.getByLabel("Disclosure at the start of every post")).toHaveValue("#ad");
  await expect(page.getByTestId("api-cost-estimate")).toContainText("X's rates of 2026-04-20");
  await page.getByLabel("Required hashtags").fill("#aurora");
  await page.getByRole("button", { name: "Add a suggested post" }).click();
  await page.getByRole("textbox", { name: "Suggested post 1" }).fill("The Aurora launch is here #aurora");

  await page.getByRole("button", { name: "Save draft" }).click();
  await page.waitForURL((url) => /\/campaigns\/cmp_[\w-]+$/.test(url.pathname));
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published: creators can now see this campaign" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish" })).toBeHidden();

  const link = page.getByRole("link", { name: /\/campaign-preview\// });
  const previewPath = await link.getAttribute("href");
  expect(previewPath).toMatch(/^\/campaign-preview\/[\w-]{22}$/);
  await page.goto(previewPath ?? "");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});
