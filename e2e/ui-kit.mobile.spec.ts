import { kitStandard, seriousViolations } from "./accessibility";
import { expect, test } from "./fixtures";
import { openHarness } from "./ui-kit/harness-build";

/* The UI kit's Dialog on a phone (Pixel 7): a sheet along the bottom edge, the full width of the screen. */

test("the dialog is a full-width sheet along the bottom edge, its actions in reach, and axe finds nothing serious", async ({ page }) => {
  // A full axe run: on this shared machine it can take longer than a test's usual 30 s.
  test.slow();
  await openHarness(page);
  const opener = page.getByRole("button", { name: "Withdraw", exact: true });
  await opener.tap();
  const dialog = page.getByRole("dialog", { name: "Withdraw USDC" });
  await expect(dialog).toBeVisible();

  const viewport = page.viewportSize();
  const box = await dialog.boundingBox();
  if (viewport === null || box === null) throw new Error("the page has no viewport or the dialog no box");
  expect(box.x).toBe(0);
  expect(box.width).toBe(viewport.width);
  expect(Math.round(box.y + box.height)).toBe(viewport.height);
  await expect(dialog.getByRole("button", { name: "Withdraw", exact: true })).toBeInViewport();

  expect(await seriousViolations(page, kitStandard)).toEqual([]);

  await dialog.getByRole("button", { name: "Close" }).tap();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
