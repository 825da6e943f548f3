import { expect, gotoHydrated, signInAs, test } from "./fixtures";
import { accessTokenOf } from "./withdrawals-setup";

/*
 * Advertiser accounts as people meet them (docs/decisions/017-advertiser-accounts.md): the admin creates an account
 * and an invitation through the API; a new person opens the link signed out, signs in with the advertiser login
 * (through the X emulator), comes back to the same page, accepts and lands on /advertiser with the account listed.
 */

/** X handles have at most 15 characters. */
const freshHandle = (prefix: string) => `${prefix}_${Date.now().toString(36).slice(-6)}`.slice(0, 15);

test("an admin invites a new person, who signs in, accepts and sees the account", async ({ page, browser, request }) => {
  await signInAs(page, "chorus_admin");
  const authorization = { Authorization: `Bearer ${await accessTokenOf(page)}` };
  const slug = `e2e-${Date.now().toString(36)}`;
  const name = `Comet Ads ${slug.slice(-4)}`;

  const created = await request.post("/v1/admin/advertisers", { headers: authorization, data: { name, slug, tagline: "Ads that fly." } });
  expect(created.status()).toBe(201);
  const account = (await created.json()) as { id: string };
  const invited = await request.post(`/v1/admin/advertisers/${account.id}/invitations`, { headers: authorization, data: {} });
  expect(invited.status()).toBe(201);
  const { link } = (await invited.json()) as { link: string };
  const joinPath = new URL(link).pathname;
  expect(joinPath).toMatch(/^\/advertiser\/join\/[\w-]{22}$/);

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const visitor = await context.newPage();
  await visitor.addInitScript(() => window.localStorage.setItem("userConsent", "required-only"));
  await gotoHydrated(visitor, joinPath);
  await expect(visitor.getByRole("heading", { name: `Join ${name} on Chorus` })).toBeVisible();

  await visitor.getByRole("link", { name: "Sign in with X to accept" }).click();
  await visitor.waitForURL(/\/i\/oauth2\/authorize/);
  const authorize = new URL(visitor.url());
  authorize.searchParams.set("emulator_login", freshHandle("newbrand"));
  await visitor.goto(authorize.toString());
  await visitor.waitForURL((url) => url.pathname === joinPath);

  const accept = visitor.getByRole("button", { name: "Accept" });
  await expect(accept).toBeEnabled();
  await accept.click();
  await visitor.waitForURL((url) => url.pathname === "/advertiser");
  await expect(visitor.getByRole("status").filter({ hasText: `you are now an owner of ${name}` })).toBeVisible();
  await expect(visitor.getByRole("list", { name: "Your advertiser accounts" }).getByRole("heading", { name })).toBeVisible();

  // The link worked once: opened again, it says so.
  await gotoHydrated(visitor, joinPath);
  await expect(visitor.getByRole("alert")).toContainText("already been used");
  await context.close();
});
