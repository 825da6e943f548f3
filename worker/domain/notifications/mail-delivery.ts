import type { Capabilities } from "../../capabilities.ts";
import { notificationKindLabels } from "../../contracts/settings.ts";
import { findMailRecipient } from "../../db/mailed-notification-kinds.ts";
import type { NewNotification } from "../../db/notifications.ts";

/**
 * Notifications the creator asked to get by e-mail too (Settings → Basic → "Also by e-mail"): sent to their verified
 * address only. The notification itself is already stored, so a failure here is logged and never thrown: the
 * creator still sees it in the app.
 */

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** An absolute link into the app for a notification's link (a path), or null. */
function absoluteLink(origin: string, link: string | null | undefined): string | null {
  if (link === null || link === undefined || link === "") return null;
  try {
    const url = new URL(link, origin);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The e-mail of a notification: its title as the subject, its body, its link, and why it was sent. */
export function notificationMail(
  notification: Pick<NewNotification, "eventType" | "title" | "body" | "link">,
  recipient: { name: string },
  origin: string,
): { subject: string; text: string; html: string } {
  const link = absoluteLink(origin, notification.link);
  const settings = `${origin}/profile/settings`;
  const why = `You get this e-mail because you asked for "${notificationKindLabels[notification.eventType]}" notifications by e-mail. Change that in your Chorus settings: ${settings}`;
  const body = notification.body ?? "";
  const text = [
    `Hello ${recipient.name},`,
    "",
    notification.title,
    ...(body === "" ? [] : ["", body]),
    ...(link === null ? [] : ["", `Open it in Chorus: ${link}`]),
    "",
    "--",
    why,
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(recipient.name)},</p>
<p><strong>${escapeHtml(notification.title)}</strong></p>
${body === "" ? "" : `<p>${escapeHtml(body)}</p>\n`}${link === null ? "" : `<p><a href="${escapeHtml(link)}">Open it in Chorus</a></p>\n`}<hr>
<p style="color:#6b7280;font-size:13px">You get this e-mail because you asked for "${escapeHtml(notificationKindLabels[notification.eventType])}" notifications by e-mail. <a href="${escapeHtml(settings)}">Change that in your Chorus settings</a>.</p>`;
  return { subject: notification.title, text, html };
}

/**
 * Mails a just-stored notification to the user's VERIFIED e-mail address when its kind is among the kinds they asked
 * to get by e-mail; otherwise does nothing. Never throws.
 */
export async function mailNotificationIfWanted(
  { db, mailer, config }: Pick<Capabilities, "db" | "mailer" | "config">,
  notification: NewNotification,
): Promise<void> {
  try {
    const recipient = await findMailRecipient(db, notification.userId, notification.eventType);
    if (recipient === null) return;
    await mailer.send({ to: recipient.verified_email, ...notificationMail(notification, recipient, config.appOrigins[0] ?? "") });
  } catch (error) {
    console.warn(`Notifications: "${notification.dedupeKey}" could not be mailed (it is in the app all the same)`, error);
  }
}
