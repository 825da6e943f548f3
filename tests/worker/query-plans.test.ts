import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { planAllowances, type PlanAllowance } from "./query-plan-allowances.ts";
import { planFindings, type PlanFinding, type PlanRow } from "./query-plan-findings.ts";
import { modulesWithoutStatements, statementCatalog } from "./statement-catalog.ts";
import { StatementRecorder, type RecordedStatement } from "./statement-recorder.ts";

/*
 * The plan check (docs/decisions/033-bounded-statements.md): every statement the db layer can send, collected by
 * calling every exported function of worker/db against a recorder (tests/worker/statement-catalog.ts), is planned by
 * `EXPLAIN QUERY PLAN` on the migrated schema in workerd's SQLite, as D1 runs it (no ANALYZE, so no sqlite_stat1). A
 * full scan or a temp B-tree over a table that grows with use fails, unless tests/worker/query-plan-allowances.ts
 * names the table as bounded and says why.
 */

const dbModules = import.meta.glob<Record<string, unknown>>("../../worker/db/*.ts", { eager: true });
const moduleName = (path: string) => path.replace(/^.*\/(.+)\.ts$/, "$1");

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

async function tablesOfSchema(): Promise<Set<string>> {
  const { results } = await env.DB.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'`,
  ).all<{ name: string }>();
  return new Set(results.map((row) => row.name));
}

async function explain(statement: RecordedStatement): Promise<PlanRow[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.values)
    .all<PlanRow>();
  return results;
}

/** One entry per distinct statement of each function, named `module.function` (with `#n` for its n-th other statement). */
async function planEveryStatement(statements: readonly RecordedStatement[], tables: ReadonlySet<string>): Promise<PlannedStatement[]> {
  const distinct = new Map<string, RecordedStatement>();
  for (const statement of statements) distinct.set(`${statement.source}\n${statement.sql}`, statement);
  const perSource = new Map<string, number>();
  const planned: PlannedStatement[] = [];
  for (const statement of distinct.values()) {
    const index = (perSource.get(statement.source) ?? 0) + 1;
    perSource.set(statement.source, index);
    const name = index === 1 ? statement.source : `${statement.source}#${index}`;
    const plan = await explain(statement);
    planned.push({ ...statement, name, plan, findings: planFindings(statement.sql, plan, tables) });
  }
  return planned;
}

const isAllowed = (statement: PlannedStatement, finding: PlanFinding) => (allowance: PlanAllowance) =>
  allowance.table === finding.table && (allowance.statements === undefined || allowance.statements.includes(statement.source));

function describeFindings(statements: readonly PlannedStatement[], findings: (statement: PlannedStatement) => PlanFinding[]): string[] {
  return statements.flatMap((statement) =>
    findings(statement).map((finding) => `${statement.name}: ${finding.kind} of ${finding.table} (${finding.detail})`),
  );
}

describe("the plan of every statement the db layer can send", () => {
  let tables: Set<string>;
  let planned: PlannedStatement[];

  beforeAll(async () => {
    tables = await tablesOfSchema();
    planned = await planEveryStatement(await collectStatements(), tables);
  });

  it("is collected from every exported function of worker/db", () => {
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
        .filter((name) => typeof dbModules[`../../worker/db/${module}.ts`]?.[name] !== "function")
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

  it("has no allowance left that matches nothing", () => {
    const unknownTables = planAllowances.filter((allowance) => !tables.has(allowance.table)).map((allowance) => allowance.table);
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
        source: "planted.pendingDepositsByAmount",
        sql: `SELECT d.id FROM advertiser_deposits AS d WHERE d.status = 'pending' ORDER BY d.amount DESC LIMIT 20`,
        values: [],
      },
    ];
    const plantedPlans = await planEveryStatement(planted, tables);
    expect(describeFindings(plantedPlans, (statement) => statement.findings)).toEqual([
      "planted.postsByContent: scan of posts (SCAN posts)",
      "planted.pendingDepositsByAmount: temp-b-tree of advertiser_deposits (USE TEMP B-TREE FOR ORDER BY)",
    ]);
  });
});
