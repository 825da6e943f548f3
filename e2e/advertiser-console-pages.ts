/** The console's pages for the seeded Aurora account (owner: aurora_team), and /admin, audited on each profile. */
export const consolePages = [
  "/advertiser",
  "/advertiser/advertiser-aurora/campaigns",
  "/advertiser/advertiser-aurora/campaigns/new",
  "/advertiser/advertiser-aurora/campaigns/campaign-aurora-launch",
  "/advertiser/advertiser-aurora/campaigns/campaign-aurora-launch/invitations",
  "/advertiser/advertiser-aurora/campaigns/campaign-aurora-launch/report",
  "/advertiser/advertiser-aurora/funds",
  "/advertiser/advertiser-aurora/reports",
  "/advertiser/advertiser-aurora/reviews",
  "/advertiser/advertiser-aurora/members",
  "/advertiser/advertiser-aurora/api-keys",
];
