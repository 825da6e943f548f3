/**
 * The plan check's instrument (tests/worker/plans/query-plans.test.ts): a D1 binding that runs nothing and writes down every
 * statement prepared through it, with the values last bound to it and the name of the db function being collected.
 * Every read answers no rows and every write changes nothing, so a function whose later statements depend on an
 * earlier answer is called again by the catalog with the arguments that reach them.
 */

export type RecordedStatement = { source: string; sql: string; values: readonly unknown[] };

const emptyResult: D1Result<never> = {
  results: [],
  success: true,
  meta: { duration: 0, size_after: 0, rows_read: 0, rows_written: 0, last_row_id: 0, changed_db: false, changes: 0 },
};

class RecordingStatement {
  constructor(private readonly record: RecordedStatement) {}

  bind(...values: unknown[]): RecordingStatement {
    this.record.values = values;
    return this;
  }

  first(): Promise<null> {
    return Promise.resolve(null);
  }

  run(): Promise<D1Result<never>> {
    return Promise.resolve(emptyResult);
  }

  all(): Promise<D1Result<never>> {
    return Promise.resolve(emptyResult);
  }

  raw(): Promise<never[]> {
    return Promise.resolve([]);
  }
}

export class StatementRecorder {
  readonly statements: RecordedStatement[] = [];
  /** The db function being collected: every statement prepared now is attributed to it. */
  source = "";

  /** The recorder as the D1 binding the db layer takes. */
  readonly db: D1Database = this.recordingDatabase();

  private recordingDatabase(): D1Database {
    const record = (sql: string) => {
      const recorded = { source: this.source, sql, values: [] as readonly unknown[] };
      this.statements.push(recorded);
      return new RecordingStatement(recorded);
    };
    const database = {
      prepare: record,
      batch: (statements: readonly unknown[]) => Promise.resolve(statements.map(() => emptyResult)),
      exec: () => {
        throw new Error("the db layer sends statements through prepare(), never exec()");
      },
      withSession: () => database,
    };
    return database as unknown as D1Database;
  }
}
