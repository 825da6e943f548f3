import { env } from "cloudflare:test";
import type { UserRole } from "../../../worker/contracts/vocabulary.ts";
import { insertMemberStatement } from "../../../worker/db/advertiser-members.ts";
import { insertAdvertiserStatement, type Advertiser } from "../../../worker/db/advertisers.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { buildAdvertiser, buildUser } from "../../../fixtures/factories.ts";
import { bearerFor } from "./sessions.ts";

/** People and the worlds they act in, for the worker tests: written through the production writers, signed in. */

/** A person and a session of theirs, as the API sees them. */
export type Person = { userId: string; handle: string; bearer: string };

/** Tells apart what two runs, or two files sharing an emulator, make with the same prefix. */
const run = crypto.randomUUID().slice(0, 4);
let people = 0;

/**
 * A new person with a session: their handle is `prefix`, a serial and the run's mark (keep `prefix` to 5 characters
 * or fewer for a handle X would take, 15 at most).
 */
export async function newPerson(
  prefix = "p",
  options: { roles?: UserRole[]; name?: (handle: string) => string; now?: number } = {},
): Promise<Person> {
  people += 1;
  const handle = `${prefix}_${people}_${run}`;
  const user = buildUser(handle, options.now ?? Date.now(), options.name === undefined ? {} : { name: options.name(handle) });
  await env.DB.batch(insertUserStatements(env.DB, user, options.roles ?? ["creator"]));
  return { userId: user.id, handle, bearer: await bearerFor(user.id) };
}

let accounts = 0;

/** An advertiser account (slug from `prefix`) and its owner, a new person. */
export async function advertiserWithOwner(
  prefix = "adv",
  overrides: Partial<Advertiser> = {},
): Promise<{ advertiser: Advertiser; advertiserId: string; owner: Person }> {
  accounts += 1;
  const now = Date.now();
  const advertiser = buildAdvertiser(`${prefix}-${accounts}-${run}`, now, overrides);
  const owner = await newPerson();
  await env.DB.batch([
    insertAdvertiserStatement(env.DB, advertiser),
    insertMemberStatement(env.DB, { advertiserId: advertiser.id, userId: owner.userId, role: "owner", invitedBy: null, createdAt: now }),
  ]);
  return { advertiser, advertiserId: advertiser.id, owner };
}
