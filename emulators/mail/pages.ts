import { readableText, segmentsOf } from "./extract.ts";
import type { SentMail } from "./state.ts";
import { escapeHtml, pageMaker } from "../shared/pages.ts";

const STYLE = `
  :root { color-scheme: light dark; --accent: #0b6bcb; --text: #1b1f24; --muted: #57606a; --line: #d0d7de;
    --surface: #ffffff; --page: #f6f8fa; --mark: #fff3b0; --mark-text: #3d2f00; }
  @media (prefers-color-scheme: dark) { :root { --accent: #6cb6ff; --text: #e6edf3; --muted: #9aa5b1; --line: #30363d;
    --surface: #161b22; --page: #0d1117; --mark: #5c4a00; --mark-text: #fff3b0; } }
  main { max-width: 52rem; }
  h2 { font-size: 1rem; margin: 1.5rem 0 0; color: var(--muted); }
  h3 { font-size: 1.1rem; margin: 0 0 .25rem; overflow-wrap: anywhere; }
  .card { background: var(--surface); border: 1px solid var(--line); border-radius: .75rem; padding: 1rem 1.25rem; margin: 1rem 0; }
  .meta { color: var(--muted); font-size: .875rem; margin: 0 0 .75rem; overflow-wrap: anywhere; }
  .body { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; font: inherit; }
  mark.code { background: var(--mark); color: var(--mark-text); font: 700 1.05em ui-monospace, SFMono-Regular, Menlo, monospace;
    letter-spacing: .08em; padding: 0 .25em; border-radius: .25rem; }
  a { color: var(--accent); }
  .codes { margin: .75rem 0 0; font-size: .875rem; color: var(--muted); }
  details { margin-top: .75rem; }
  summary { cursor: pointer; color: var(--muted); font-size: .875rem; }
  iframe { width: 100%; min-height: 16rem; border: 1px solid var(--line); border-radius: .5rem; background: #fff; margin-top: .5rem; }
  form.filter { display: flex; gap: .5rem; flex-wrap: wrap; align-items: end; }
  label { display: block; font-weight: 600; font-size: .875rem; }
  input[type=email], input[type=text] { font: inherit; padding: .5rem .75rem; border: 1px solid var(--line); border-radius: .5rem;
    background: var(--surface); color: var(--text); min-width: 18rem; }
`;

const page = pageMaker("Mail outbox · a local stand-in for Resend", STYLE);

const timeFormat = (at: number) => `${new Date(at).toISOString().replace("T", " ").slice(0, 19)} UTC`;

/** The text with its links clickable and its one-time codes marked. */
function markedText(text: string): string {
  return segmentsOf(text)
    .map((segment) => {
      const value = escapeHtml(segment.value);
      if (segment.kind === "link") return `<a href="${value}" rel="noopener noreferrer" target="_blank">${value}</a>`;
      if (segment.kind === "code") return `<mark class="code">${value}</mark>`;
      return value;
    })
    .join("");
}

function messageCard(message: SentMail): string {
  const text = readableText(message);
  const html =
    message.html === null
      ? ""
      : // An empty sandbox runs no script and reaches nothing: the HTML part is shown, never trusted.
        `<details><summary>HTML version</summary><iframe sandbox="" title="HTML version of ${escapeHtml(message.subject)}"
srcdoc="${escapeHtml(message.html)}"></iframe></details>`;
  return `<article class="card" aria-labelledby="message-${escapeHtml(message.id)}">
<h3 id="message-${escapeHtml(message.id)}">${escapeHtml(message.subject) || '<span class="muted">(no subject)</span>'}</h3>
<p class="meta">To ${escapeHtml(message.to.join(", "))} · from ${escapeHtml(message.from)} ·
<time datetime="${new Date(message.sentAt).toISOString()}">${timeFormat(message.sentAt)}</time></p>
<pre class="body">${markedText(text)}</pre>
${html}
</article>`;
}

const SHOWN_MESSAGES = 100;

export function homePage(options: { messages: SentMail[]; total: number; to: string | null }): string {
  const { messages, to } = options;
  const heading = to === null ? `Sent messages (${options.total})` : `Messages to ${escapeHtml(to)} (${messages.length})`;
  const list =
    messages.length === 0
      ? `<p class="card muted">No messages${to === null ? " yet" : " to this address"}. The app's mail arrives here while
<code>MAIL_API_URL</code> points at this outbox.</p>`
      : messages.slice(0, SHOWN_MESSAGES).map(messageCard).join("\n");
  return page(
    "Mail outbox",
    `<h1>Mail outbox</h1>
<p class="muted">Every message the app sends through <code>POST /emails</code> (Resend's API), newest first. Six-digit codes are
<mark class="code">marked</mark> and links are clickable. JSON for tests: <code>GET /outbox/messages?to=address</code>.</p>
<form class="filter" method="get" action="/">
<div><label for="to">Recipient</label><input type="text" id="to" name="to" value="${escapeHtml(to ?? "")}"
  placeholder="ada@example.com" autocomplete="off" autocapitalize="none" spellcheck="false"></div>
<button type="submit">Show</button>
${to === null ? "" : `<a href="/">Show all</a>`}
</form>
<section aria-labelledby="messages-heading">
<h2 id="messages-heading">${heading}</h2>
${list}
</section>`,
  );
}

export function notFoundPage(path: string): string {
  return page("Not found · Mail outbox", `<h1>Nothing here</h1><p>No page at <code>${escapeHtml(path)}</code>. <a href="/">Outbox</a></p>`);
}
