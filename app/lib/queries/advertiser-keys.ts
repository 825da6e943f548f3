/**
 * Every advertiser query sits under `advertiserKeys.all`: invalidating it refreshes them all. Shared by the advertiser
 * features (accounts, members, API keys): accepting an invitation to an account refreshes every one of them.
 */
export const advertiserKeys = {
  all: ["advertisers"] as const,
  accounts: () => [...advertiserKeys.all, "accounts"] as const,
  members: (advertiserId: string) => [...advertiserKeys.all, advertiserId, "members"] as const,
  invitations: (advertiserId: string) => [...advertiserKeys.all, advertiserId, "invitations"] as const,
};
