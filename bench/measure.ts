/** Measuring tools shared by the benchmarks. */

export type Counter = { queries: number };

/** The same D1 binding, counting what reaches the database. */
export function countingD1(db: D1Database, counter: Counter): D1Database {
  const inner = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property === "first" || property === "all" || property === "run" || property === "raw") {
          return (...args: unknown[]) => {
            counter.queries += 1;
            return Reflect.apply(value, target, args);
          };
        }
        return (...args: unknown[]) => Reflect.apply(value, target, args);
      },
    });
    inner.set(proxy, statement);
    return proxy;
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === "prepare") return (query: string) => wrap(target.prepare(query));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counter.queries += statements.length;
          return target.batch(statements.map((statement) => inner.get(statement) ?? statement));
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (...args: unknown[]) => Reflect.apply(value, target, args) : value;
    },
  });
}

/** The p-th percentile (0–100) of some timings; NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
