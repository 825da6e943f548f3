import { Hono } from "hono";
import { z } from "zod";
import { notificationIdSchema, type RecentNotifications } from "../contracts/notifications.ts";
import { markAllRead, markRead, recentNotifications, unreadNotificationCount } from "../domain/notifications/inbox.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { parseInput } from "./validation.ts";

const pathSchema = z.object({ notificationId: notificationIdSchema });

/** The signed-in user's notifications: the recent ones for the sidebar, and marking them read. */
export const notificationRoutes = new Hono<WorkerEnv>()
  .get("/v1/notification/recent", requireBearer, async (c) => {
    const { userId } = c.var.session;
    const [data, unreadCount] = await Promise.all([
      recentNotifications(c.var.capabilities, userId),
      unreadNotificationCount(c.var.capabilities, userId),
    ]);
    const body: RecentNotifications = { data, unreadCount };
    return c.json(body);
  })
  .delete("/v1/notification", requireBearer, async (c) => {
    await markAllRead(c.var.capabilities, c.var.session.userId);
    return c.body(null, 204);
  })
  .delete("/v1/notification/:notificationId", requireBearer, async (c) => {
    const { notificationId } = parseInput(pathSchema, c.req.param(), "path");
    await markRead(c.var.capabilities, c.var.session.userId, notificationId);
    return c.body(null, 204);
  });
