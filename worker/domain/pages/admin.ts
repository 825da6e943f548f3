import type { Capabilities } from "../../capabilities.ts";
import type { AdminPage } from "../../contracts/admin.ts";
import { notificationAudiences } from "../admin/ad-hoc-notifications.ts";
import { feedbackInbox } from "../admin/feedback-inbox.ts";
import { requireAdmin } from "../admin/require-admin.ts";

/** `/admin`, for admins only (anyone else gets a 403): the open feedback and the audiences of the notification form. */
export async function adminPage(caps: Pick<Capabilities, "db" | "clock">, userId: string): Promise<AdminPage> {
  await requireAdmin(caps, userId);
  const [feedback, audiences] = await Promise.all([feedbackInbox(caps, "open"), notificationAudiences(caps)]);
  return { feedback, audiences, now: caps.clock.now() };
}
