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
