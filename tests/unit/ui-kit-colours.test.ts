import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The kit's CSS names colours only through the tokens (docs/decisions/030-ui-kit.md): a colour written anywhere else
 * would not follow a partner's brand. A colour literal is a hex colour, a colour function (rgb(), hsl(), oklch(), …)
 * or a named colour; `transparent` and `currentcolor` are not colours of their own. In app/styles/tokens.css literals
 * are allowed only as the value of a custom property (a token's declaration).
 */

const namedColours =
  "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood " +
  "cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray " +
  "darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen " +
  "darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue " +
  "firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew " +
  "hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan " +
  "lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray " +
  "lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue " +
  "mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred " +
  "midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid " +
  "palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple " +
  "rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue " +
  "slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white " +
  "whitesmoke yellow yellowgreen";

const colourLiteral = new RegExp(
  [
    String.raw`#[0-9a-f]{3,8}\b`,
    String.raw`\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(`,
    // A name followed by "(" is a function (tan() is trigonometry).
    String.raw`\b(?:${namedColours.split(" ").join("|")})\b(?!\()`,
  ].join("|"),
  "i",
);

type Finding = { property: string; value: string };

/** The declarations of a stylesheet (property and value), comments removed; selectors and at-rule preludes skipped. */
function declarations(css: string): Finding[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const found: Finding[] = [];
  // Split at braces and semicolons; a piece followed by "{" is a selector or an at-rule's prelude.
  const pieces = withoutComments.split(/([{};])/);
  for (let index = 0; index < pieces.length; index += 2) {
    const piece = (pieces[index] ?? "").trim();
    if (piece === "" || pieces[index + 1] === "{") continue;
    const colon = piece.indexOf(":");
    if (colon === -1) continue;
    found.push({ property: piece.slice(0, colon).trim(), value: piece.slice(colon + 1).trim() });
  }
  return found;
}

/** The declarations that write a colour literal; in token mode, only those outside a custom property's declaration. */
function colourLiterals(css: string, mode: "kit" | "tokens"): string[] {
  return declarations(css)
    .filter(({ property }) => !(mode === "tokens" && property.startsWith("--")))
    .filter(({ value }) => colourLiteral.test(value.replace(/--[\w-]+/g, "")))
    .map(({ property, value }) => `${property}: ${value}`);
}

/** The custom properties a stylesheet reads (`var(--name)`) and those it declares. */
function customProperties(css: string): { read: Set<string>; declared: Set<string> } {
  const found = declarations(css);
  const read = new Set(found.flatMap(({ value }) => [...value.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1] ?? "")));
  const declared = new Set(found.filter(({ property }) => property.startsWith("--")).map(({ property }) => property));
  return { read, declared };
}

const tokensPath = "app/styles/tokens.css";
const kitDirectory = "app/components/ui";
const kitStylesheets = readdirSync(kitDirectory, { recursive: true, encoding: "utf8" })
  .filter((name) => name.endsWith(".css"))
  .map((name) => join(kitDirectory, name));

describe("the colour scan itself", () => {
  it("finds hex colours, colour functions and named colours in kit CSS", () => {
    const css = `
      .a { color: #fff; }
      .b { background: rgb(0 0 0 / 0.5); }
      .c { border: 1px solid hsl(200 50% 40%) }
      .d { color: White; }
      .e { --local: oklch(0.7 0.1 200); }`;
    expect(colourLiterals(css, "kit")).toEqual([
      "color: #fff",
      "background: rgb(0 0 0 / 0.5)",
      "border: 1px solid hsl(200 50% 40%)",
      "color: White",
      "--local: oklch(0.7 0.1 200)",
    ]);
  });

  it("lets tokens, keywords, functions named like colours and comments through", () => {
    const css = `
      /* was #fff */
      .a:hover { color: var(--color-white); background: color-mix(in srgb, var(--color-primary) 10%, transparent); }
      .b { border-color: currentcolor; width: calc(tan(45deg) * 1rem); animation: ui-spin 1s linear; }
      @media (max-width: 640px) { .c { margin: 0 } }`;
    expect(colourLiterals(css, "kit")).toEqual([]);
  });

  it("allows literals in tokens.css only as a token's value", () => {
    const css = `:root { --color-text: #111827; --shadow: 0 1px 2px rgb(0 0 0 / 0.06); color: #111827; }`;
    expect(colourLiterals(css, "tokens")).toEqual(["color: #111827"]);
  });
});

describe("the kit's stylesheets", () => {
  it("are found, one beside each component that has styles", () => {
    expect(kitStylesheets).toContain("app/components/ui/button.css");
    expect(kitStylesheets).toContain("app/components/ui/dialog.css");
  });

  // ui.css is what the root links: a stylesheet it does not import is on no page.
  it("are each imported once by ui.css, the stylesheet every page links", () => {
    const imported = [...readFileSync(join(kitDirectory, "ui.css"), "utf8").matchAll(/@import "\.\/([\w-]+\.css)";/g)].map((match) =>
      join(kitDirectory, match[1] ?? ""),
    );
    expect(imported.toSorted()).toEqual(kitStylesheets.filter((path) => path !== join(kitDirectory, "ui.css")).toSorted());
  });

  it.each(kitStylesheets)("%s writes no colour: every colour is a token", (path) => {
    expect(colourLiterals(readFileSync(path, "utf8"), "kit")).toEqual([]);
  });

  it("tokens.css writes colours only in token declarations", () => {
    expect(colourLiterals(readFileSync(tokensPath, "utf8"), "tokens")).toEqual([]);
  });

  // A kit stylesheet may read what another declares: badge.css and notice.css read the tones of tone.css.
  it.each(kitStylesheets)("%s reads only custom properties that the tokens or the kit declare", (path) => {
    const tokens = customProperties(readFileSync(tokensPath, "utf8"));
    const kitDeclared = new Set(kitStylesheets.flatMap((sheet) => [...customProperties(readFileSync(sheet, "utf8")).declared]));
    const read = customProperties(readFileSync(path, "utf8")).read;
    const undeclared = [...read].filter((name) => !tokens.declared.has(name) && !kitDeclared.has(name));
    expect(undeclared).toEqual([]);
  });

  it("tokens.css reads only custom properties it declares", () => {
    const tokens = customProperties(readFileSync(tokensPath, "utf8"));
    expect([...tokens.read].filter((name) => !tokens.declared.has(name))).toEqual([]);
  });
});

/* Every other stylesheet of the app (features, layouts, app.css) follows the same rule: a partner's brand re-colours a
 * screen only if the screen's colours are tokens. */
const appStylesheets = readdirSync("app", { recursive: true, encoding: "utf8" })
  .filter((name) => name.endsWith(".css"))
  .map((name) => join("app", name))
  .filter((path) => path !== tokensPath && !path.startsWith(`${kitDirectory}/`));

describe("the app's other stylesheets", () => {
  it("are found", () => {
    expect(appStylesheets).toContain("app/styles/app.css");
    expect(appStylesheets).toContain("app/features/notifications/notifications.css");
  });

  it.each(appStylesheets)("%s writes no colour: every colour is a token", (path) => {
    expect(colourLiterals(readFileSync(path, "utf8"), "kit")).toEqual([]);
  });
});
