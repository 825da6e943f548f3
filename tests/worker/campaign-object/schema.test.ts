import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { campaignObjectMigrations } from "../../../worker/db/campaign-object/migrations.ts";
import { appliedObjectMigrations, applyObjectMigrations } from "../../../worker/db/campaign-object/schema.ts";
import type { CampaignObject } from "../../../worker/objects/campaign-object.ts";

const objectOf = (campaignId: string) => env.CAMPAIGNS.get(env.CAMPAIGNS.idFromName(campaignId));

describe("a campaign object's schema", () => {
  it("is migrated when the object first wakes, once", async () => {
    await runInDurableObject(objectOf("campaign-schema-1"), async (_object: CampaignObject, state) => {
      expect(appliedObjectMigrations(state.storage)).toEqual(["0001_identity_and_schedule", "0002_alarm_failures"]);
      const tables = state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY name")
        .toArray()
        .map((row) => row.name);
      expect(tables).toEqual(["campaign", "schedule", "schema_migrations"]);
      // Waking again after a deploy with nothing new applies nothing.
      expect(applyObjectMigrations(state.storage, campaignObjectMigrations)).toEqual([]);
    });
  });

  it("applies a later migration to an object that has the earlier ones, in one transaction each", async () => {
    await runInDurableObject(objectOf("campaign-schema-2"), async (_object: CampaignObject, state) => {
      const broken = { name: "0003_broken", statements: ["CREATE TABLE half_made (id TEXT)", "CREATE TABLE half_made (id TEXT)"] };
      expect(() => applyObjectMigrations(state.storage, [...campaignObjectMigrations, broken])).toThrow(/already exists/);
      expect(appliedObjectMigrations(state.storage)).toEqual(["0001_identity_and_schedule", "0002_alarm_failures"]);
      expect(state.storage.sql.exec("SELECT name FROM sqlite_master WHERE name = 'half_made'").toArray()).toEqual([]);

      const next = { name: "0003_next", statements: ["CREATE TABLE next_table (id TEXT PRIMARY KEY)"] };
      expect(applyObjectMigrations(state.storage, [...campaignObjectMigrations, next])).toEqual(["0003_next"]);
      expect(appliedObjectMigrations(state.storage)).toEqual(["0001_identity_and_schedule", "0002_alarm_failures", "0003_next"]);
    });
  });
});
