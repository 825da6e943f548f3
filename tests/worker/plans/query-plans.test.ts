import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { planAllowances, type PlanAllowance } from "./query-plan-allowances.ts";
import { planFindings, type PlanFinding, type PlanRow } from "./query-plan-findings.ts";
import { modulesWithoutStatements, statementCatalog } from "./statement-catalog.ts";
import { StatementRecorder, type RecordedStatement } from "./statement-recorder.ts";

/*
 * The plan check (docs/decisions/033-bounded-statements.md): every statement the db layer can send, collected by
 * calling every exported function of worker/db against a recorder (tests/worker/plans/statement-catalog.ts), is planned by
 * `EXPLAIN QUERY PLAN` on the migrated schema in workerd's SQLite, as D1 runs it (no ANALYZE, so no sqlite_stat1). A
 * full scan or a temp B-tree over a table that grows with use fails, unless tests/worker/plans/query-plan-allowances.ts
 * names the table as bounded and says why.
 */

// A campaign object's statements run in its own SQLite, not D1 (worker/db/campaign-object; tests/worker/campaign-object).
const dbModules = import.meta.glob<Record<string, unknown>>(["../../../worker/db/**/*.ts", "!../../../worker/db/campaign-object/**"], {
  eager: true,
});
/** A module's path under worker/db without `.ts`: `posts`, `networks/x/credentials`. */
const moduleName = (path: string) => path.replace(/^\.\.\/\.\.\/\.\.\/worker\/db\/(.+)\.ts$/, "$1");

type PlannedStatement = RecordedStatement & { name: string; plan: PlanRow[]; findings: PlanFinding[] };

async function collectStatements(): Promise<RecordedStatement[]> {
  const recorder = new StatementRecorder();
  for (const [module, entry] of Object.entries(statementCatalog)) {
    for (const [fn, call] of Object.entries(entry.calls)) {
      recorder.source = `${module}.${fn}`;
      const answer = call(recorder.db);
      await Promise.all([answer].flat());
    }
  }
  return recorder.statements;
}

type Schema = { tables: Set<string>; partialIndexes: Set<string> };

async function readSchema(): Promise<Schema> {
  const { results } = await env.DB.prepare(
    `SELECT type, name, sql FROM sqlite_master
     WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'`,
  ).all<{ type: string; name: string; sql: string | null }>();
  return {
    tables: new Set(results.filter((row) => row.type === "table").map((row) => row.name)),
    partialIndexes: new Set(results.filter((row) => row.type === "index" && /\sWHERE\s/i.test(row.sql ?? "")).map((row) => row.name)),
  };
}

/** The plans of the statements, in batches (one D1 round trip per batch). */
async function explainAll(statements: readonly RecordedStatement[]): Promise<PlanRow[][]> {
  const plans: PlanRow[][] = [];
  for (let from = 0; from < statements.length; from += 50) {
    const batch = statements
      .slice(from, from + 50)
      .map((statement) => env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).bind(...statement.values));
    plans.push(...(await env.DB.batch<PlanRow>(batch)).map((result) => result.results));
  }
  return plans;
}

/** One entry per distinct statement of each function, named `module.function` (with `#n` for its n-th other statement). */
async function planEveryStatement(statements: readonly RecordedStatement[], schema: Schema): Promise<PlannedStatement[]> {
  const distinct = new Map<string, RecordedStatement>();
  for (const statement of statements) distinct.set(`${statement.source}\n${statement.sql}`, statement);
  const perSource = new Map<string, number>();
  const unique = [...distinct.values()];
  const plans = await explainAll(unique);
  return unique.map((statement, at) => {
    const index = (perSource.get(statement.source) ?? 0) + 1;
    perSource.set(statement.source, index);
    const name = index === 1 ? statement.source : `${statement.source}#${index}`;
    const plan = plans[at] ?? [];
    return { ...statement, name, plan, findings: planFindings(statement.sql, plan, schema) };
  });
}

const isAllowed = (statement: PlannedStatement, finding: PlanFinding) => (allowance: PlanAllowance) =>
  allowance.table === finding.table && (allowance.statements === undefined || allowance.statements.includes(statement.source));

function describeFindings(statements: readonly PlannedStatement[], findings: (statement: PlannedStatement) => PlanFinding[]): string[] {
  return statements.flatMap((statement) =>
    findings(statement).map((finding) => `${statement.name}: ${finding.kind} of ${finding.table} (${finding.detail})`),
  );
}

describe("the plan of every statement the db layer can send", () => {
  let schema: Schema;
  let planned: PlannedStatement[];

  beforeAll(async () => {
    schema = await readSchema();
    planned = await planEveryStatement(await collectStatements(), schema);
  }, 60_000);

  it("is collected from every exported function of worker/db", () => {
    // The glob is relative to this file: a move that left it pointing nowhere would make every check below vacuous.
    expect(Object.keys(dbModules)).toContain("../../../worker/db/posts.ts");
    const missing: string[] = [];
    for (const [path, exports] of Object.entries(dbModules)) {
      const module = moduleName(path);
      if (module in modulesWithoutStatements) continue;
      const entry = statementCatalog[module];
      for (const [name, value] of Object.entries(exports)) {
        if (typeof value !== "function") continue;
        if (entry?.calls[name] === undefined && entry?.sendsNoSql?.[name] === undefined) missing.push(`${module}.${name}`);
      }
    }
    expect(missing, "exported functions the statement catalog neither calls nor names as sending no SQL").toEqual([]);

    const stale = Object.entries(statementCatalog).flatMap(([module, entry]) =>
      [...Object.keys(entry.calls), ...Object.keys(entry.sendsNoSql ?? {})]
        .filter((name) => typeof dbModules[`../../../worker/db/${module}.ts`]?.[name] !== "function")
        .map((name) => `${module}.${name}`),
    );
    expect(stale, "catalog entries that are not exported functions of worker/db").toEqual([]);

    const silent = Object.entries(statementCatalog).flatMap(([module, entry]) =>
      Object.keys(entry.calls)
        .map((name) => `${module}.${name}`)
        .filter((source) => !planned.some((statement) => statement.source === source)),
    );
    expect(silent, "catalog calls that prepared no statement").toEqual([]);
    expect(planned.length).toBeGreaterThan(200);
  });

  it("scans and sorts no table that grows with use, except where the allow-list says why", () => {
    const flagged = describeFindings(planned, (statement) =>
      statement.findings.filter((finding) => !planAllowances.some(isAllowed(statement, finding))),
    );
    expect(flagged, "statements whose plan grows with a whole table (fix the statement or its index)").toEqual([]);
  });

  it("keeps the statements fixed by issue 26 on the indexes made for them", () => {
    // The rule above cannot see these: each was an index search over a range as wide as the table (`post_id IS NULL`
    // plans as `post_id=?`) or a sort of one, and each now reads only its own rows (docs/decisions/033-bounded-statements.md).
    const expectedIndexes: Record<string, string> = {
      "attachments.claimAttachments": "post_attachments_unused_by_user",
      "attachments.insertAttachmentWithinQuota": "post_attachments_unused_by_user",
      "campaign-weeks.weekHasEvaluatingPosts": "posts_evaluating_by_week",
      "campaigns.currentCampaignCardsQuery": "campaigns_listed_current",
      "campaigns.currentCampaignCardsQuery#2": "campaigns_listed_current",
      "campaigns.pastCampaignCardsQuery": "campaigns_listed_past",
      "campaigns.pastCampaignCardsQuery#2": "campaigns_listed_past",
      "reward-campaigns.listDueCampaignIds": "campaigns_to_start",
      "feedback.feedbackInboxQuery": "feedback_inbox",
      "notification-fanout.recentCampaignAudiencesQuery": "campaigns_by_publication",
      "notification-fanout.recentCampaignAudiencesQuery#2": "campaigns_by_publication",
      "notification-fanout.campaignAudiencesByTitleQuery": "campaigns_by_title",
      "notification-fanout.campaignAudiencesByTitleQuery#2": "campaigns_by_title",
      "feedback.feedbackInboxQuery#2": "feedback_inbox",
      "feedback.feedbackInboxQuery#3": "feedback_inbox",
      "withdrawals.listExpiredVerifying": "withdrawals_verifying",
      "withdrawals.listPendingWithdrawals": "withdrawals_pending",
      "advertiser-deposits.listPendingDeposits": "advertiser_deposits_pending",
      "users.findUserIdByIdOrHandle#2": "users_by_handle",
      "network-accounts.findUserIdByNetworkHandle": "network_accounts_by_handle",
      "reward-campaigns.campaignPacingFacts": "sqlite_autoindex_campaign_pacing_1",
      "notification-fanout.creatorCountQuery": "sqlite_autoindex_user_role_counts_1",
      "campaigns.campaignCardQuery": "sqlite_autoindex_campaign_pool_totals_1",
      "announcements.listUnfinishedAnnouncements": "announcements_unfinished",
      "announcements.announcementPageStatements": "user_roles_by_role",
      "announcements.announcementPageStatements#3": "campaign_memberships_by_campaign",
    };
    const indexesUsed = Object.fromEntries(
      Object.keys(expectedIndexes).map((name) => {
        const plan = planned.find((statement) => statement.name === name)?.plan ?? [];
        return [name, Object.values(expectedIndexes).find((index) => plan.some((row) => row.detail.includes(`INDEX ${index}`))) ?? null];
      }),
    );
    expect(indexesUsed).toEqual(expectedIndexes);
  });

  it("reads balances from the one kept row per account, never from the account's lines", () => {
    // Each used to sum every line the account ever had (docs/decisions/008-ledger-and-rewards.md, migration 0036).
    const balanceReads = [
      "ledger.ownerBalancesQuery",
      "ledger.accountBalances",
      "ledger.userBalancesQuery",
      "post-rewards.markSpentRewardsPaidStatement",
    ];
    const reads = Object.fromEntries(
      balanceReads.map((name) => {
        const details = (planned.find((statement) => statement.name === name)?.plan ?? []).map((row) => row.detail);
        const keptRow = details.some((detail) => /^SEARCH (kept|ledger_balances) USING PRIMARY KEY \(account_id=\?/.test(detail));
        const lines = details.some((detail) => detail.includes("ledger_lines"));
        return [name, { keptRow, lines }];
      }),
    );
    expect(reads).toEqual(Object.fromEntries(balanceReads.map((name) => [name, { keptRow: true, lines: false }])));
  });

  it("reads the advertiser reports from the daily rollups by primary key, not from posts, metrics, lines or conversions", () => {
    // Migration 0029 (docs/decisions/021-advertiser-reports.md): each report statement searches its rollups by the
    // scope's campaigns (or advertiser) and the day range, and touches none of the tables they are kept from.
    const reportPlans = planned.filter(
      (statement) => statement.source.startsWith("reports.report") && /Days|TopCreators/.test(statement.source),
    );
    const rollupReads = (statement: PlannedStatement) =>
      statement.plan
        .map((row) => row.detail)
        .filter((detail) => /^(SEARCH|SCAN) (a|d|e|posts|p|m|line|conversion_events)\b/.test(detail))
        .sort();
    const byCampaignAndDays = "SEARCH d USING PRIMARY KEY (campaign_id=? AND day>? AND day<?)";
    expect(Object.fromEntries(reportPlans.map((statement) => [statement.name, rollupReads(statement)]))).toEqual({
      "reports.reportPostDaysQuery": [byCampaignAndDays],
      "reports.reportSpendDaysQuery": [byCampaignAndDays],
      "reports.reportConversionDaysQuery": ["SEARCH a USING PRIMARY KEY (advertiser_id=? AND day>? AND day<?)"],
      "reports.reportConversionDaysQuery#2": [byCampaignAndDays],
      // Migration 0069 (docs/decisions/049-reports-by-network.md): the same figures per network, by the same key.
      "reports.reportNetworkDaysQuery": [byCampaignAndDays],
      "reports.reportTopCreatorsQuery": [
        byCampaignAndDays,
        "SEARCH e USING PRIMARY KEY (advertiser_id=? AND user_id=? AND day>? AND day<?)",
      ],
    });
  });

  it("has no allowance left that matches nothing", () => {
    const unknownTables = planAllowances.filter((allowance) => !schema.tables.has(allowance.table)).map((allowance) => allowance.table);
    expect(unknownTables, "allowances naming no table of the schema").toEqual([]);
    const unused = planAllowances
      .flatMap((allowance) => (allowance.statements ?? [undefined]).map((statement) => ({ allowance, statement })))
      .filter(
        ({ allowance, statement }) =>
          !planned.some(
            (planned) =>
              (statement === undefined || planned.source === statement) &&
              planned.findings.some((finding) => finding.table === allowance.table),
          ),
      )
      .map(({ allowance, statement }) => `${allowance.table}${statement === undefined ? "" : ` in ${statement}`}`);
    expect(unused, "allowances no statement needs any more: remove them").toEqual([]);
  });

  it("fails a planted full scan and a planted sort of a growing table", async () => {
    const planted: RecordedStatement[] = [
      { source: "planted.postsByContent", sql: `SELECT id FROM posts WHERE content = ?`, values: ["hello"] },
      {
        source: "planted.openFeedbackByContent",
        sql: `SELECT f.id FROM feedback AS f WHERE (f.handled_at IS NOT NULL) = 0 ORDER BY f.content LIMIT 20`,
        values: [],
      },
    ];
    const plantedPlans = await planEveryStatement(planted, schema);
    expect(describeFindings(plantedPlans, (statement) => statement.findings)).toEqual([
      "planted.postsByContent: scan of posts (SCAN posts)",
      "planted.openFeedbackByContent: temp-b-tree of feedback (USE TEMP B-TREE FOR ORDER BY)",
    ]);
  });
});
