import { statusOf } from "./settlement.ts";
import type { RailDeposit, RailPayout } from "./state.ts";
import type { WebhookDelivery } from "./webhooks.ts";
import { escapeHtml, pageMaker } from "../shared/pages.ts";

export const FAIL_SWITCH_PATH = "/emulator/fail-new-payouts";
export const settlePath = (payoutId: string) => `/emulator/payouts/${encodeURIComponent(payoutId)}/settle`;

const STYLE = `
  :root { color-scheme: light dark; --accent: #635bff; --text: #1a1f36; --muted: #5b6478; --line: #d8dde6;
    --surface: #ffffff; --page: #f6f8fb; --ok: #1a7f37; --bad: #b3261e; --wait: #8a5a00; }
  @media (prefers-color-scheme: dark) { :root { --accent: #a29bff; --text: #e6e9f2; --muted: #9aa3b5; --line: #343a4a;
    --surface: #171b26; --page: #0e111a; --ok: #56d364; --bad: #f4877f; --wait: #e3b341; } }
  main { max-width: 72rem; }
  h2 { font-size: 1.1rem; margin: 0 0 .75rem; }
  .card { background: var(--surface); border: 1px solid var(--line); border-radius: .75rem; padding: 1rem 1.25rem; margin: 1rem 0; }
  .switch { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
  .switch p { margin: 0; flex: 1; min-width: 16rem; }
  button.danger { background: var(--bad); border-color: var(--bad); }
  button.small { min-height: 36px; padding: .25rem .8rem; font-size: .875rem; }
  table { width: 100%; border-collapse: collapse; font-size: .9rem; }
  caption { text-align: left; color: var(--muted); padding-bottom: .5rem; }
  th, td { text-align: left; padding: .45rem .5rem; border-top: 1px solid var(--line); vertical-align: top; }
  td.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .scroll { overflow-x: auto; }
  .status { font-weight: 700; }
  .status.completed { color: var(--ok); } .status.failed { color: var(--bad); } .status.pending { color: var(--wait); }
`;

const page = pageMaker("Payout rail emulator · a local stand-in for a payout provider", STYLE);

const timeFormat = (at: number) => `${new Date(at).toISOString().replace("T", " ").slice(0, 19)} UTC`;

function payoutRow(payout: RailPayout): string {
  const status = statusOf(payout);
  const reason =
    status === "failed" && payout.outcomeReason !== null ? `<br><span class="muted">${escapeHtml(payout.outcomeReason)}</span>` : "";
  const when =
    payout.settledAt === null
      ? `<span class="muted">due ${timeFormat(payout.settlesAt)}</span>
<form method="post" action="${escapeHtml(settlePath(payout.id))}"><button type="submit" class="small">Settle now</button></form>`
      : timeFormat(payout.settledAt);
  return `<tr><td><code>${escapeHtml(payout.id)}</code></td><td><code>${escapeHtml(payout.withdrawalId)}</code></td>
<td class="number">${payout.amount.toLocaleString("en-US")} <span class="muted">${escapeHtml(payout.currency)}</span></td>
<td>${escapeHtml(payout.network)}<br><code>${escapeHtml(payout.address)}</code></td>
<td><span class="status ${status}">${status}</span>${reason}</td>
<td>${timeFormat(payout.createdAt)}</td><td>${when}</td></tr>`;
}

function depositRow(deposit: RailDeposit): string {
  const status = deposit.settledAt === null ? "pending" : "completed";
  const when =
    deposit.settledAt === null ? `<span class="muted">due ${timeFormat(deposit.settlesAt)}</span>` : timeFormat(deposit.settledAt);
  return `<tr><td><code>${escapeHtml(deposit.id)}</code></td><td><code>${escapeHtml(deposit.depositId)}</code></td>
<td class="number">${deposit.amount.toLocaleString("en-US")} <span class="muted">${escapeHtml(deposit.currency)}</span></td>
<td><span class="status ${status}">${status}</span></td><td>${timeFormat(deposit.createdAt)}</td><td>${when}</td></tr>`;
}

function depositsTable(deposits: RailDeposit[]): string {
  if (deposits.length === 0) {
    return `<p class="muted">No deposits yet. They arrive through <code>POST /v1/deposits</code> when an advertiser adds funds.</p>`;
  }
  return `<div class="scroll"><table>
<caption>Newest first. Amounts in the currency's smallest unit.</caption>
<thead><tr><th scope="col">Deposit</th><th scope="col">Deposit id</th><th scope="col">Amount</th><th scope="col">Status</th>
<th scope="col">Created</th><th scope="col">Completed</th></tr></thead>
<tbody>
${[...deposits].reverse().map(depositRow).join("\n")}
</tbody>
</table></div>`;
}

function webhooksSection(webhookUrl: string | null, deliveries: readonly WebhookDelivery[]): string {
  if (webhookUrl === null)
    return `<p class="muted">No webhook is configured (PAYOUT_EMULATOR_WEBHOOK_URL): the app learns of settled payouts by asking.</p>`;
  const rows = deliveries
    .map(
      (delivery) => `<tr><td><code>${escapeHtml(delivery.eventId)}</code></td><td>${escapeHtml(delivery.type)}</td>
<td><code>${escapeHtml(delivery.withdrawalId)}</code></td><td class="number">${delivery.attempts}</td>
<td><span class="status ${delivery.delivered ? "completed" : "pending"}">${escapeHtml(delivery.lastResult)}</span></td></tr>`,
    )
    .join("\n");
  return `<p>Settled payouts are announced to <code>${escapeHtml(webhookUrl)}</code>, signed in <code>Payout-Signature</code>.</p>
${
  deliveries.length === 0
    ? `<p class="muted">No deliveries since the rail started.</p>`
    : `<div class="scroll"><table>
<caption>Since the rail started, newest first.</caption>
<thead><tr><th scope="col">Event</th><th scope="col">Type</th><th scope="col">Withdrawal</th><th scope="col">Attempts</th>
<th scope="col">App's answer</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>`
}`;
}

export function homePage(options: {
  payouts: RailPayout[];
  deposits?: RailDeposit[];
  failNewPayouts: boolean;
  settleMs: number;
  webhookUrl?: string | null;
  webhookDeliveries?: readonly WebhookDelivery[];
}): string {
  const deposits = options.deposits ?? [];
  const payouts = [...options.payouts].reverse();
  const table =
    payouts.length === 0
      ? `<p class="muted">No payouts yet. They arrive through <code>POST /v1/payouts</code> when a withdrawal is confirmed.</p>`
      : `<div class="scroll"><table>
<caption>Newest first. Amounts in the currency's smallest unit.</caption>
<thead><tr><th scope="col">Payout</th><th scope="col">Withdrawal</th><th scope="col">Amount</th><th scope="col">Destination</th>
<th scope="col">Status</th><th scope="col">Created</th><th scope="col">Settled</th></tr></thead>
<tbody>
${payouts.map(payoutRow).join("\n")}
</tbody>
</table></div>`;
  const switchState = options.failNewPayouts
    ? `<p><strong>On:</strong> every new payout fails when it settles (“the rail could not complete the payout”).</p>
<button type="submit" name="fail" value="off">Stop failing new payouts</button>`
    : `<p><strong>Off:</strong> new payouts complete, except to addresses ending in <code>dead</code>.</p>
<button type="submit" name="fail" value="on" class="danger">Fail every new payout</button>`;
  return page(
    "Payout rail",
    `<h1>Payout rail</h1>
<section class="card" aria-labelledby="switch-heading">
<h2 id="switch-heading">Fail every new payout</h2>
<form class="switch" method="post" action="${FAIL_SWITCH_PATH}">
${switchState}
</form>
</section>
<section class="card" aria-labelledby="payouts-heading">
<h2 id="payouts-heading">Payouts (${payouts.length})</h2>
${table}
</section>
<section class="card" aria-labelledby="deposits-heading">
<h2 id="deposits-heading">Deposits (${deposits.length})</h2>
${depositsTable(deposits)}
</section>
<section class="card" aria-labelledby="webhooks-heading">
<h2 id="webhooks-heading">Webhooks</h2>
${webhooksSection(options.webhookUrl ?? null, options.webhookDeliveries ?? [])}
</section>
<section class="card" aria-labelledby="rules-heading">
<h2 id="rules-heading">How it behaves</h2>
<ul>
<li>A payout is <strong>pending</strong> for ${(options.settleMs / 1000).toLocaleString("en-US")} s, then <strong>completed</strong>
or <strong>failed</strong> (it was decided when the payout was created).</li>
<li>Any address whose lower-case form ends in <code>dead</code> fails with “the rail refused the destination address”.</li>
<li><code>POST /v1/payouts</code> with <code>Authorization: Bearer {key}</code> and <code>Idempotency-Key: {withdrawalId}</code>;
<code>GET /v1/payouts/{id}</code>; <code>GET /v1/payouts/by-withdrawal/{withdrawalId}</code>.</li>
<li>A deposit (<code>POST /v1/deposits</code> with <code>Idempotency-Key: {depositId}</code> and <code>{ depositId, amount, currency }</code>;
<code>GET /v1/deposits/by-id/{depositId}</code>) is <strong>pending</strong> for the same delay, then <strong>completed</strong>.</li>
</ul>
</section>`,
  );
}

export function notFoundPage(path: string): string {
  return page(
    "Not found · Payout rail",
    `<h1>Nothing here</h1><p>No page at <code>${escapeHtml(path)}</code>. <a href="/">Payout rail home</a></p>`,
  );
}
