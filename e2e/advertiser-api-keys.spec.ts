import { expect, gotoHydrated, signInAs, test } from "./fixtures";

/*
 * API keys for conversion ingestion (docs/decisions/018-conversion-ingestion.md): a demo advertiser's member creates a
 * key from /advertiser, sees its secret once, sends an event with it, finds it "last used" after a reload (the secret
 * gone), revokes it after confirming, and the same key is refused.
 */

test("create a key, use it for ingestion, then revoke it and see it refused", async ({ page, request }) => {
  const label = `E2E key ${Date.now()}`;
  await signInAs(page, "aurora_team");
  await gotoHydrated(page, "/advertiser");
  await page.getByRole("link", { name: "API keys of Aurora" }).click();
  await page.waitForURL((url) => url.pathname === "/advertiser/advertiser-aurora/api-keys");
  await expect(page.getByRole("heading", { name: "API keys of Aurora", level: 1 })).toBeVisible();

  // Create from the keyboard: type the label, press Enter.
  await page.getByLabel("Label", { exact: true }).fill(label);
  await page.getByLabel("Label", { exact: true }).press("Enter");
  const created = page.getByRole("status").filter({ hasText: "will not be shown again" });
  await expect(created).toBeVisible();
  const keyId = await page.getByLabel("Key id (header api-key)").inputValue();
  const secret = await page.getByLabel("Secret (header api-secret)").inputValue();
  expect(keyId).toMatch(/^ck_/);
  expect(secret).toMatch(/^cs_/);
  await expect(page.getByRole("button", { name: "Copy key id" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy secret" })).toBeVisible();
  const origin = new URL(page.url()).origin;
  const curl = page.getByTestId("api-key-curl");
  await expect(curl).toContainText(`${origin}/v1/conversion/event/ingest`);
  await expect(curl).toContainText(`api-key: ${keyId}`);
  await expect(curl).toContainText(`api-secret: ${secret}`);
  const row = page.getByRole("listitem", { name: `API key ${label}` });
  await expect(row).toContainText(keyId);
  await expect(row.getByTestId("api-key-last-used")).toHaveText("Never");

  // The key works for ingestion.
  const event = {
    eventId: `e2e-${Date.now()}`,
    type: "signup",
    walletAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
    chain: "evm",
    occurredAt: new Date().toISOString(),
  };
  const accepted = await request.post("/v1/conversion/event/ingest", { headers: { "api-key": keyId, "api-secret": secret }, data: event });
  expect([200, 201]).toContain(accepted.status());
  expect(await accepted.json()).toMatchObject({ received: 1, accepted: 1 });

  // After a reload the secret is gone for good, and the key shows when it was last used.
  await gotoHydrated(page, "/advertiser/advertiser-aurora/api-keys");
  expect(await page.content()).not.toContain(secret);
  await expect(page.getByText("will not be shown again")).toHaveCount(0);
  await expect(row).toContainText(keyId);
  await expect(row.getByTestId("api-key-last-used")).not.toHaveText("Never");

  // Revoking asks first; cancelling keeps the key.
  await row.getByRole("button", { name: `Revoke ${label}` }).click();
  await expect(row.getByRole("button", { name: `Yes, revoke ${label}` })).toBeFocused();
  await row.getByRole("button", { name: "Cancel" }).click();
  await expect(row.getByText("Revoked", { exact: true })).toHaveCount(0);
  await row.getByRole("button", { name: `Revoke ${label}` }).click();
  await row.getByRole("button", { name: `Yes, revoke ${label}` }).click();
  await expect(row.getByText("Revoked", { exact: true }).first()).toBeVisible();
  await expect(row.getByRole("button", { name: `Revoke ${label}` })).toHaveCount(0);

  const refused = await request.post("/v1/conversion/event/ingest", {
    headers: { "api-key": keyId, "api-secret": secret },
    data: { ...event, eventId: `${event.eventId}-after` },
  });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ code: "invalid_api_key" });
});
