/**
 * Where each D1 table's rows belong once every campaign is served from its own object
 * (docs/decisions/039-a-million-creators.md): the store whose growth they follow. A new table names its store here
 * (tests/worker/plans/table-stores.test.ts fails on a table that does not), and the scale benchmark sums its bytes by
 * store (bench/scale/run.ts).
 *
 * - `catalog`: D1, read by every page; grows with people, accounts and campaigns, never with posts or events.
 * - `campaign`: the campaign's object; grows with its posts, clicks and conversions.
 * - `advertiser`: the advertiser account's object; grows with its conversions.
 * - `ledger`: split by account: a campaign's pool and budget accounts and their lines go with the campaign, a person's
 *   and an advertiser's stay in the catalog (the ledger's tables are in both).
 */
export type Store = "catalog" | "campaign" | "advertiser" | "ledger";

export const tableStores: Readonly<Record<string, Store>> = {
  // People, their sign-in and their money.
  users: "catalog",
  user_roles: "catalog",
  user_role_counts: "catalog",
  user_attribution: "catalog",
  sessions: "catalog",
  refresh_tokens: "catalog",
  one_time_codes: "catalog",
  two_factor_secrets: "catalog",
  recovery_codes: "catalog",
  network_accounts: "catalog",
  x_credentials: "catalog",
  bluesky_oauth_sessions: "catalog",
  bluesky_oauth_states: "catalog",
  oauth_states: "catalog",
  spoofing_failures: "catalog",
  account_flags: "catalog",
  wallets: "catalog",
  wallet_challenges: "catalog",
  withdrawals: "catalog",
  notifications: "catalog",
  notification_event_types: "catalog",
  mailed_notification_kinds: "catalog",
  feedback: "catalog",
  feedback_counts: "catalog",
  terms_versions: "catalog",
  terms_acceptances: "catalog",
  post_attachments: "catalog",
  audit_log: "catalog",
  scheduler_leases: "catalog",
  // Advertisers, partners and each campaign's catalogue row with what every page shows of it.
  partners: "catalog",
  partner_hostnames: "catalog",
  advertisers: "catalog",
  advertiser_members: "catalog",
  advertiser_member_invitations: "catalog",
  advertiser_deposits: "catalog",
  api_keys: "catalog",
  campaigns: "catalog",
  campaign_suggestions: "catalog",
  campaign_memberships: "catalog",
  campaign_participant_counts: "catalog",
  campaign_pool_totals: "catalog",
  campaign_click_counts: "catalog",
  creator_post_counts: "catalog",
  referral_links: "catalog",
  invitations: "catalog",
  announcements: "catalog",
  risk_settings: "catalog",
  commission_programs: "catalog",
  commission_rules: "catalog",
  advertiser_daily: "catalog",
  funnel_daily: "catalog",
  funnel_daily_devices: "catalog",
  analytics_rollup_messages: "catalog",
  // A campaign's own growth.
  campaign_participants: "campaign",
  posts: "campaign",
  post_metrics: "campaign",
  post_rewards: "campaign",
  post_impression_days: "campaign",
  payout_confirmations: "campaign",
  campaign_weeks: "campaign",
  campaign_week_standings: "campaign",
  campaign_pacing: "campaign",
  campaign_daily: "campaign",
  campaign_creator_daily: "campaign",
  campaign_network_daily: "campaign",
  campaign_network_api_usage: "campaign",
  referral_click_days: "campaign",
  referral_click_sources: "campaign",
  commissions: "campaign",
  commission_usage: "campaign",
  risk_reviews: "campaign",
  // An advertiser account's conversions.
  conversion_events: "advertiser",
  conversion_customers: "advertiser",
  conversion_orders: "advertiser",
  creator_conversions_daily: "advertiser",
  // The ledger, in both.
  ledger_accounts: "ledger",
  ledger_account_kinds: "ledger",
  ledger_entry_kinds: "ledger",
  ledger_entries: "ledger",
  ledger_lines: "ledger",
  ledger_balances: "ledger",
  ledger_postings_open: "ledger",
};
