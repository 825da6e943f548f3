import { test as base, expect, type Page } from "@playwright/test";

type ConsoleErrors = {
  /** Marks this test as provoking browser console errors on purpose; returns the live list of them. */
  expectSome(): string[];
};

/** Every test fails on a console error or an uncaught page error it did not ask for (STYLE.md habit 10). */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      let expected = false;
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use({
        expectSome() {
          expected = true;
          return errors;
        },
      });
      if (!expected) expect(errors, "unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Opens a page and waits until React has hydrated it, so clicks are handled by the app, not by a full load. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
  return response;
}

/**
 * Signs a test account in through the X emulator without its page: the emulator approves at once when the
 * authorize URL carries `emulator_login` (README "The X emulator"). Lands on `returnTo`, signed in.
 */
export async function signInAs(page: Page, handle: string, returnTo = "/") {
  await page.goto(`/auth/twitter/read/login?afterLoginRedirectUrl=${encodeURIComponent(returnTo)}`);
  await page.waitForURL(/\/i\/oauth2\/authorize/);
  const authorize = new URL(page.url());
  authorize.searchParams.set("emulator_login", handle);
  await page.goto(authorize.toString());
  await page.waitForURL((url) => url.port === new URL(page.url()).port && url.pathname === returnTo.split("?")[0]);
  await expect(page.getByTestId("signed-in-handle")).toHaveText(`@${handle}`);
}

/** Counts full document loads, so a test can assert that a navigation stayed inside the app. */
export function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") loads += 1;
  });
  return () => loads;
}
