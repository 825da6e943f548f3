/**
 * Anchor: what React 19 costs to stream a static page of about 8 KB of HTML on this runtime, with no data and no
 * router: `renderToReadableStream` on every request, the stream read to its end by the client. From the same build of
 * React's renderer as the app's (app/entry.server.tsx), so that the ratio compares what each page renders.
 */
import { createElement as h } from "react";
import { renderToReadableStream } from "react-dom/server.node";

const rows = Array.from({ length: 40 }, (_, index) => ({
  name: `Campaign number ${index + 1}`,
  status: index % 3 === 0 ? "active" : "finished",
  posts: (index * 7) % 23,
  reward: `${(index * 13.5).toFixed(2)} USDC`,
}));

function Page() {
  return h(
    "html",
    { lang: "en" },
    h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, "Anchor page")),
    h(
      "body",
      null,
      h("h1", null, "Your campaigns"),
      h("p", null, "A static table of the size of a typical page of the app, rendered without data."),
      h(
        "table",
        null,
        h("thead", null, h("tr", null, ...["Campaign", "Status", "Posts", "Reward"].map((title) => h("th", { key: title }, title)))),
        h(
          "tbody",
          null,
          rows.map((row) =>
            h(
              "tr",
              { key: row.name },
              h("td", null, h("a", { href: `/campaign/${row.posts}` }, row.name)),
              h("td", { className: `status status-${row.status}` }, row.status),
              h("td", null, row.posts),
              h("td", null, row.reward),
            ),
          ),
        ),
      ),
    ),
  );
}

export default {
  async fetch(): Promise<Response> {
    const stream = await renderToReadableStream(h(Page));
    return new Response(stream, { headers: { "content-type": "text/html; charset=utf-8" } });
  },
};
