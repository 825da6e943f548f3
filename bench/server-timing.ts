/**
 * Reading the `Server-Timing` header the worker sets on every page (worker/timings.ts): entries `name;dur=<ms>` with
 * an optional `;desc="…"`, in the order session, brand, q-*, render, d1, total.
 */
export type ServerTimingEntry = { name: string; durMs: number; desc?: string };

export function parseServerTiming(header: string | null | undefined): ServerTimingEntry[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => {
      const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim());
      const entry: ServerTimingEntry = { name, durMs: Number.NaN };
      for (const parameter of parameters) {
        const [key, ...rest] = parameter.split("=");
        const value = rest.join("=").replace(/^"(.*)"$/, "$1");
        if (key === "dur") entry.durMs = Number(value);
        if (key === "desc") entry.desc = value;
      }
      return entry;
    });
}

/** The D1 round trips a response reports (`d1;desc="<n> round trips"`), 0 when it reports none. */
export function d1RoundTrips(entries: ServerTimingEntry[]): number {
  const desc = entries.find((entry) => entry.name === "d1")?.desc;
  return desc === undefined ? 0 : Number(/^(\d+)/.exec(desc)?.[1] ?? Number.NaN);
}

export type D1Figures = { roundTrips: number; statements: number; rowsRead: number; rowsWritten: number; ms: number };

/**
 * The D1 figures a response reports in its `d1` entry (`desc="<n> round trips / <n> statements / <n> rows read / <n> rows
 * written"`, worker/timings.ts); all zero when it made no D1 call.
 */
export function d1Figures(entries: ServerTimingEntry[]): D1Figures {
  const entry = entries.find((candidate) => candidate.name === "d1");
  const count = (label: string) => Number(new RegExp(`(\\d+) ${label}`).exec(entry?.desc ?? "")?.[1] ?? 0);
  return {
    roundTrips: count("round trips?"),
    statements: count("statements"),
    rowsRead: count("rows read"),
    rowsWritten: count("rows written"),
    ms: entry?.durMs ?? 0,
  };
}
