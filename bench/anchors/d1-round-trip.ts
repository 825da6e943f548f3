/**
 * Anchors that read local D1 from a bare Hono route, the app's pages left out. Here local D1 runs inside the measured
 * process, so they are floors:
 * - `/`: one round trip that reads next to nothing (`SELECT 1`), the least any answer that reads D1 once costs;
 * - `/dashboard-statements`: one round trip of the dashboard's own statements for a creator (the app's query
 *   builders, worker/loaders/dashboard.server.ts, and the session check that rides with them), their rows answered as
 *   D1 gives them: what the dashboard's reads cost before the app parses, shapes or renders anything.
 */
import { Hono } from "hono";
import { sessionNotRevokedQuery } from "../../worker/db/sessions.ts";
import { dashboardQueries } from "../../worker/loaders/dashboard.server.ts";

type AnchorEnv = { Bindings: { DB: D1Database } };

export default new Hono<AnchorEnv>()
  .get("/", async (c) => {
    const [answer] = await c.env.DB.batch([c.env.DB.prepare("SELECT 1 AS one")]);
    return c.json(answer?.results ?? []);
  })
  .get("/dashboard-statements", async (c) => {
    const db = c.env.DB;
    const userId = c.req.query("user") ?? "";
    const queries = [sessionNotRevokedQuery(db, c.req.query("session") ?? ""), ...dashboardQueries(db, userId)];
    const answers = await db.batch(queries.map((query) => query.statement));
    return c.json(answers.map((answer) => answer.results));
  });
