/**
 * Anchor: a Hono route answering from one D1 round trip that reads next to nothing (`SELECT 1`). Here local D1 runs
 * inside the measured process, so this is the floor of any answer that reads D1 once: no page that reads data can
 * cost less.
 */
import { Hono } from "hono";

type AnchorEnv = { Bindings: { DB: D1Database } };

export default new Hono<AnchorEnv>().get("/", async (c) => {
  const [answer] = await c.env.DB.batch([c.env.DB.prepare("SELECT 1 AS one")]);
  return c.json(answer?.results ?? []);
});
