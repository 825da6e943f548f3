/** The HTML every emulator's pages are made of: the escaping, the document around a page, and the look they share. */

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** The rules every page shares; an emulator's own style gives the palette they use (--text, --page, --accent, …). */
const SHARED_STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text);
    background: var(--page); }
  main { margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  .badge { display: inline-block; font-size: .8rem; color: var(--muted); border: 1px solid var(--line);
    border-radius: 999px; padding: .1rem .6rem; margin: 0; }
  h1 { font-size: 1.5rem; line-height: 1.25; margin: .75rem 0; }
  button { font: inherit; font-weight: 700; min-height: 44px; padding: .5rem 1.1rem; border-radius: 999px;
    border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
  :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  .muted { color: var(--muted); }
  code { font-size: .85em; overflow-wrap: anywhere; }
`;

/** The look the two networks' stand-ins (X, Bluesky) share: narrow sign-in cards, their forms, wide tables. */
export const NETWORK_PAGE_STYLE = `
  main { max-width: 36rem; }
  main.wide { max-width: 64rem; }
  .card { background: var(--surface); border: 1px solid var(--line); border-radius: 1rem; padding: 1.25rem; margin: 1rem 0; }
  h2 { font-size: 1.1rem; margin: 0 0 .75rem; }
  label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
  input[type=text] { width: 100%; font: inherit; padding: .6rem .75rem; border: 1px solid var(--line);
    border-radius: .5rem; background: var(--surface); color: var(--text); }
  .hint { color: var(--muted); font-size: .875rem; margin: .25rem 0 0; }
  .error { color: var(--danger); border: 1px solid currentColor; border-radius: .5rem; padding: .5rem .75rem; }
  table { width: 100%; border-collapse: collapse; font-size: .9rem; }
  caption { text-align: left; font-weight: 700; padding-bottom: .5rem; }
  th, td { text-align: left; padding: .4rem .5rem; border-top: 1px solid var(--line); vertical-align: top; }
  td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
  .scroll { overflow-x: auto; }
`;

/**
 * The page maker of one emulator: its pages carry `badge` (what it stands in for) above their body, and its own
 * `style` after the shared one. A wide page (`wide`) sets `class="wide"` on its main element.
 */
export function pageMaker(badge: string, style: string) {
  return (title: string, body: string, wide = false): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${SHARED_STYLE}${style}</style>
</head>
<body>
<main${wide ? ' class="wide"' : ""}>
<p class="badge">${escapeHtml(badge)}</p>
${body}
</main>
</body>
</html>
`;
}
