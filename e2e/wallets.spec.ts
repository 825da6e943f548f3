import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";
import type { Page } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { baseURL } from "../playwright.config";
import { expect, gotoHydrated, signInAs, test } from "./fixtures";
import { serverBindings } from "./server-database";
import { accessTokenOf, addVerifiedWallet, earnRewards, userIdOf, verifyEmail } from "./withdrawals-setup";

/*
 * Wallets on /profile/settings#wallets, as a creator meets them: adding one (the server's word on a bad address shown
 * beside the field), verifying it with an injected browser wallet (an EIP-1193 provider whose personal_sign signs
 * with a real key held by the test), or without one by copying the message, signing it in the test and pasting
 * the signature, and removing one.
 */

/** X handles have at most 15 characters. */
const freshHandle = (prefix: string) => `${prefix}_${Date.now().toString(36).slice(-6)}`.slice(0, 15);

const section = (page: Page) => page.getByRole("region", { name: "Wallets" });
const addForm = (page: Page) => section(page).getByRole("form", { name: "Add a wallet" });
const walletItem = (page: Page, title: string) => section(page).getByRole("listitem").filter({ hasText: title });

async function openWallets(page: Page, handle: string) {
  await signInAs(page, handle, "/profile/settings");
  await gotoHydrated(page, "/profile/settings#wallets");
  await expect(section(page).getByText("You have no wallets yet.")).toBeVisible();
}

async function addWallet(page: Page, type: "EVM address" | "Solana address", currency: string, address: string) {
  const form = addForm(page);
  await form.getByLabel("Type").selectOption({ label: type });
  await form.getByLabel("Currency").selectOption(currency);
  await form.getByLabel("Address").fill(address);
  await form.getByRole("button", { name: "Add wallet" }).click();
}

/**
 * An EIP-1193 provider in the page, as a wallet extension injects it: `eth_requestAccounts` answers the test's
 * account, `personal_sign` signs the (hex) message with its key, in Node. Returns the texts it was asked to sign.
 */
async function injectEvmWallet(page: Page, account: PrivateKeyAccount): Promise<string[]> {
  const signed: string[] = [];
  await page.exposeFunction("chorusTestPersonalSign", async (data: `0x${string}`, address: string) => {
    if (address.toLowerCase() !== account.address.toLowerCase()) throw new Error(`asked to sign with ${address}`);
    signed.push(Buffer.from(data.slice(2), "hex").toString("utf8"));
    return account.signMessage({ message: { raw: data } });
  });
  await page.addInitScript((address: string) => {
    type Signer = (data: string, address: string) => Promise<string>;
    const provider = {
      async request({ method, params = [] }: { method: string; params?: unknown[] }) {
        if (method === "eth_requestAccounts" || method === "eth_accounts") return [address];
        if (method === "personal_sign") {
          const sign = (window as unknown as { chorusTestPersonalSign: Signer }).chorusTestPersonalSign;
          return sign(String(params[0]), String(params[1]));
        }
        throw Object.assign(new Error(`${method} is not supported`), { code: 4200 });
      },
    };
    Object.defineProperty(window, "ethereum", { value: provider, configurable: true });
  }, account.address);
  return signed;
}

test("a creator adds an EVM wallet and verifies it with the browser's wallet, by keyboard", async ({ page, consoleErrors }) => {
  const logged = consoleErrors.expectSome();
  const account = privateKeyToAccount(generatePrivateKey());
  const signed = await injectEvmWallet(page, account);
  await openWallets(page, freshHandle("evm"));

  // A typo in the checksum: the server says so beside the field, and the field is marked.
  const lower = account.address.toLowerCase();
  const index = [...account.address].findIndex((character, position) => position > 1 && /[a-f]/i.test(character));
  const flip = (character: string) => (character === character.toUpperCase() ? character.toLowerCase() : character.toUpperCase());
  const typo = account.address.slice(0, index) + flip(account.address.charAt(index)) + account.address.slice(index + 1);
  await addWallet(page, "EVM address", "USDC", typo);
  const address = addForm(page).getByLabel("Address");
  await expect(addForm(page).getByRole("alert")).toContainText("checksum");
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(address).toBeFocused();
  expect(logged.every((text) => text.includes("400"))).toBe(true);

  // All lower case has no checksum: accepted, and shown checksummed.
  await address.fill(lower);
  await expect(address).not.toHaveAttribute("aria-invalid", "true");
  await page.keyboard.press("Enter");
  const item = walletItem(page, "EVM address · USDC");
  await expect(item).toBeVisible();
  await expect(item.getByText(account.address, { exact: true })).toBeVisible();
  await expect(item.getByText("Not verified", { exact: true })).toBeVisible();
  await expect(address).toHaveValue("");

  // Verify with the keyboard alone: the browser wallet signs the message.
  await item.getByRole("button", { name: /^Verify/ }).focus();
  await page.keyboard.press("Enter");
  const sign = item.getByRole("button", { name: "Sign with your browser wallet" });
  await expect(sign).toBeVisible();
  await expect(item.getByRole("region", { name: "Verify this wallet" })).toContainText("It can be used once, until");
  await sign.focus();
  await page.keyboard.press("Enter");
  await expect(item.getByText("Verified", { exact: true })).toBeVisible();
  await expect(item.getByRole("button", { name: /^Verify/ })).toHaveCount(0);
  await expect(item.getByRole("button", { name: /^Remove/ })).toBeFocused();

  expect(signed).toHaveLength(1);
  expect(signed[0]).toMatch(/^127\.0\.0\.1:\d+ wants you to sign in with your Ethereum account:\n/);
  expect(signed[0]).toContain(account.address);
  expect(signed[0]).toContain("Prove that you own this wallet to receive Chorus withdrawals.");

  // The server agrees.
  await page.reload();
  await expect(walletItem(page, "EVM address · USDC").getByText("Verified", { exact: true })).toBeVisible();
});

test("without a browser wallet, the message is copied, signed elsewhere and the signature pasted", async ({
  page,
  context,
  baseURL,
  consoleErrors,
}) => {
  const logged = consoleErrors.expectSome();
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const { secretKey, publicKey } = ed25519.keygen();
  const solanaAddress = base58.encode(publicKey);
  await openWallets(page, freshHandle("sol"));

  await addWallet(page, "Solana address", "USDT", solanaAddress);
  const item = walletItem(page, "Solana address · USDT");
  await expect(item.getByText("Not verified", { exact: true })).toBeVisible();
  await item.getByRole("button", { name: /^Verify/ }).click();

  // No injected wallet: the message is shown to copy, with a field for the signature.
  await expect(item.getByRole("button", { name: /^Sign with/ })).toHaveCount(0);
  const shown = item.getByLabel("Message to sign");
  await expect(shown).toHaveValue(/wants you to sign in with your Solana account:/);
  await item.getByRole("button", { name: "Copy message" }).click();
  await expect(item.getByText(/^Copied\./)).toBeVisible();
  const message = await page.evaluate(() => navigator.clipboard.readText());
  expect(message).toBe(await shown.inputValue());
  expect(message.split("\n")[1]).toBe(solanaAddress);

  // A signature of something else: refused, beside the field.
  const signatureField = item.getByLabel("Signature");
  await signatureField.fill(base58.encode(ed25519.sign(new TextEncoder().encode("something else"), secretKey)));
  await item.getByRole("button", { name: "Verify signature" }).click();
  await expect(item.getByRole("alert")).toContainText("This signature does not match");
  await expect(signatureField).toHaveAttribute("aria-invalid", "true");
  expect(logged.every((text) => text.includes("400"))).toBe(true);

  // The real one, made "elsewhere" (here, in the test) and pasted.
  await signatureField.fill(base58.encode(ed25519.sign(new TextEncoder().encode(message), secretKey)));
  await item.getByRole("button", { name: "Verify signature" }).click();
  await expect(item.getByText("Verified", { exact: true })).toBeVisible();
  await expect(item.getByLabel("Message to sign")).toHaveCount(0);
});

test("removing a wallet asks first, is refused while a withdrawal to it is in flight, then removes it", async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const logged = consoleErrors.expectSome();
  const handle = freshHandle("rm");
  await signInAs(page, handle, "/profile");
  // A real withdrawal in flight to the wallet: rewards earned through the rewards engine, a verified e-mail for the
  // second factor, the wallet verified through the API, and the withdrawal requested (held, waiting for its code).
  const proxy = await serverBindings();
  try {
    await earnRewards(proxy.env.DB, await userIdOf(proxy.env.DB, handle), `e2e-rm-${handle}`, [2_000_000]);
  } finally {
    await proxy.dispose();
  }
  const token = await accessTokenOf(page);
  const authorization = { Authorization: `Bearer ${token}` };
  await verifyEmail(request, baseURL, token, `${handle}@example.com`);
  const wallet = await addVerifiedWallet(request, baseURL, token);
  const requested = await request.post(`${baseURL}/v1/withdrawal`, {
    headers: { ...authorization, "Idempotency-Key": `rm-${handle}` },
    data: { walletId: wallet.id, amount: 1_000_000, currency: "USDC" },
  });
  expect(requested.status()).toBe(201);
  const withdrawalId = ((await requested.json()) as { withdrawal: { id: string } }).withdrawal.id;

  await gotoHydrated(page, "/profile/settings#wallets");
  const item = walletItem(page, "EVM address · USDC");
  await expect(item).toBeVisible();

  // Asking, then keeping it.
  await item.getByRole("button", { name: /^Remove/ }).click();
  const confirm = item.getByRole("group", { name: "Remove EVM address · USDC" });
  await expect(confirm).toContainText("Remove this wallet?");
  await expect(confirm.getByRole("button", { name: "Keep it" })).toBeFocused();
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await expect(confirm).toBeHidden();

  // The server refuses while the withdrawal is in flight, and says why.
  await item.getByRole("button", { name: /^Remove/ }).click();
  await confirm.getByRole("button", { name: "Remove wallet" }).click();
  await expect(confirm.getByRole("alert")).toContainText("cannot be removed while a withdrawal to it is in progress");
  await expect(item).toBeVisible();
  expect(logged.every((text) => text.includes("409"))).toBe(true);

  // Once the withdrawal is cancelled (the hold released), the wallet goes.
  const cancelled = await request.delete(`${baseURL}/v1/withdrawal/${withdrawalId}`, { headers: authorization });
  expect(cancelled.ok()).toBe(true);
  await confirm.getByRole("button", { name: "Remove wallet" }).click();
  await expect(item).toHaveCount(0);
  await expect(section(page).getByText("You have no wallets yet.")).toBeVisible();
  await expect(section(page).getByRole("heading", { name: "Wallets" })).toBeFocused();
  await page.reload();
  await expect(section(page).getByText("You have no wallets yet.")).toBeVisible();
});

test("on a phone the wallets fit the screen, long addresses included", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const solanaAddress = base58.encode(ed25519.keygen().publicKey);
  await openWallets(page, freshHandle("phone"));
  await addWallet(page, "Solana address", "USDC", solanaAddress);
  const item = walletItem(page, "Solana address · USDC");
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: /^Verify/ }).click();
  await expect(item.getByLabel("Message to sign")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await item.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 360).toBe(true);
});
