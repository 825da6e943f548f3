/** Every funding query sits under `fundingKeys.all`. */
export const fundingKeys = {
  all: ["advertiser-funding"] as const,
  funds: (advertiserId: string) => [...fundingKeys.all, advertiserId, "funds"] as const,
};
