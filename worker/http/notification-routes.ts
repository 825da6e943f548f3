import { Hono, type Context } from "hono";
import { z } from "zod";
import { notificationIdSchema, type RecentNotifications } from "../contracts/notifications.ts";
import { sessionEnded } from "../domain/accounts/sessions.ts";
import { markAllRead, markRead, recentNotifications } from "../domain/notifications/inbox.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { parseInput } from "./validation.ts";

const noStore = { "Cache-Control": "no-store" };
const pathSchema = z.object({ notificationId: notificationIdSchema });

function signedInUserId(c: Context<WorkerEnv>): string {
  const session = c.get("session");
  if (session === null) throw sessionEnded();
  return session.userId;
}

function deps(c: Context<WorkerEnv>) {
  return { db: c.env.DB, clock: c.get("clock") };
}

/** The signed-in user's notifications: the recent ones for the sidebar, and marking them read. */
export const notificationRoutes = new Hono<WorkerEnv>()
  .get("/v1/notification/recent", requireBearer, async (c) => {
    const body: RecentNotifications = { data: await recentNotifications(deps(c), signedInUserId(c)) };
    return c.json(body, 200, noStore);
  })
  .delete("/v1/notification", requireBearer, async (c) => {
    await markAllRead(deps(c), signedInUserId(c));
    return c.body(null, 204, noStore);
  })
  .delete("/v1/notification/:notificationId", requireBearer, async (c) => {
    const { notificationId } = parseInput(pathSchema, c.req.param(), "path");
    await markRead(deps(c), signedInUserId(c), notificationId);
    return c.body(null, 204, noStore);
  });
