import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, safeLink, splitFrontMatter } from "~/lib/markdown";

describe("parseMarkdown", () => {
  it("turns headings, paragraphs and lists into blocks, with headings starting at level 2", () => {
    expect(parseMarkdown("# Title\n\nFirst line\nsame paragraph\n\n- one\n- two\n\n1. first\n2. second")).toEqual([
      { kind: "heading", level: 2, children: [{ kind: "text", text: "Title" }] },
      { kind: "paragraph", children: [{ kind: "text", text: "First line same paragraph" }] },
      { kind: "list", ordered: false, items: [[{ kind: "text", text: "one" }], [{ kind: "text", text: "two" }]] },
      { kind: "list", ordered: true, items: [[{ kind: "text", text: "first" }], [{ kind: "text", text: "second" }]] },
    ]);
  });

  it("keeps indented continuation lines inside their list item", () => {
    expect(parseMarkdown("- a long\n  item")).toEqual([{ kind: "list", ordered: false, items: [[{ kind: "text", text: "a long item" }]] }]);
  });

  it("treats HTML in the source as text, never as markup", () => {
    expect(parseMarkdown("<script>alert(1)</script>")).toEqual([
      { kind: "paragraph", children: [{ kind: "text", text: "<script>alert(1)</script>" }] },
    ]);
  });
});

describe("parseInline", () => {
  it("reads emphasis, strong, code and links", () => {
    expect(parseInline("a **b** *c* `d` [e](https://x.example/p)")).toEqual([
      { kind: "text", text: "a " },
      { kind: "strong", children: [{ kind: "text", text: "b" }] },
      { kind: "text", text: " " },
      { kind: "emphasis", children: [{ kind: "text", text: "c" }] },
      { kind: "text", text: " " },
      { kind: "code", text: "d" },
      { kind: "text", text: " " },
      { kind: "link", href: "https://x.example/p", external: true, children: [{ kind: "text", text: "e" }] },
    ]);
  });

  it("drops dangerous link targets to plain text", () => {
    expect(parseInline("[click](javascript:alert(1))")).toEqual([
      { kind: "text", text: "click" },
      { kind: "text", text: ")" },
    ]);
    expect(parseInline("[x](data:text/html,hi)")).toEqual([{ kind: "text", text: "x" }]);
  });
});

describe("safeLink", () => {
  it("keeps site-relative paths inside the app and marks web links external", () => {
    expect(safeLink("/articles/terms")).toEqual({ href: "/articles/terms", external: false });
    expect(safeLink("https://example.com")).toEqual({ href: "https://example.com/", external: true });
    expect(safeLink("mailto:a@b.example")).toEqual({ href: "mailto:a@b.example", external: true });
  });

  it("refuses script targets", () => {
    expect(safeLink("javascript:alert(1)")).toBeNull();
    expect(safeLink("JaVaScRiPt:alert(1)")).toBeNull();
  });

  it("marks protocol-relative targets external: browsers read a backslash as a slash, so they leave the site", () => {
    for (const target of ["/\\evil.example/path", "//evil.example/path", "\\\\evil.example/path", "\\/evil.example/path"]) {
      expect(safeLink(target), target).toEqual({ href: "https://evil.example/path", external: true });
    }
    expect(parseInline("[prize](/\\evil.example)")).toEqual([
      { kind: "link", href: "https://evil.example/", external: true, children: [{ kind: "text", text: "prize" }] },
    ]);
  });

  it("keeps a path in the app however its slashes are written, as the browser would resolve it", () => {
    expect(safeLink("/campaigns?tab=new#top")).toEqual({ href: "/campaigns?tab=new#top", external: false });
    expect(safeLink("/articles\\terms")).toEqual({ href: "/articles/terms", external: false });
    // Resolves on this site to the path "//evil.example", which written as a link would leave it: collapsed to one slash.
    expect(safeLink("/./\\evil.example")).toEqual({ href: "/evil.example", external: false });
  });
});

describe("splitFrontMatter", () => {
  it("separates the attributes from the body", () => {
    expect(splitFrontMatter("---\ntitle: Terms: v2\nupdated: 2026-01-01\n---\nBody")).toEqual({
      attributes: { title: "Terms: v2", updated: "2026-01-01" },
      body: "Body",
    });
  });

  it("returns the whole source as body without a front matter block", () => {
    expect(splitFrontMatter("Just text")).toEqual({ attributes: {}, body: "Just text" });
  });
});
