/**
 * The plan check's allow-list (tests/worker/plans/query-plans.test.ts): a full scan or a temp B-tree over a table is allowed
 * only where an entry names the table and says why it stays small. Without `statements`, the table is bounded
 * everywhere; with it, only in those statements (`module.function`, as the check names them). The check fails on an
 * entry that no longer matches anything, so this list only shrinks as statements are fixed. Entries that begin with
 * "Open:" are known work of issue 26, not tables that stay small.
 */
export type PlanAllowance = { table: string; why: string; statements?: readonly string[] };

export const planAllowances: readonly PlanAllowance[] = [
  { table: "partners", why: "One row per white-label partner, written by admins: tens at most, never per creator." },
  {
    table: "partner_hostnames",
    why: "The partners' own domains, a few per partner, written by admins: the admin's Partners section lists them all.",
  },
  {
    table: "terms_versions",
    why: "One row per published version of the terms: a few a year, never per creator; the newest is read by its index.",
  },
  {
    table: "campaigns",
    why:
      "One row per campaign an advertiser publishes: about 10,000 at a million creators (issue 26's sizing), growing " +
      "with advertisers, not with creators' activity; lists read it by status.",
  },
  {
    table: "advertisers",
    statements: ["funnel-rollups.funnelRowsQuery"],
    why:
      "One row per advertiser account (hundreds at a million creators): the admin's funnel of every advertiser reads " +
      "each one's rollup rows by the index, one advertiser at a time (docs/decisions/036-events-out-of-d1.md).",
  },
];
