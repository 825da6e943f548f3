import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../../../worker/db/audit-log.ts";
import { listAuditEntries } from "../../support/audit-log.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { buildUser } from "../../../fixtures/factories.ts";
import { fetchWorker } from "../support/fetch.ts";
import { bearerFor } from "../support/sessions.ts";

/* The audit log (docs/decisions/024-impersonation.md): append-only like the ledger, and partner changes are in it. */

const now = Date.now();
const admin = buildUser("audit_admin", now);

function savePartner(authorization: string, partnerId: string, body: Record<string, unknown>) {
  return fetchWorker(`/v1/admin/partners/${partnerId}`, {
    method: "PUT",
    headers: { Authorization: authorization, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

const partner = {
  theme: "audited",
  displayName: "Audited Rewards",
  primaryColor: "#123456",
  accentColor: "#654321",
  hostnames: ["audited.localhost"],
};

beforeAll(async () => {
  await env.DB.batch(insertUserStatements(env.DB, admin, ["admin"]));
});

describe("the audit log", () => {
  it("is append-only: an entry can be neither changed nor removed, and new entries still go in", async () => {
    await recordAudit(env.DB, {
      action: "test.entry",
      actorUserId: admin.id,
      subjectUserId: null,
      outcome: "allowed",
      detail: {},
      at: now,
    });
    const [entry] = await listAuditEntries(env.DB, "test.", 1);
    await expect(env.DB.prepare(`UPDATE audit_log SET actor_user_id = NULL WHERE id = ?`).bind(entry?.id).run()).rejects.toThrow(
      /append-only/,
    );
    await expect(env.DB.prepare(`DELETE FROM audit_log WHERE id = ?`).bind(entry?.id).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare(`DELETE FROM audit_log`).run()).rejects.toThrow(/append-only/);
    expect(await listAuditEntries(env.DB, "test.", 5)).toEqual([entry]);
  });
});

describe("partner changes", () => {
  it("are audited with the admin, and what the partner was before and after", async () => {
    const bearer = await bearerFor(admin.id);
    expect((await savePartner(bearer, "partner-audited", partner)).status).toBe(201);
    const changed = { ...partner, displayName: "Audited Again", hostnames: ["audited.localhost", "two.audited.localhost"] };
    expect((await savePartner(bearer, "partner-audited", changed)).status).toBe(200);

    const entries = await listAuditEntries(env.DB, "admin.partner.", 10);
    expect(entries.map((entry) => [entry.action, entry.actorUserId, entry.detail])).toEqual([
      [
        "admin.partner.changed",
        admin.id,
        {
          partnerId: "partner-audited",
          before: { ...partner, logoUrl: null },
          after: { ...changed, logoUrl: null },
        },
      ],
      ["admin.partner.created", admin.id, { partnerId: "partner-audited", before: null, after: { ...partner, logoUrl: null } }],
    ]);
  });

  it("writes nothing for a refused change", async () => {
    const bearer = await bearerFor(admin.id);
    expect((await savePartner(bearer, "partner-audited-two", { ...partner, theme: "audited-two" })).status).toBe(409);
    expect((await savePartner(bearer, "partner-audited-two", { ...partner, primaryColor: "red" })).status).toBe(400);
    const entries = await listAuditEntries(env.DB, "admin.partner.", 10);
    expect(entries.filter((entry) => entry.detail.partnerId === "partner-audited-two")).toEqual([]);
  });
});
