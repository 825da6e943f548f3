import { createHash } from "node:crypto";
import type { PublicMetrics } from "./metrics.ts";
import type { XAccount, XTweet } from "./state.ts";
import { NETWORK_PAGE_STYLE, escapeHtml, pageMaker } from "../shared/pages.ts";

const STYLE = `
  :root { color-scheme: light dark; --accent: #1d9bf0; --text: #0f1419; --muted: #536471; --line: #cfd9de;
    --surface: #ffffff; --page: #f7f9f9; --danger: #b3261e; }
  @media (prefers-color-scheme: dark) { :root { --text: #e7e9ea; --muted: #9aa4ad; --line: #38444d;
    --surface: #15202b; --page: #0b1117; --danger: #f4877f; } }
  ul.plain { list-style: none; padding: 0; margin: 0; }
  ul.plain li { display: flex; align-items: center; gap: .75rem; padding: .5rem 0; border-top: 1px solid var(--line); }
  ul.plain li:first-child { border-top: 0; }
  .who { flex: 1; min-width: 0; overflow-wrap: anywhere; }
  .who small { display: block; color: var(--muted); }
  img.avatar { width: 40px; height: 40px; border-radius: 50%; flex: none; }
  button.secondary { background: transparent; color: var(--text); border-color: var(--line); width: 100%; }
  button:hover { filter: brightness(1.08); }
  .actions { margin-top: 1rem; }
  ${NETWORK_PAGE_STYLE}
`;

const page = pageMaker("X emulator · a local stand-in for x.com", STYLE);

const SCOPE_DESCRIPTIONS: Record<string, string> = {
  "tweet.read": "See posts, including those from protected accounts you follow.",
  "tweet.write": "Post and delete posts for you.",
  "users.read": "See your profile information.",
  "offline.access": "Stay connected to your account until you revoke access.",
  "media.write": "Upload media for you.",
  "like.read": "See posts you liked.",
  "follows.read": "See who you follow and who follows you.",
};

/** The authorize request's parameters, echoed into each form so the decision can be checked again. */
export type AuthorizeFormFields = Record<string, string>;

function hiddenFields(fields: AuthorizeFormFields): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
}

export const DECIDE_PATH = "/i/oauth2/authorize/decide";

export function authorizePage(options: {
  clientId: string;
  scopes: string[];
  accounts: XAccount[];
  fields: AuthorizeFormFields;
  avatarUrl: (account: XAccount) => string;
  error?: string;
  entered?: { username: string; name: string };
}): string {
  const { clientId, scopes, accounts, fields } = options;
  const hidden = hiddenFields(fields);
  const permissions = scopes
    .map(
      (scope) =>
        `<li>${escapeHtml(SCOPE_DESCRIPTIONS[scope] ?? scope)} <span class="muted">(<code>${escapeHtml(scope)}</code>)</span></li>`,
    )
    .join("\n");
  const accountList =
    accounts.length === 0
      ? `<p class="muted">No test accounts yet. Create one below.</p>`
      : `<form method="post" action="${DECIDE_PATH}">
${hidden}
<input type="hidden" name="decision" value="approve">
<ul class="plain">
${accounts
  .map(
    (account) => `<li>
<img class="avatar" src="${escapeHtml(options.avatarUrl(account))}" alt="">
<span class="who">${escapeHtml(account.name)}<small>@${escapeHtml(account.username)}</small></span>
<button type="submit" name="account_id" value="${escapeHtml(account.id)}">Sign in as @${escapeHtml(account.username)}</button>
</li>`,
  )
  .join("\n")}
</ul>
</form>`;
  const error = options.error === undefined ? "" : `<p class="error" role="alert">${escapeHtml(options.error)}</p>`;
  return page(
    `Authorize ${clientId} · X emulator`,
    `<h1>${escapeHtml(clientId)} wants to access your X account</h1>
<section class="card" aria-labelledby="permissions-heading">
<h2 id="permissions-heading">Things this App will be able to do</h2>
<ul>
${permissions}
</ul>
</section>
${error}
<section class="card" aria-labelledby="accounts-heading">
<h2 id="accounts-heading">Choose a test account</h2>
${accountList}
</section>
<section class="card" aria-labelledby="create-heading">
<h2 id="create-heading">Create a test account</h2>
<form method="post" action="${DECIDE_PATH}">
${hidden}
<input type="hidden" name="decision" value="create">
<label for="username">Handle</label>
<input type="text" id="username" name="username" required maxlength="16" pattern="@?[A-Za-z0-9_]{1,15}"
  autocomplete="off" autocapitalize="none" spellcheck="false" aria-describedby="username-hint"
  value="${escapeHtml(options.entered?.username ?? "")}">
<p class="hint" id="username-hint">1 to 15 letters, digits or underscores, without the @.</p>
<label for="name">Display name</label>
<input type="text" id="name" name="name" maxlength="50" autocomplete="off" aria-describedby="name-hint"
  value="${escapeHtml(options.entered?.name ?? "")}">
<p class="hint" id="name-hint">Optional; the handle is used when left empty.</p>
<div class="actions"><button type="submit">Create and sign in</button></div>
</form>
</section>
<form method="post" action="${DECIDE_PATH}">
${hidden}
<input type="hidden" name="decision" value="cancel">
<button type="submit" class="secondary">Cancel</button>
</form>`,
  );
}

/** X's own wording when an authorize request is bad; the detail says what exactly, which X does not. */
export function authorizeErrorPage(detail: string): string {
  return page(
    "Something went wrong · X emulator",
    `<h1>Something went wrong</h1>
<div class="card">
<p>You weren’t able to give access to the App. Go back and try logging in again.</p>
<p class="error" role="alert">${escapeHtml(detail)}</p>
</div>`,
  );
}

export function notFoundPage(path: string): string {
  return page(
    "Not found · X emulator",
    `<h1>Nothing here</h1><p>No page at <code>${escapeHtml(path)}</code>. <a href="/">Emulator home</a></p>`,
  );
}

const dateFormat = (at: number) => new Date(at).toISOString().replace("T", " ").slice(0, 16);

export function indexPage(options: {
  clientId: string;
  redirectUris: string[];
  allowLocalRedirects: boolean;
  accounts: XAccount[];
  tweets: { tweet: XTweet; author: XAccount | undefined; metrics: PublicMetrics | null }[];
  avatarUrl: (account: XAccount) => string;
}): string {
  const accounts =
    options.accounts.length === 0
      ? `<p class="muted">No accounts yet. They are created on the authorize page.</p>`
      : `<ul class="plain">${options.accounts
          .map(
            (account) => `<li><img class="avatar" src="${escapeHtml(options.avatarUrl(account))}" alt="">
<span class="who">${escapeHtml(account.name)}<small>@${escapeHtml(account.username)} · id ${escapeHtml(account.id)}</small></span></li>`,
          )
          .join("\n")}</ul>`;
  const metricColumns: [keyof PublicMetrics, string][] = [
    ["impression_count", "Impressions"],
    ["like_count", "Likes"],
    ["retweet_count", "Reposts"],
    ["reply_count", "Replies"],
    ["quote_count", "Quotes"],
    ["bookmark_count", "Bookmarks"],
  ];
  const rows = options.tweets
    .map(({ tweet, author, metrics }) => {
      const cells = metricColumns
        .map(([key]) => `<td class="number">${metrics === null ? "–" : metrics[key].toLocaleString("en-US")}</td>`)
        .join("");
      const status = tweet.deletedAt === null ? "" : ` <strong>(deleted)</strong>`;
      return `<tr><td><code>${escapeHtml(tweet.id)}</code><br><span class="muted">${dateFormat(tweet.createdAt)} UTC</span></td>
<td>@${escapeHtml(author?.username ?? tweet.authorId)}</td><td>${escapeHtml(tweet.sourceText)}${status}</td>${cells}</tr>`;
    })
    .join("\n");
  const tweets =
    options.tweets.length === 0
      ? `<p class="muted">No posts yet.</p>`
      : `<div class="scroll"><table>
<caption>Most recent first; metrics as of now</caption>
<thead><tr><th scope="col">Post</th><th scope="col">Author</th><th scope="col">Text</th>${metricColumns
          .map(([, label]) => `<th scope="col" class="number">${label}</th>`)
          .join("")}</tr></thead>
<tbody>
${rows}
</tbody>
</table></div>`;
  const redirects = [
    ...options.redirectUris.map((uri) => `<li><code>${escapeHtml(uri)}</code></li>`),
    ...(options.allowLocalRedirects
      ? ["<li>any <code>http://localhost</code>, <code>127.0.0.1</code> or <code>*.localhost</code> callback</li>"]
      : []),
  ].join("");
  return page(
    "X emulator",
    `<h1>X emulator</h1>
<section class="card" aria-labelledby="client-heading">
<h2 id="client-heading">Registered app</h2>
<p>Client id <code>${escapeHtml(options.clientId)}</code>. Allowed callbacks:</p>
<ul>${redirects || "<li>none</li>"}</ul>
</section>
<section class="card" aria-labelledby="accounts-heading">
<h2 id="accounts-heading">Accounts (${options.accounts.length})</h2>
${accounts}
</section>
<section class="card" aria-labelledby="posts-heading">
<h2 id="posts-heading">Recent posts</h2>
${tweets}
</section>`,
    true,
  );
}

/** A round avatar with the account's initial, coloured by its id: no network needed to show a profile image. */
export function avatarSvg(account: XAccount): string {
  const hue = createHash("sha256").update(account.id).digest().readUInt16BE(0) % 360;
  const initial = escapeHtml((Array.from(account.username)[0] ?? "?").toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48" role="img" aria-label="@${escapeHtml(account.username)}">
<circle cx="24" cy="24" r="24" fill="hsl(${hue} 60% 45%)"/>
<text x="24" y="31" text-anchor="middle" font-family="system-ui, sans-serif" font-size="22" font-weight="700" fill="#fff">${initial}</text>
</svg>
`;
}
