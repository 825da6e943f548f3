import type { Capabilities } from "../../capabilities.ts";
import { notFound, type AppError } from "../../contracts/errors.ts";
import { requireMembership } from "./membership.ts";

type Deps = Pick<Capabilities, "db" | "clock">;

/** The one answer for a campaign the account does not have, whether or not it exists elsewhere. */
export const campaignNotFound = (): AppError => notFound("This campaign does not exist in this advertiser account.");

/** How one kind of a campaign's settings is stored: each answers null when the account has no such campaign. */
export type CampaignSettingsStore<Settings, Input> = {
  read(caps: Deps, advertiserId: string, campaignId: string): Promise<Settings | null>;
  /** Writes the settings and answers them as saved. */
  write(caps: Deps, advertiserId: string, campaignId: string, input: Input): Promise<Settings | null>;
};

/** `GET` and `PUT /v1/advertiser/{id}/campaigns/{campaignId}/{kind}` of one kind of settings. */
export type CampaignSettingsUseCases<Settings, Input> = {
  get(caps: Deps, userId: string, advertiserId: string, campaignId: string): Promise<Settings>;
  save(caps: Deps, userId: string, advertiserId: string, campaignId: string, input: Input): Promise<Settings>;
};

/**
 * A campaign's settings of one kind (commissions, referral links, risk review), for the account's members: anyone
 * else, and a campaign the account does not have, gets 404.
 */
export function campaignSettingsUseCases<Settings, Input>(
  store: CampaignSettingsStore<Settings, Input>,
): CampaignSettingsUseCases<Settings, Input> {
  return {
    async get(caps, userId, advertiserId, campaignId) {
      await requireMembership(caps, userId, advertiserId);
      const settings = await store.read(caps, advertiserId, campaignId);
      if (settings === null) throw campaignNotFound();
      return settings;
    },
    async save(caps, userId, advertiserId, campaignId, input) {
      await requireMembership(caps, userId, advertiserId);
      const saved = await store.write(caps, advertiserId, campaignId, input);
      if (saved === null) throw campaignNotFound();
      return saved;
    },
  };
}
