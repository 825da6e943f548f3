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

  // Networks (docs/decisions/044-campaign-networks.md): X alone by default; Bluesky alone has no view rules or X fees.
  const onX = page.getByRole("checkbox", { name: "X", exact: true });
  const onBluesky = page.getByRole("checkbox", { name: "Bluesky", exact: true });
  await expect(onX).toBeChecked();
  await expect(onBluesky).not.toBeChecked();
  await onBluesky.check();
  await onX.uncheck();
  await expect(page.getByTestId("campaign-views-note")).toHaveText(
    "Bluesky publishes no view counts, so the minimum impressions and the weights of impressions and bookmarks do not apply to this campaign.",
  );
  await expect(page.getByLabel("Minimum impressions")).toBeDisabled();
  await expect(page.getByLabel("Weight of impressions")).toBeDisabled();
  await expect(page.getByLabel("Weight of likes")).toBeEnabled();
  await expect(page.getByTestId("api-cost-estimate")).toBeHidden();
  await onX.check();
  await expect(page.getByTestId("campaign-views-note")).toHaveText(
    "Bluesky publishes no view counts, so the minimum impressions and the weights of impressions and bookmarks apply to posts on X only.",
  );
  await expect(page.getByLabel("Minimum impressions")).toBeEnabled();
  await expect(page.getByTestId("api-cost-estimate")).toContainText("Posts on other networks cost no API fees");
  await page.getByLabel("Required hashtags").fill("#aurora");
  await page.getByRole("button", { name: "Add a suggested post" }).click();
  await page.getByRole("textbox", { name: "Suggested post 1" }).fill("The Aurora launch is here #aurora");

  await page.getByRole("button", { name: "Save draft" }).click();
  await page.waitForURL((url) => /\/campaigns\/cmp_[\w-]+$/.test(url.pathname));
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "X", exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Bluesky", exact: true })).toBeChecked();

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
