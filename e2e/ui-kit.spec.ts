import type { Page } from "@playwright/test";
import { kitStandard, seriousViolations } from "./accessibility";
import { expect, test } from "./fixtures";
import { openHarness } from "./ui-kit/harness-build";

/*
 * The UI kit (app/components/ui) in Chromium, before screens are rebuilt on it: its components on a page of their own
 * (e2e/ui-kit/harness.tsx, built and served by the test, outside the product), with the app's stylesheets.
 */

/** The accessible name of what has focus (its aria-label, its label's text, or its own text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement)) return null;
    const labelled = active.getAttribute("aria-label") ?? (active instanceof HTMLInputElement ? active.labels?.[0]?.textContent : null);
    return (labelled ?? active.textContent ?? "").trim();
  });

const focusIsInside = (page: Page, selector: string) =>
  page.evaluate((selector) => document.querySelector(selector)?.contains(document.activeElement) ?? false, selector);

test.describe("Dialog", () => {
  test("opens on its first field, keeps Tab inside, closes on Escape and gives focus back to its opener", async ({ page }) => {
    await openHarness(page);
    const opener = page.getByRole("button", { name: "Withdraw", exact: true });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Withdraw USDC" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription("To one of your verified wallets.");
    await expect(dialog.getByLabel("Amount")).toBeFocused();

    // Backwards from the first field: the close button, then round to the last control.
    await page.keyboard.press("Shift+Tab");
    expect(await focusedName(page)).toBe("Close");
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("button", { name: "Withdraw", exact: true })).toBeFocused();
    // Forwards from the last: round to the close button.
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("Close");
    // Two turns round the dialog never leave it (10 stops: close, amount, wallet, code, remember, fee, cancel, withdraw).
    for (let press = 0; press < 16; press += 1) {
      await page.keyboard.press("Tab");
      expect(await focusIsInside(page, "dialog[open]"), `after ${press + 1} Tab presses`).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.getByTestId("closes")).toHaveText("1");
  });

  test("closes from its close button and its Cancel, focus back on the opener each time; not from a click beside it", async ({ page }) => {
    await openHarness(page);
    const opener = page.getByRole("button", { name: "Withdraw", exact: true });
    const dialog = page.getByRole("dialog", { name: "Withdraw USDC" });

    await opener.click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog).toBeVisible();
    // A click on the backdrop (the page's top-left corner is outside the centred dialog) leaves it open.
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.getByTestId("closes")).toHaveText("2");
  });

  test("while its work is in flight, Escape and the close button do nothing and the submit button is busy", async ({ page }) => {
    await openHarness(page);
    const opener = page.getByRole("button", { name: "Withdraw", exact: true });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Withdraw USDC" });
    await dialog.getByLabel("Amount").fill("25");
    const submit = dialog.getByRole("button", { name: "Withdraw", exact: true });
    await submit.click();

    const busy = dialog.getByRole("button", { name: "Withdrawing…" });
    await expect(busy).toHaveAttribute("aria-busy", "true");
    await expect(busy).toBeDisabled();
    await expect(busy).toBeFocused();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeDisabled();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();

    await page.evaluate(() => window.harness.finishWithdrawing());
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.getByTestId("closes")).toHaveText("0");
  });

  test("hides a tooltip inside it with a first Escape, and closes on the next", async ({ page }) => {
    await openHarness(page);
    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Withdraw USDC" });
    const fee = dialog.getByRole("button", { name: "Who pays the fee?" });
    await dialog.getByLabel("Remember this wallet").focus();
    await page.keyboard.press("Tab");
    await expect(fee).toBeFocused();
    await expect(fee).toHaveAccessibleDescription("Chorus pays the network fee.");
    const tooltip = page.getByRole("tooltip");
    await expect(tooltip).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(tooltip).toBeHidden();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("stops the page behind from scrolling while open", async ({ page }) => {
    await openHarness(page);
    const overflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflow);
    expect(await overflow()).toBe("visible");
    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    expect(await overflow()).toBe("hidden");
    await page.keyboard.press("Escape");
    expect(await overflow()).toBe("visible");
  });
});

test.describe("Button", () => {
  test("busy: shows a spinner, says so, keeps focus, and refuses another press or Enter until the work ends", async ({ page }) => {
    await openHarness(page);
    const save = page.getByRole("button", { name: "Save" });
    await save.click();
    await expect(page.getByTestId("saves")).toHaveText("1");

    const saving = page.getByRole("button", { name: "Saving…" });
    await expect(saving).toHaveAttribute("aria-busy", "true");
    await expect(saving).toBeDisabled();
    await expect(saving).toBeFocused();
    await expect(saving.locator(".ui-spinner")).toBeVisible();

    await saving.click({ force: true });
    await page.getByLabel("Display name").press("Enter");
    await expect(page.getByTestId("saves")).toHaveText("1");

    await page.evaluate(() => window.harness.finishSaving());
    await expect(save).not.toHaveAttribute("aria-busy");
    await save.click();
    await expect(page.getByTestId("saves")).toHaveText("2");
  });
});

test.describe("CopyButton", () => {
  test("copies and announces it politely", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: "http://ui-kit.localhost" });
    await openHarness(page);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Copied" })).toHaveCount(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("https://chorus.example/r/ada");
  });
});

test.describe("Tooltip", () => {
  test("loads Floating UI only when a tooltip is first wanted", async ({ page }) => {
    const requested = await openHarness(page);
    const before = [...requested];
    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    await page.getByRole("button", { name: "Who pays the fee?" }).hover();
    await expect(page.getByRole("tooltip")).toBeVisible();
    await expect.poll(() => requested.filter((path) => path.includes("tooltip-placement")).length).toBe(1);
    expect(before.filter((path) => path.includes("tooltip-placement"))).toEqual([]);
  });
});

test.describe("theming and accessibility", () => {
  test("a partner's two colours on <html> re-colour the kit, states derived from them included", async ({ page }) => {
    await openHarness(page);
    const primary = page.getByRole("button", { name: "Save" });
    const info = page.locator(".ui-badge[data-tone='info']");
    const success = page.locator(".ui-badge[data-tone='success']");
    const before = { button: await backgroundOf(primary), info: await backgroundOf(info), success: await backgroundOf(success) };
    expect(before.button).toBe("rgb(79, 70, 229)");

    // As app/lib/brand.ts themeStyle sets them for aurora.
    await page.evaluate(() => {
      document.documentElement.style.setProperty("--color-primary", "#0f766e");
      document.documentElement.style.setProperty("--color-accent", "#f472b6");
    });
    // The button eases between colours: wait for the new one.
    await expect.poll(() => backgroundOf(primary)).toBe("rgb(15, 118, 110)");
    expect(await backgroundOf(info)).not.toBe(before.info);
    // Success means the same under every brand.
    expect(await backgroundOf(success)).toBe(before.success);
  });

  test("axe finds no serious violation, the dialog closed or open", async ({ page }) => {
    // Two full axe runs: on this shared machine they can take longer than a test's usual 30 s.
    test.slow();
    await openHarness(page);
    expect(await seriousViolations(page, kitStandard)).toEqual([]);
    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    await page.getByRole("dialog").getByLabel("Amount").fill("9");
    expect(await seriousViolations(page, kitStandard)).toEqual([]);
  });
});

const backgroundOf = (locator: ReturnType<Page["locator"]>) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
