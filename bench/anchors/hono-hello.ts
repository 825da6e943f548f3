/** Anchor: the least a Hono app on this runtime costs, one route answering "hello". */
import { Hono } from "hono";

export default new Hono().get("/", (c) => c.text("hello"));
