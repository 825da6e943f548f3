import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { insertAdvertiserStatement } from "../worker/db/advertisers.ts";
import { createMailEmulator } from "../emulators/mail/server.ts";
import { createPayoutRailEmulator } from "../emulators/payout-rail/server.ts";
import { createXEmulator } from "../emulators/x/server.ts";
import { buildAdvertiser } from "../fixtures/factories.ts";
import { localSecret } from "../scripts/dev-vars.ts";
import { emulatorUrls, wranglerDevArgs } from "../scripts/local-emulators.ts";
import { latestCodeSentTo } from "../tests/support/outbox.ts";
import { settlePayoutNow } from "../tests/support/payout-rail.ts";
import { expect, signInAs, test } from "./fixtures";
import { serverBindings } from "./server-database";
import { accessTokenOf, addVerifiedWallet, earnRewards, userIdOf, verifyEmail } from "./withdrawals-setup";

/**
 * The SIGKILL test of issue 10: the real worker (the production build under `wrangler dev`, as `npm start` serves it)
 * on a database of its own, beside the emulators (run in this process, so they outlive the worker as outside services
 * do). A withdrawal is requested and verified — handed to the payout rail — and then the worker's whole process
 * group (wrangler and workerd) is killed with SIGKILL before any settlement ran. The rail pays; the worker is started
 * again on the same state, the scheduler ticks, and the withdrawal is completed exactly once: one payout at the rail,
 * one withdrawal-payout entry, the hold empty. Then the same again, killed while the scheduler's settlement runs.
 *
 * It needs the build (`npm run build`), so it lives in the end-to-end layer, which runs after the build.
 */

const root = resolve(".");
const wrangler = join(root, "node_modules", ".bin", "wrangler");

/** What scripts/sandbox-env.sh gives every npm script: wrangler keeps its files in the project and stays offline. */
function wranglerEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_LOG_PATH: join(root, ".wrangler/logs"),
    WRANGLER_REGISTRY_PATH: join(root, ".wrangler/registry"),
    MINIFLARE_REGISTRY_PATH: join(root, ".wrangler/registry"),
    CLOUDFLARE_DEV_REGISTRY_PATH: join(root, ".wrangler/registry"),
    XDG_CONFIG_HOME: join(root, ".wrangler/config"),
  };
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once("error", () => done(false));
    server.listen(port, "127.0.0.1", () => server.close(() => done(true)));
  });
}

/** A port P with P, P + 3, P + 4 and P + 5 free (the app and its emulators, as scripts/start.ts lays them out). */
async function freePorts(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const free = await Promise.all([0, 3, 4, 5].map((offset) => portIsFree(port + offset)));
    if (free.every(Boolean)) return port;
  }
  throw new Error("No free ports for the crash test");
}

async function waitForPing(origin: string, worker: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (worker.exitCode !== null || worker.signalCode !== null) throw new Error(`The worker exited while starting:\n${output()}`);
    try {
      if ((await fetch(`${origin}/ping`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`The worker did not answer at ${origin}/ping:\n${output()}`);
}

type Worker = { process: ChildProcess; output: () => string };

/** `wrangler dev` on the build, in a process group of its own so the whole group can be killed at once. */
async function startWorker(port: number, persistTo: string): Promise<Worker> {
  const origin = `http://127.0.0.1:${port}`;
  const urls = emulatorUrls(port);
  const child = spawn(
    wrangler,
    wranglerDevArgs(port, persistTo, {
      X_AUTHORIZE_URL: `${urls.x}/i/oauth2/authorize`,
      X_API_BASE_URL: urls.x,
      MAIL_API_URL: urls.mail,
      PAYOUT_API_URL: urls.payout,
      APP_ORIGINS: `${origin},http://localhost:${port}`,
    }),
    { cwd: root, env: wranglerEnv(), detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  await waitForPing(origin, child, () => log);
  return { process: child, output: () => log };
}

/** SIGKILL to the worker's whole process group (wrangler and the workerd it runs): no shutdown, no flush, nothing. */
async function killWorker(worker: Worker, origin: string): Promise<void> {
  const pid = worker.process.pid;
  if (pid === undefined) throw new Error("The worker has no pid");
  const exited = new Promise((done) => worker.process.once("exit", done));
  process.kill(-pid, "SIGKILL");
  await exited;
  // workerd is gone too: nothing answers any more.
  await expect
    .poll(async () => {
      try {
        await fetch(`${origin}/ping`, { signal: AbortSignal.timeout(1000) });
        return "answering";
      } catch {
        return "gone";
      }
    })
    .toBe("gone");
}

async function api(
  request: APIRequestContext,
  token: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await request.fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} ${url} answered ${response.status()}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

test("a withdrawal survives a SIGKILL of the worker between verification and settlement, completed exactly once", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const persistTo = mkdtempSync(join(tmpdir(), "chorus-crash-"));
  const port = await freePorts();
  const origin = `http://127.0.0.1:${port}`;
  const railUrl = `http://127.0.0.1:${port + 5}`;
  const railState = join(persistTo, "payout-rail.json");
  const emulators = [
    createXEmulator({
      port: port + 3,
      statePath: join(persistTo, "x.json"),
      clientId: "chorus-local",
      clientSecret: localSecret("X_CLIENT_SECRET"),
      redirectUris: [],
      allowLocalRedirects: true,
    }),
    createMailEmulator({ port: port + 4, statePath: join(persistTo, "mail.json"), apiKey: localSecret("MAIL_API_KEY") }),
    // Payouts stay pending until the test settles them: the kill always comes before the rail has paid.
    createPayoutRailEmulator({ port: port + 5, statePath: railState, apiKey: localSecret("PAYOUT_API_KEY"), settleMs: 10 * 60_000 }),
  ];
  await Promise.all(emulators.map((emulator) => emulator.start()));
  const migrated = spawnSync(process.execPath, ["scripts/migrate.ts"], {
    cwd: root,
    env: { ...wranglerEnv(), CHORUS_PERSIST_TO: persistTo },
    encoding: "utf8",
  });
  expect(migrated.status, `${migrated.stdout}\n${migrated.stderr}`).toBe(0);

  let worker = await startWorker(port, persistTo);
  const proxy = await serverBindings(persistTo);
  const context = await browser.newContext({ baseURL: origin });
  try {
    const db = proxy.env.DB;
    const page = await context.newPage();
    const handle = `crash_${Date.now().toString(36)}`;
    await signInAs(page, handle, "/profile");
    const userId = await userIdOf(db, handle);
    const token = await accessTokenOf(page);
    await page.close();
    const advertiser = buildAdvertiser(`crash-${Date.now().toString(36)}`, Date.now());
    await insertAdvertiserStatement(db, advertiser).run();
    const posts = await earnRewards(db, userId, `crash-${handle}`, [3_000_000, 2_000_000], advertiser.id);
    const email = `${handle}@example.com`;
    await verifyEmail(request, origin, token, email);
    const wallet = await addVerifiedWallet(request, origin, token);

    const withdraw = async (amount: number) => {
      const created = await api(
        request,
        token,
        "POST",
        `${origin}/v1/withdrawal?page_path=%2Fprofile`,
        { walletId: wallet.id, amount, currency: "USDC" },
        {
          "Idempotency-Key": crypto.randomUUID(),
        },
      );
      const withdrawal = created.withdrawal as { id: string };
      const code = await latestCodeSentTo(`http://127.0.0.1:${port + 4}`, email);
      const verified = await api(request, token, "POST", `${origin}/v1/withdrawal/${withdrawal.id}/verify`, { code });
      expect(verified.status).toBe("pending");
      return withdrawal.id;
    };
    const payoutsAtTheRail = (withdrawalId: string) => {
      const state = JSON.parse(readFileSync(railState, "utf8")) as { payouts: { id: string; withdrawalId: string }[] };
      return state.payouts.filter((payout) => payout.withdrawalId === withdrawalId);
    };
    const ledgerOf = async (withdrawalId: string) => {
      const entries = await db
        .prepare(`SELECT kind FROM ledger_entries WHERE idempotency_key IN (?, ?, ?) ORDER BY id`)
        .bind(`withdrawal-hold:${withdrawalId}`, `withdrawal-payout:${withdrawalId}`, `withdrawal-release:${withdrawalId}`)
        .all<{ kind: string }>();
      return entries.results.map((entry) => entry.kind);
    };
    const balance = async (kind: string) =>
      db
        .prepare(`SELECT COALESCE(SUM(amount), 0) AS total FROM ledger_lines WHERE account_id = ?`)
        .bind(`${kind}:${userId}:USDC`)
        .first<number>("total");
    const statusOf = async (withdrawalId: string) =>
      db.prepare(`SELECT status FROM withdrawals WHERE id = ?`).bind(withdrawalId).first<string>("status");
    const tickUntilSettled = async (withdrawalId: string) => {
      await expect
        .poll(
          async () => {
            await request.get(`${origin}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`);
            return statusOf(withdrawalId);
          },
          { timeout: 60_000, intervals: [500, 1000, 2000] },
        )
        .toBe("completed");
    };

    // 1. Verified and handed to the rail; the worker dies before any settlement ran.
    const first = await withdraw(3_000_000);
    const [payout] = payoutsAtTheRail(first);
    expect(payout).toBeDefined();
    expect(await statusOf(first)).toBe("pending");
    await killWorker(worker, origin);
    // The rail pays while the worker is down.
    await settlePayoutNow(railUrl, payout?.id ?? "");
    worker = await startWorker(port, persistTo);
    await tickUntilSettled(first);
    expect(payoutsAtTheRail(first)).toHaveLength(1);
    expect(await ledgerOf(first)).toEqual(["withdrawal-hold", "withdrawal-payout"]);
    expect(await balance("creator-withdrawal-hold")).toBe(0);
    expect(await balance("creator-paid-out")).toBe(3_000_000);
    expect(await db.prepare(`SELECT status FROM posts WHERE id = ?`).bind(posts[0]).first<string>("status")).toBe("paid");

    // 2. Killed while the scheduler's settlement of a paid withdrawal is under way.
    const second = await withdraw(2_000_000);
    const [secondPayout] = payoutsAtTheRail(second);
    await settlePayoutNow(railUrl, secondPayout?.id ?? "");
    void fetch(`${origin}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`).catch(() => undefined);
    await new Promise((done) => setTimeout(done, 25));
    await killWorker(worker, origin);
    worker = await startWorker(port, persistTo);
    await tickUntilSettled(second);
    await request.get(`${origin}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`);
    expect(payoutsAtTheRail(second)).toHaveLength(1);
    expect(await ledgerOf(second)).toEqual(["withdrawal-hold", "withdrawal-payout"]);
    expect(await ledgerOf(first)).toEqual(["withdrawal-hold", "withdrawal-payout"]);
    expect(await balance("creator-withdrawal-hold")).toBe(0);
    expect(await balance("creator-paid-out")).toBe(5_000_000);
    expect(await balance("creator-available")).toBe(0);
    const statuses = await db
      .prepare(`SELECT status FROM posts WHERE id IN (?, ?) ORDER BY id`)
      .bind(posts[0], posts[1])
      .all<{ status: string }>();
    expect(statuses.results.map((row) => row.status)).toEqual(["paid", "paid"]);
    const notifications = await db
      .prepare(`SELECT COUNT(*) AS n FROM notifications WHERE dedupe_key IN (?, ?)`)
      .bind(`transaction-completed:${first}`, `transaction-completed:${second}`)
      .first<number>("n");
    expect(notifications).toBe(2);
  } finally {
    await context.close();
    await proxy.dispose();
    const pid = worker.process.pid;
    if (pid !== undefined && worker.process.exitCode === null && worker.process.signalCode === null) {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // already gone
      }
      await new Promise((done) => worker.process.once("exit", done));
    }
    await Promise.all(emulators.map((emulator) => emulator.stop()));
    rmSync(persistTo, { recursive: true, force: true });
  }
});
