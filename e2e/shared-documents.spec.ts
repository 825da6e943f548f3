import { expect, gotoHydrated, test } from "./fixtures";

/**
 * A page a signed-out visitor gets that reads no data (the sign-in page) is rendered once per isolate and served to
 * every visitor after, and so is a landing page for 30 s (worker/ssr/document-cache.ts). Each answer must still carry
 * its own script nonce, the one its Content-Security-Policy allows, everywhere the page names one: otherwise the
 * browser blocks the scripts and the page never hydrates.
 */
const pages = [
  { name: "the sign-in page", path: "/?afterLoginRedirectUrl=%2Fcampaigns&trigger=shared-documents", shows: /sign in with x/i },
  // Its data carries the time it was read, so an identical answer is one rendered once. A query of its own per run:
  // the first request renders it, whatever an earlier run kept.
  { name: "a landing page", path: `/landing/aurora?trigger=shared-documents&run=${Date.now().toString(36)}`, shows: /aurora/i },
];

const occurrences = (text: string, part: string) => text.split(part).length - 1;

for (const { name, path, shows } of pages)
  test(`${name} served again carries the visitor's own nonce, and hydrates [signed out]`, async ({ page, request }) => {
    const answers: { nonce: string; html: string }[] = [];
    for (let visit = 0; visit < 3; visit += 1) {
      const response = await request.get(path, { headers: { Accept: "text/html" } });
      expect(response.status()).toBe(200);
      const nonce = /'nonce-([\w-]+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1] ?? "";
      expect(nonce, "the policy names a nonce").toMatch(/^[\w-]{22}$/);
      answers.push({ nonce, html: await response.text() });
    }
    const [first, ...later] = answers;
    if (first === undefined) throw new Error("no answer");
    expect(occurrences(first.html, first.nonce), "scripts and preloads carrying the nonce").toBeGreaterThan(3);
    for (const answer of later) {
      expect(answer.nonce).not.toBe(first.nonce);
      expect(answer.html, "no earlier visitor's nonce").not.toContain(first.nonce);
      expect(occurrences(answer.html, answer.nonce)).toBe(occurrences(first.html, first.nonce));
      expect(answer.html.replaceAll(answer.nonce, "NONCE")).toBe(first.html.replaceAll(first.nonce, "NONCE"));
    }

    for (let visit = 0; visit < 2; visit += 1) {
      await gotoHydrated(page, path);
      await expect(page.getByRole(path.startsWith("/landing") ? "heading" : "link", { name: shows }).first()).toBeVisible();
    }
  });
