import type { ItemFilter } from "./api.ts";
import type { SinkItem } from "./state.ts";
import { escapeHtml, pageMaker } from "../shared/pages.ts";

const STYLE = `
  :root { color-scheme: light dark; --accent: #0b6bcb; --text: #1b1f24; --muted: #57606a; --line: #d0d7de;
    --surface: #ffffff; --page: #f6f8fa; --danger: #b42318; }
  @media (prefers-color-scheme: dark) { :root { --accent: #6cb6ff; --text: #e6edf3; --muted: #9aa5b1; --line: #30363d;
    --surface: #161b22; --page: #0d1117; --danger: #ff8a80; } }
  main { max-width: 60rem; }
  h2 { font-size: 1rem; margin: 1.5rem 0 0; color: var(--muted); }
  h3 { font-size: 1rem; margin: 0 0 .25rem; overflow-wrap: anywhere; }
  .card { background: var(--surface); border: 1px solid var(--line); border-radius: .75rem; padding: .75rem 1.25rem; margin: .75rem 0; }
  .card.exception { border-left: 4px solid var(--danger); }
  .meta { color: var(--muted); font-size: .875rem; margin: 0 0 .5rem; overflow-wrap: anywhere; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .75rem; margin: .25rem 0 0; font-size: .875rem; }
  dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: .8rem; margin: .5rem 0 0; }
  details { margin-top: .5rem; } summary { cursor: pointer; color: var(--muted); font-size: .875rem; }
  form.filter { display: flex; gap: .5rem; flex-wrap: wrap; align-items: end; }
  label { display: block; font-weight: 600; font-size: .875rem; }
  input[type=text] { font: inherit; padding: .5rem .75rem; border: 1px solid var(--line); border-radius: .5rem;
    background: var(--surface); color: var(--text); min-width: 14rem; }
  button.secondary { background: transparent; color: var(--accent); }
  a { color: var(--accent); }
`;

const page = pageMaker("Telemetry sink · a local stand-in for Application Insights", STYLE);

function itemCard(item: SinkItem): string {
  const properties = Object.entries(item.properties);
  const propertyList =
    properties.length === 0
      ? ""
      : `<dl>${properties.map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`).join("")}</dl>`;
  return `<article class="card ${escapeHtml(item.type)}">
<h3>${escapeHtml(item.type)}${item.message === null ? "" : ` · ${escapeHtml(item.message)}`}</h3>
<p class="meta"><time datetime="${escapeHtml(item.time)}">${escapeHtml(item.time)}</time> · ${escapeHtml(item.name)}</p>
${propertyList}
<details><summary>Envelope</summary><pre>${escapeHtml(JSON.stringify(item.envelope, null, 2))}</pre></details>
</article>`;
}

const SHOWN_ITEMS = 200;

export function homePage(options: { items: SinkItem[]; total: number; filter: ItemFilter }): string {
  const { items, filter } = options;
  const filtered = filter.incidentId !== null || filter.type !== null;
  const heading = filtered ? `Matching items (${items.length})` : `Received items (${options.total})`;
  const list =
    items.length === 0
      ? `<p class="card muted">Nothing${filtered ? " matches" : " yet"}. The app's telemetry arrives here while
<code>APPLICATIONINSIGHTS_CONNECTION_STRING</code> names this sink as its <code>IngestionEndpoint</code>.</p>`
      : items.slice(0, SHOWN_ITEMS).map(itemCard).join("\n");
  return page(
    "Telemetry sink",
    `<h1>Telemetry sink</h1>
<p class="muted">Every telemetry item sent to <code>POST /v2/track</code> (Application Insights' ingestion API), newest first: the
browser's through the app's <code>/application-insights-forwarding</code>, and the worker's own exception reports.
JSON for tests: <code>GET /api/items?incidentId=&amp;type=</code>.</p>
<form class="filter" method="get" action="/">
<div><label for="incidentId">Incident Id</label><input type="text" id="incidentId" name="incidentId"
  value="${escapeHtml(filter.incidentId ?? "")}" autocomplete="off" spellcheck="false"></div>
<div><label for="type">Type</label><input type="text" id="type" name="type" value="${escapeHtml(filter.type ?? "")}"
  placeholder="exception, pageView, …" autocomplete="off" spellcheck="false"></div>
<button type="submit">Show</button>
${filtered ? `<a href="/">Show all</a>` : ""}
</form>
<form method="post" action="/clear"><button type="submit" class="secondary">Clear all items</button></form>
<section aria-labelledby="items-heading">
<h2 id="items-heading">${heading}</h2>
${list}
</section>`,
  );
}

export function notFoundPage(path: string): string {
  return page(
    "Not found · Telemetry sink",
    `<h1>Nothing here</h1><p>No page at <code>${escapeHtml(path)}</code>. <a href="/">Items</a></p>`,
  );
}
