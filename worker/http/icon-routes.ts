import { Hono } from "hono";
import { z } from "zod";
import { iconSubset, isInstalledIconSet } from "../edge/icon-sets.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { AppError } from "../contracts/errors.ts";
import { parseInput } from "./validation.ts";

const iconsQuerySchema = z.object({
  icons: z
    .string({ error: "icons is required" })
    .transform((value) =>
      value
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name.length > 0),
    )
    .pipe(
      z
        .array(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "icon names are lowercase letters, digits and dashes"))
        .min(1, "icons is required")
        .max(100, "at most 100 icons per request"),
    ),
});

/** The local icon endpoint (Iconify API format) that the browser's icon loader uses by default. */
export const iconRoutes = new Hono<WorkerEnv>().get("/icons/:file", async (c) => {
  const match = /^([a-z0-9-]+)\.json$/.exec(c.req.param("file"));
  const collection = match?.[1];
  if (collection === undefined || !isInstalledIconSet(collection)) {
    throw new AppError(404, "not_found", `No icon set ${c.req.param("file")}`);
  }
  const { icons } = parseInput(iconsQuerySchema, c.req.query(), "query");
  return c.json(await iconSubset(collection, icons), 200, {
    "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
  });
});
