import { Hono } from "hono";
import { partnerInputSchema } from "../contracts/partners.ts";
import { savePartner } from "../domain/brands/save-partner.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import { requireRole } from "../middleware/require-role.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { AppError } from "../contracts/errors.ts";
import { parseInput } from "./validation.ts";

/** Admin: registers partners and their domains. A change is visible at once on every hostname it touches. */
export const adminRoutes = new Hono<WorkerEnv>().put(
  "/v1/admin/partners/:partnerId",
  requireBearer,
  requireRole("admin"),
  async (c) => {
    const partnerId = c.req.param("partnerId");
    if (!/^[a-z0-9-]{2,64}$/.test(partnerId)) {
      throw new AppError(400, "invalid_request", "partnerId must be 2 to 64 lowercase letters, digits or dashes", [
        { loc: ["path", "partnerId"], msg: "must be 2 to 64 lowercase letters, digits or dashes" },
      ]);
    }
    const input = parseInput(partnerInputSchema, await c.req.json().catch(() => null), "body");
    const taken = await c.env.DB.prepare(
      `SELECT hostname FROM partner_hostnames WHERE partner_id != ? AND hostname IN (SELECT value FROM json_each(?))`,
    )
      .bind(partnerId, JSON.stringify(input.hostnames))
      .all<{ hostname: string }>();
    if (taken.results.length > 0) {
      const names = taken.results.map((row) => row.hostname).join(", ");
      throw new AppError(409, "hostname_taken", `Already used by another partner: ${names}`, [
        { loc: ["body", "hostnames"], msg: `already used by another partner: ${names}` },
      ]);
    }
    const themeOwner = await c.env.DB.prepare(`SELECT id FROM partners WHERE theme = ? AND id != ?`)
      .bind(input.theme, partnerId)
      .first<{ id: string }>();
    if (themeOwner !== null) {
      throw new AppError(409, "theme_taken", `The theme ${input.theme} belongs to another partner`, [
        { loc: ["body", "theme"], msg: "belongs to another partner" },
      ]);
    }
    const now = c.get("clock").now();
    const existing = await c.env.DB.prepare(`SELECT created_at FROM partners WHERE id = ?`).bind(partnerId).first<{ created_at: number }>();
    await savePartner({ db: c.env.DB, cache: c.env.BRAND_CACHE }, {
      id: partnerId,
      theme: input.theme,
      displayName: input.displayName,
      primaryColor: input.primaryColor,
      accentColor: input.accentColor,
      logoUrl: input.logoUrl,
      createdAt: existing?.created_at ?? now,
      updatedAt: now,
    }, input.hostnames);
    return c.json({ id: partnerId, ...input }, existing === null ? 201 : 200, { "Cache-Control": "no-store" });
  },
);
