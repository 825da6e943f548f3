import { crc32, deflateSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, gotoHydrated, signInAs, test } from "./fixtures";
import { allowPostingInPopup, approveOnX, CAMPAIGN_PATH, joinAuroraLaunch, openNewPost } from "./posting-steps";

/** A real PNG of one colour, made here (signature, IHDR, IDAT, IEND), so the test needs no fixture file. */
function solidPng(width: number, height: number, [red, green, blue]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [red, green, blue]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const uniqueHandle = (prefix: string) => `${prefix}_${Date.now().toString(36)}`;

async function expectEvaluatingOnCampaignPage(page: Page, content: string) {
  const yourPosts = page.getByRole("region", { name: "Your posts" });
  const post = yourPosts.getByRole("listitem").filter({ hasText: content });
  await expect(post).toBeVisible();
  await expect(post.getByText("Evaluating", { exact: true })).toBeVisible();
}

test("a creator posts a suggestion with an image, allows posting on X in a popup, and sees the post evaluating", async ({ page }) => {
  const handle = uniqueHandle("pe");
  await joinAuroraLaunch(page, handle);

  // A modal dialog: focus starts in the text, Escape closes it and focus goes back to New Post.
  const { dialog, newPost } = await openNewPost(page);
  await expect(dialog.getByLabel("Your post")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(newPost).toBeFocused();

  await openNewPost(page);
  await expect(dialog.getByLabel("Campaign")).toHaveValue("campaign-aurora-launch");
  await dialog.getByRole("button", { name: "Use this text: suggestion 1" }).click();
  const text = dialog.getByLabel("Your post");
  await expect(text).toHaveValue(/^#ad Trying out @aurora this week/);
  const content = await text.inputValue();
  await expect(dialog.getByText("Based on suggestion 1")).toBeVisible();
  await expect(dialog.getByTestId("character-count")).toHaveText(`${content.length}/280`);

  await dialog
    .getByLabel("Add images")
    .setInputFiles({ name: "sunrise.png", mimeType: "image/png", buffer: solidPng(48, 32, [250, 170, 40]) });
  await expect(dialog.getByText(/^Uploaded ·/)).toBeVisible();
  const preview = dialog.getByRole("figure", { name: "Preview of the post on X" });
  await expect(preview).toContainText("@aurora");
  await expect(preview.getByRole("img", { name: "Image 1 of the post" })).toBeVisible();

  // The first post needs Chorus's permission to post on X: the editor asks, and continues by itself afterwards.
  await dialog.getByRole("button", { name: "Post", exact: true }).click();
  await expect(dialog.getByRole("alert")).toContainText("Allow posting");
  await allowPostingInPopup(page, dialog, handle);

  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText("Posted on X. Your post is being evaluated.")).toBeVisible();
  await expectEvaluatingOnCampaignPage(page, content);

  await gotoHydrated(page, "/profile");
  const onProfile = page.getByRole("main").getByRole("listitem").filter({ hasText: content });
  await expect(onProfile.getByText("Evaluating", { exact: true })).toBeVisible();
});

test("with popups blocked, the write login takes the whole page and the editor comes back with the draft", async ({ page }) => {
  const handle = uniqueHandle("pf");
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await joinAuroraLaunch(page, handle);
  const { dialog } = await openNewPost(page);
  const content = `#ad Second look at @aurora: the backup flow is quick. #AuroraWallet ${handle}`;
  await dialog.getByLabel("Your post").fill(content);
  await dialog.getByRole("button", { name: "Post", exact: true }).click();
  await dialog.getByRole("button", { name: "Allow posting" }).click();

  await approveOnX(page, handle);
  await page.waitForURL((url) => url.pathname === CAMPAIGN_PATH);
  const reopened = page.getByRole("dialog", { name: "New post" });
  await expect(reopened).toBeVisible();
  await expect(reopened.getByText("Your draft is back.")).toBeVisible();
  await expect(reopened.getByLabel("Your post")).toHaveValue(content);

  await reopened.getByRole("button", { name: "Post", exact: true }).click();
  await expect(reopened).toBeHidden({ timeout: 15_000 });
  await expect(page).not.toHaveURL(/modal_to_open/);
  await expectEvaluatingOnCampaignPage(page, content);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Share Feedback opens the same editor, full screen, without campaign or images, and sends to the team", async ({ page }) => {
    await signInAs(page, uniqueHandle("fb"), "/");
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Share Feedback" }).click();

    const dialog = page.getByRole("dialog", { name: "Share feedback" });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
    await expect(dialog.getByLabel("Campaign")).toHaveCount(0);
    await expect(dialog.getByText("Suggested posts")).toHaveCount(0);
    await expect(dialog.getByLabel("Add images")).toHaveCount(0);

    await dialog.getByLabel("Your feedback").fill("The campaign cards could show how many days are left.");
    await dialog.getByRole("button", { name: "Send feedback" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Thank you! Your feedback reached the Chorus team.")).toBeVisible();
  });
});
