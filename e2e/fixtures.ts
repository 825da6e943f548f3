import { test as base, expect, type Page, type Request, type Response } from "@playwright/test";

type ConsoleErrors = {
  /** Marks this test as provoking browser console errors on purpose; returns the live list of them. */
  expectSome(): string[];
};

/** The console errors and uncaught page errors of `page`, collected from now on into the list answered. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Pages of `page` open as for a visitor who already answered the cookie bar with `consent`. */
export async function storeConsent(page: Page, consent = "required-only"): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem("userConsent", value), consent);
}

/**
 * Every test fails on a console error or an uncaught page error it did not ask for (STYLE.md habit 10).
 * Pages open as for a visitor who already answered the cookie bar, unless a test sets `storedConsent: null`.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors; storedConsent: string | null; consent: undefined }>({
  storedConsent: ["required-only", { option: true }],
  consent: [
    async ({ page, storedConsent }, use) => {
      if (storedConsent !== null) await storeConsent(page, storedConsent);
      await use(undefined);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors = collectConsoleErrors(page);
      let expected = false;
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
export async function signInAs(page: Page, handle: string, returnTo = "/", options: { keepWelcome?: boolean } = {}) {
  await page.goto(`/auth/twitter/read/login?afterLoginRedirectUrl=${encodeURIComponent(returnTo)}`);
  await page.waitForURL(/\/i\/oauth2\/authorize/);
  const authorize = new URL(page.url());
  authorize.searchParams.set("emulator_login", handle);
  const firstNotifications = notificationsOnce(page);
  await page.goto(authorize.toString());
  await page.waitForURL((url) => url.port === new URL(page.url()).port && url.pathname === returnTo.split("?")[0]);
  await expect(page.getByTestId("signed-in-handle")).toHaveText(`@${handle}`);
  // A first sign-in greets the creator with the welcome dialog; a journey that is not about it closes it.
  const notifications = await firstNotifications;
  const welcomed = notifications.some((item) => item.eventType === "welcome" && !item.isRead);
  if (welcomed && !options.keepWelcome) await closeWelcome(page);
}

/**
 * Closes the welcome dialog with "Get started" and waits until the server has marked the welcome read: the dialog
 * hides at once, and a page loaded before that answer would greet the creator again.
 */
export async function closeWelcome(page: Page) {
  const welcome = page.getByRole("dialog", { name: "Welcome to Chorus!" });
  const markedRead = page.waitForResponse(
    (response) => response.request().method() === "DELETE" && /\/v1\/notification\/ntf_/.test(response.url()),
  );
  await welcome.getByRole("button", { name: "Get started" }).click();
  await expect(welcome).toBeHidden();
  expect((await markedRead).status()).toBe(204);
}

/** The first answer of /v1/notification/recent the page gets (empty when the request fails). */
function notificationsOnce(page: Page): Promise<{ eventType: string; isRead: boolean }[]> {
  return new Promise((resolve) => {
    const matches = (url: string) => url.includes("/v1/notification/recent");
    const onFailed = (request: Request) => {
      if (matches(request.url())) finish([]);
    };
    const onResponse = (response: Response) => {
      if (!matches(response.url())) return;
      response
        .json()
        .then((body: { data?: { eventType: string; isRead: boolean }[] }) => finish(body.data ?? []))
        .catch(() => finish([]));
    };
    const finish = (items: { eventType: string; isRead: boolean }[]) => {
      page.off("requestfailed", onFailed);
      page.off("response", onResponse);
      resolve(items);
    };
    page.on("requestfailed", onFailed);
    page.on("response", onResponse);
  });
}

/** Counts full document loads, so a test can assert that a navigation stayed inside the app. */
export function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") loads += 1;
  });
  return () => loads;
}
