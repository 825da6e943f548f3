import { baseURL } from "../playwright.config";
import { expect, gotoHydrated, signInAs, test } from "./fixtures";
import { accessTokenOf } from "./withdrawals-setup";

/*
 * The admin's Partners section: a partner registered through the API is listed with its hostname, colours and layout;
 * the admin changes its primary colour in the form (the preview takes it at once), saves, and the partner's hostname
 * is painted with the new colour on its next page.
 */

const port = new URL(baseURL).port;

test("an admin edits a partner's colour and its hostname shows the new colour", async ({ page, request, browser }) => {
  await signInAs(page, "chorus_admin", "/admin");
  const suffix = Date.now().toString(36);
  const partnerId = `e2e-${suffix}`;
  const hostname = `${partnerId}.localhost`;
  const registered = await request.put(`/v1/admin/partners/${partnerId}`, {
    headers: { Authorization: `Bearer ${await accessTokenOf(page)}` },
    data: { theme: partnerId, displayName: `Comet ${suffix}`, primaryColor: "#1d4ed8", accentColor: "#facc15", hostnames: [hostname] },
  });
  expect(registered.status()).toBe(201);

  await gotoHydrated(page, "/admin?section=partners");
  const partners = page.getByRole("list", { name: "Partners" });
  const card = partners.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Comet ${suffix}` }) });
  await expect(card).toContainText(hostname);
  await expect(card).toContainText("Primary #1d4ed8");
  await expect(card).toContainText("Partner layout");

  await card.getByRole("button", { name: `Edit Comet ${suffix}` }).click();
  const form = card.getByRole("form", { name: `Edit Comet ${suffix}` });
  await form.getByRole("textbox", { name: "Primary colour" }).fill("#047857");
  const preview = form.getByRole("figure", { name: `Preview of Comet ${suffix}` });
  const previewPrimary = await preview.evaluate((element) => getComputedStyle(element).getPropertyValue("--color-primary").trim());
  expect(previewPrimary).toBe("#047857");
  await form.getByRole("button", { name: `Save Comet ${suffix}` }).click();
  await expect(form.getByRole("status").filter({ hasText: `Comet ${suffix} is saved` })).toBeVisible();
  await expect(card).toContainText("Primary #047857");

  const visitor = await browser.newContext({ javaScriptEnabled: false, storageState: { cookies: [], origins: [] } });
  const partnerPage = await visitor.newPage();
  await partnerPage.goto(`http://${hostname}:${port}/`);
  const primary = await partnerPage.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim());
  expect(primary).toBe("#047857");
  await visitor.close();
});
