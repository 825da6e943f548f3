/**
 * First-load bytes per route: the gzip size of every JS and CSS file the page's HTML names, read from the build that
 * served it, against the budgets of issue 14 (140 KB on public pages, 160 KB signed in; KB = 1,024 bytes).
 */
import { join } from "node:path";
import { firstLoadAssets, gzipBytes } from "./first-load-bytes.ts";
import { get, type GetTarget } from "./http-get.ts";

const KB = 1024;
export const firstLoadBudgets = { public: 140 * KB, signedIn: 160 * KB } as const;

type Page = { name: string; audience: keyof typeof firstLoadBudgets; target: GetTarget };

export function firstLoadPages(cookie: string): Page[] {
  const signedIn = { Cookie: cookie };
  return [
    { name: "home, signed out", audience: "public", target: { path: "/" } },
    { name: "landing (aurora.localhost)", audience: "public", target: { host: "aurora.localhost", path: "/landing/aurora" } },
    { name: "article", audience: "public", target: { path: "/articles/terms" } },
    { name: "invitation", audience: "public", target: { path: "/invitation/invite-lumen-insiders" } },
    { name: "not allowed", audience: "public", target: { path: "/not-allowed" } },
    { name: "page not found", audience: "public", target: { path: "/no-such-page" } },
    { name: "dashboard", audience: "signedIn", target: { path: "/", headers: signedIn } },
    { name: "campaign", audience: "signedIn", target: { path: "/campaign/campaign-aurora-launch", headers: signedIn } },
    { name: "profile", audience: "signedIn", target: { path: "/profile", headers: signedIn } },
  ];
}

export type FirstLoadRow = {
  page: string;
  path: string;
  status: number;
  gzipBytes: number;
  files: number;
  budgetBytes: number;
  withinBudget: boolean;
  /** Every file, largest first. */
  assets: { path: string; gzip: number }[];
};

export async function measureFirstLoad(origin: string, buildDir: string, cookie: string): Promise<FirstLoadRow[]> {
  const rows: FirstLoadRow[] = [];
  for (const { name, audience, target } of firstLoadPages(cookie)) {
    const response = await get(origin, target);
    const assets = firstLoadAssets(response.body);
    if (assets.length === 0) throw new Error(`${target.path} (${response.status}) names no scripts: is it a page of the app?`);
    const bytes = gzipBytes(assets, join(buildDir, "client"));
    rows.push({
      page: name,
      path: target.path,
      status: response.status,
      gzipBytes: bytes.total,
      files: bytes.files.length,
      budgetBytes: firstLoadBudgets[audience],
      withinBudget: bytes.total <= firstLoadBudgets[audience],
      assets: [...bytes.files].sort((a, b) => b.gzip - a.gzip),
    });
  }
  return rows;
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

export function printFirstLoad(rows: FirstLoadRow[]): void {
  console.log("\nFirst-load JS + CSS per page (gzip at zlib's default level, files named by the HTML), KB = 1,024 bytes");
  console.table(
    rows.map((row) => ({
      page: row.page,
      path: row.path,
      status: row.status,
      "KB gzip": kb(row.gzipBytes),
      files: row.files,
      "budget KB": kb(row.budgetBytes),
      budget: row.withinBudget ? "within" : "over",
      "largest files (KB)": row.assets
        .slice(0, 3)
        .map((file) => `${file.path.replace(/^\/assets\//, "")} ${kb(file.gzip)}`)
        .join(", "),
    })),
  );
}
