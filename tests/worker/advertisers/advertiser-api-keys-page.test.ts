import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../../worker/clock.ts";
import { insertMemberStatement } from "../../../worker/db/advertiser-members.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { createApiKey } from "../../../worker/domain/advertisers/api-keys.ts";
import { buildAdvertiser, buildUser } from "../../../fixtures/factories.ts";
import { fetchPage } from "../support/fetch.ts";
import { sessionCookieFor } from "../support/sessions.ts";

/* `/advertiser/{advertiserId}/api-keys` (docs/decisions/018-conversion-ingestion.md): server-rendered for members only. */

const now = Date.now();
const suffix = String(now % 1_000_000);
const advertiser = buildAdvertiser(`keys-${suffix}`, now);
const other = buildAdvertiser(`keys-other-${suffix}`, now);
const member = buildUser(`keys_member_${suffix}`, now);
const outsider = buildUser(`keys_outsider_${suffix}`, now);
let keyId = "";
let secret = "";

beforeAll(async () => {
  await env.DB.batch([
    insertAdvertiserStatement(env.DB, advertiser),
    insertAdvertiserStatement(env.DB, other),
    ...[member, outsider].flatMap((user) => insertUserStatements(env.DB, user, ["creator"])),
    insertMemberStatement(env.DB, { advertiserId: advertiser.id, userId: member.id, role: "member", invitedBy: null, createdAt: now }),
    insertMemberStatement(env.DB, { advertiserId: other.id, userId: outsider.id, role: "owner", invitedBy: null, createdAt: now }),
  ]);
  const created = await createApiKey({ db: env.DB, clock: systemClock }, advertiser.id, member.id, { label: "Backend server" });
  keyId = created.keyId;
  secret = created.secret;
});

describe("the API keys page", () => {
  it("renders the account's keys for a member, without any secret", async () => {
    const response = await fetchPage(`/advertiser/${advertiser.id}/api-keys`, await sessionCookieFor(member.id));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`API keys of ${advertiser.name}`);
    expect(html).toContain("Backend server");
    expect(html).toContain(keyId);
    expect(html).toContain("Never");
    expect(html).not.toContain(secret);
  });

  it("shows the empty state for an account without keys", async () => {
    const response = await fetchPage(`/advertiser/${other.id}/api-keys`, await sessionCookieFor(outsider.id));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("This account has no API key yet</h3>");
  });

  it("is Page Not Found for anyone who is not a member, as for an unknown account", async () => {
    const cookie = await sessionCookieFor(outsider.id);
    expect((await fetchPage(`/advertiser/${advertiser.id}/api-keys`, cookie)).status).toBe(404);
    expect((await fetchPage(`/advertiser/no-such-account-${suffix}/api-keys`, cookie)).status).toBe(404);
  });

  it("lists an API keys link per account on /advertiser", async () => {
    const html = await (await fetchPage("/advertiser", await sessionCookieFor(member.id))).text();
    expect(html).toContain(`/advertiser/${advertiser.id}/api-keys`);
  });
});
