import { createHash } from "node:crypto";
import type { PostCounts } from "./metrics.ts";
import type { BlueskyAccount, BlueskyPost } from "./state.ts";
import { NETWORK_PAGE_STYLE, escapeHtml, pageMaker } from "../shared/pages.ts";

const STYLE = `
  :root { color-scheme: light dark; --accent: #0a7aff; --text: #0b0f14; --muted: #52606d; --line: #d4dbe2;
    --surface: #ffffff; --page: #f3f6f9; --danger: #b3261e; }
  @media (prefers-color-scheme: dark) { :root { --text: #e6edf3; --muted: #9fb0c0; --line: #2e3a46;
    --surface: #161e27; --page: #0c1218; --danger: #f4877f; } }
  button.secondary { background: transparent; color: var(--text); border-color: var(--line); }
  button.account { width: 100%; text-align: left; background: transparent; color: var(--text); border-color: var(--line); margin: .25rem 0; }
  form.inline { display: inline; }
  ${NETWORK_PAGE_STYLE}
`;

const page = pageMaker("Bluesky stand-in · a local PDS, PLC directory and app view", STYLE);

export const DECIDE_FORM_PATH = "/oauth/authorize/decide";

export function authorizePage(options: {
  clientId: string;
  requestUri: string;
  scope: string;
  loginHint: string | null;
  accounts: readonly BlueskyAccount[];
  error?: string;
}): string {
  const hidden = `<input type="hidden" name="client_id" value="${escapeHtml(options.clientId)}">
<input type="hidden" name="request_uri" value="${escapeHtml(options.requestUri)}">`;
  const accounts = options.accounts
    .map(
      (account) =>
        `<button class="account" type="submit" name="decision" value="${escapeHtml(account.did)}">${escapeHtml(account.displayName || account.handle)} <span class="muted">@${escapeHtml(account.handle)}</span></button>`,
    )
    .join("\n");
  return page(
    "Sign in · Bluesky stand-in",
    `<h1>Sign in to continue</h1>
<p class="muted">The app <code>${escapeHtml(options.clientId)}</code> asks for access to your account (scopes: <code>${escapeHtml(options.scope)}</code>).</p>
${options.loginHint === null ? "" : `<p>Signing in as <strong>${escapeHtml(options.loginHint)}</strong>.</p>`}
${options.error === undefined ? "" : `<p class="error" role="alert">${escapeHtml(options.error)}</p>`}
<form class="card" method="post" action="${DECIDE_FORM_PATH}">
${hidden}
<h2>Choose an account</h2>
${accounts === "" ? '<p class="muted">No accounts yet: create one below.</p>' : accounts}
</form>
<form class="card" method="post" action="${DECIDE_FORM_PATH}">
${hidden}
<h2>Create an account</h2>
<label for="handle">Handle</label>
<input type="text" id="handle" name="handle" autocomplete="off" required>
<p class="hint">Letters, digits and hyphens; it becomes <code>name.bsky.test</code>.</p>
<label for="display_name">Display name</label>
<input type="text" id="display_name" name="display_name" autocomplete="off">
<p><button type="submit" name="decision" value="create">Create and sign in</button></p>
</form>
<form method="post" action="${DECIDE_FORM_PATH}">
${hidden}
<button class="secondary" type="submit" name="decision" value="deny">Cancel</button>
</form>`,
  );
}

export function authorizeErrorPage(detail: string): string {
  return page("Sign-in failed · Bluesky stand-in", `<h1>Sign-in failed</h1><p class="error" role="alert">${escapeHtml(detail)}</p>`);
}

export function notFoundPage(path: string): string {
  return page("Not found · Bluesky stand-in", `<h1>Not found</h1><p>Nothing answers at <code>${escapeHtml(path)}</code>.</p>`);
}

export function indexPage(options: {
  accounts: readonly BlueskyAccount[];
  posts: readonly { post: BlueskyPost; author: BlueskyAccount | undefined; counts: PostCounts | null }[];
}): string {
  const accountRows = options.accounts
    .map(
      (account) =>
        `<tr><td>@${escapeHtml(account.handle)}</td><td>${escapeHtml(account.displayName)}</td><td><code>${escapeHtml(account.did)}</code></td></tr>`,
    )
    .join("\n");
  const postRows = options.posts
    .map(({ post, author, counts }) => {
      const text = typeof post.record.text === "string" ? post.record.text : "";
      const controls =
        post.deletedAt === null
          ? `<form class="inline" method="post" action="/emulator/posts/delete"><input type="hidden" name="uri" value="${escapeHtml(post.uri)}"><button class="secondary" type="submit">Delete</button></form>`
          : "deleted";
      return `<tr><td>@${escapeHtml(author?.handle ?? post.did)}</td><td>${escapeHtml(text)}<br><code>${escapeHtml(post.uri)}</code></td>
<td class="number">${counts?.likeCount ?? "–"}</td><td class="number">${counts?.repostCount ?? "–"}</td><td class="number">${counts?.replyCount ?? "–"}</td><td class="number">${counts?.quoteCount ?? "–"}</td><td>${controls}</td></tr>`;
    })
    .join("\n");
  return page(
    "Bluesky stand-in",
    `<h1>Bluesky stand-in</h1>
<p class="muted">Speaks AT Protocol OAuth (PAR, PKCE, DPoP) and the XRPC methods Chorus uses. Metadata:
<a href="/.well-known/oauth-authorization-server">authorization server</a>, <a href="/.well-known/oauth-protected-resource">protected resource</a>.</p>
<div class="card scroll"><table><caption>Accounts</caption><thead><tr><th>Handle</th><th>Name</th><th>DID</th></tr></thead><tbody>
${accountRows || '<tr><td colspan="3" class="muted">None yet: they are made on the sign-in page.</td></tr>'}
</tbody></table></div>
<div class="card scroll"><table><caption>Recent posts</caption><thead><tr><th>Author</th><th>Text</th><th class="number">Likes</th><th class="number">Reposts</th><th class="number">Replies</th><th class="number">Quotes</th><th></th></tr></thead><tbody>
${postRows || '<tr><td colspan="7" class="muted">None yet.</td></tr>'}
</tbody></table></div>`,
    true,
  );
}

export function avatarSvg(account: BlueskyAccount): string {
  const hue = createHash("sha256").update(account.did).digest().readUInt16BE(0) % 360;
  const initial = escapeHtml((account.displayName || account.handle).slice(0, 1).toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="hsl(${hue} 60% 45%)"/><text x="48" y="62" font-family="system-ui, sans-serif" font-size="44" text-anchor="middle" fill="#fff">${initial}</text></svg>`;
}
