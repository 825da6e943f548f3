import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Button, ButtonLink, IconButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CopyButton } from "~/components/ui/copy-button";
import { Dialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { tabMove } from "~/components/ui/focus-trap";
import { Notice } from "~/components/ui/notice";
import { PageHeader } from "~/components/ui/page-header";
import { Tooltip } from "~/components/ui/tooltip";

/** The attributes of the first `<tag …>` in `html`, by name (React writes them with double quotes). */
function attributesOf(html: string, tag: string): Record<string, string> {
  const element = new RegExp(`<${tag}\\b([^>]*)>`).exec(html);
  if (element === null) throw new Error(`no <${tag}> in ${html}`);
  return Object.fromEntries([...(element[1] ?? "").matchAll(/([\w:-]+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
}

describe("Button", () => {
  it("is a secondary, medium, non-submitting button unless told", () => {
    expect(renderToStaticMarkup(<Button>Cancel</Button>)).toBe(
      '<button class="ui-button" data-variant="secondary" data-size="medium" type="button"><span class="ui-button-label">Cancel</span></button>',
    );
  });

  it("submits its form when it is a submit button, with the look asked for", () => {
    expect(
      attributesOf(
        renderToStaticMarkup(
          <Button type="submit" variant="primary" size="large" fullWidth name="intent" value="save">
            Save
          </Button>,
        ),
        "button",
      ),
    ).toEqual({
      class: "ui-button",
      name: "intent",
      value: "save",
      type: "submit",
      "data-variant": "primary",
      "data-size": "large",
      "data-full-width": "true",
    });
  });

  it("while busy shows a spinner, says it is busy and refuses presses without the disabled attribute", () => {
    const html = renderToStaticMarkup(
      <Button type="submit" variant="primary" busy busyLabel="Saving…">
        Save
      </Button>,
    );
    expect(html).toBe(
      '<button class="ui-button" data-variant="primary" data-size="medium" type="submit" aria-busy="true" aria-disabled="true">' +
        '<span class="ui-button-icon"><span class="ui-spinner" aria-hidden="true"></span></span>' +
        '<span class="ui-button-label">Saving…</span></button>',
    );
  });

  it("keeps its label while busy when no busy label is given", () => {
    expect(renderToStaticMarkup(<Button busy>Join</Button>)).toContain('<span class="ui-button-label">Join</span>');
  });

  it("is really disabled when told so", () => {
    expect(attributesOf(renderToStaticMarkup(<Button disabled>Withdraw</Button>), "button").disabled).toBe("");
  });

  it("has an icon button named by its label", () => {
    const html = renderToStaticMarkup(<IconButton label="Open menu" icon={<svg aria-hidden="true" />} />);
    expect(html).toBe(
      '<button aria-label="Open menu" class="ui-button ui-icon-button" data-variant="quiet" data-size="medium" type="button">' +
        '<span class="ui-button-icon"><svg aria-hidden="true"></svg></span></button>',
    );
  });
});

describe("ButtonLink", () => {
  it("is a link (it navigates, before hydration too) that looks like a button", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ButtonLink to="/advertiser" variant="primary" size="small">
          Open the console
        </ButtonLink>
      </MemoryRouter>,
    );
    expect(attributesOf(html, "a")).toEqual({
      class: "ui-button",
      "data-variant": "primary",
      "data-size": "small",
      href: "/advertiser",
      "data-discover": "true",
    });
    expect(html).toContain('<span class="ui-button-label">Open the console</span></a>');
  });

  it("while busy keeps its href, shows a spinner and says it is busy", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ButtonLink to="/auth/twitter/read/login" reloadDocument variant="primary" busy>
          Sign in with X
        </ButtonLink>
      </MemoryRouter>,
    );
    expect(attributesOf(html, "a")).toEqual({
      class: "ui-button",
      "data-variant": "primary",
      "data-size": "medium",
      "aria-busy": "true",
      "aria-disabled": "true",
      href: "/auth/twitter/read/login",
      "data-discover": "true",
    });
    expect(html).toContain('<span class="ui-button-icon"><span class="ui-spinner" aria-hidden="true"></span></span>');
  });
});

describe("Dialog's markup", () => {
  it("is a closed <dialog> until the browser shows it, named by its title and described by its description", () => {
    const html = renderToStaticMarkup(
      <Dialog open onClose={() => undefined} title="Withdraw USDC" description="To a verified wallet." footer={<Button>Done</Button>}>
        <p>Body</p>
      </Dialog>,
    );
    const dialog = attributesOf(html, "dialog");
    expect(dialog).not.toHaveProperty("open");
    expect(dialog.class).toBe("ui-dialog");
    expect(dialog["data-size"]).toBe("medium");
    expect(html).toContain(`<h2 id="${dialog["aria-labelledby"]}" class="ui-dialog-title">Withdraw USDC</h2>`);
    expect(html).toContain(`<p id="${dialog["aria-describedby"]}" class="ui-dialog-description">To a verified wallet.</p>`);
    expect(html).toContain('<div class="ui-dialog-body"><p>Body</p></div><footer class="ui-dialog-footer">');
    expect(attributesOf(html, "button")["aria-label"]).toBe("Close");
  });

  it("has no description to point at when none is given, and a disabled close button while it may not be dismissed", () => {
    const html = renderToStaticMarkup(
      <Dialog open onClose={() => undefined} title="Sending" dismissible={false}>
        <p>Body</p>
      </Dialog>,
    );
    expect(attributesOf(html, "dialog")).not.toHaveProperty("aria-describedby");
    expect(attributesOf(html, "button")).toMatchObject({ "aria-label": "Close", disabled: "" });
    expect(html).not.toContain("<footer");
  });
});

describe("the focus trap's Tab moves", () => {
  const controls = ["close", "amount", "wallet", "submit"];

  it("lets the browser move between the controls inside", () => {
    expect(tabMove(controls, "amount", false)).toEqual({ kind: "browser" });
    expect(tabMove(controls, "wallet", true)).toEqual({ kind: "browser" });
  });

  it("wraps from the last to the first, and back with Shift", () => {
    expect(tabMove(controls, "submit", false)).toEqual({ kind: "move", to: "close" });
    expect(tabMove(controls, "close", true)).toEqual({ kind: "move", to: "submit" });
  });

  it("enters at the first (or, going back, the last) when focus is on the dialog itself", () => {
    expect(tabMove(controls, null, false)).toEqual({ kind: "move", to: "close" });
    expect(tabMove(controls, "the dialog", true)).toEqual({ kind: "move", to: "submit" });
  });

  it("keeps focus where it is when nothing inside can take it, and stays on a single control", () => {
    expect(tabMove([], "the dialog", false)).toEqual({ kind: "stay" });
    expect(tabMove(["only"], "only", false)).toEqual({ kind: "move", to: "only" });
    expect(tabMove(["only"], "only", true)).toEqual({ kind: "move", to: "only" });
  });
});

describe("CopyButton", () => {
  it("has its polite live region in the page before anything is copied", () => {
    const html = renderToStaticMarkup(<CopyButton text="https://chorus.example/r/abc" label="Copy link" />);
    expect(html).toBe(
      '<span class="ui-copy"><button class="ui-button" data-variant="secondary" data-size="small" type="button">' +
        '<span class="ui-button-label">Copy link</span></button><span role="status" class="ui-visually-hidden"></span></span>',
    );
  });
});

describe("Tooltip", () => {
  it("describes its anchor, after what already describes it", () => {
    const html = renderToStaticMarkup(
      <Tooltip content="Paid out every Monday">
        <button type="button" aria-describedby="pool-note">
          Pool
        </button>
      </Tooltip>,
    );
    expect(html).toMatch(/^<span class="ui-tooltip-anchor"><button type="button" aria-describedby="pool-note (\S+)">Pool<\/button>/);
    const describedBy = /aria-describedby="pool-note (\S+)"/.exec(html)?.[1];
    expect(html).toContain(`<span id="${describedBy}" role="tooltip" class="ui-tooltip">Paid out every Monday</span>`);
  });
});

describe("Card, PageHeader, EmptyState and Notice", () => {
  it("writes a card with its heading at the level asked and its actions, the section named by its heading", () => {
    expect(
      renderToStaticMarkup(
        <Card title="Balance" headingLevel={3} actions={<Button size="small">Withdraw</Button>}>
          <p>125 USDC</p>
        </Card>,
      ),
    ).toBe(
      '<section class="ui-card" aria-labelledby="_R_0_"><div class="ui-card-header"><h3 id="_R_0_" class="ui-card-title">Balance</h3><div class="ui-card-actions">' +
        '<button class="ui-button" data-variant="secondary" data-size="small" type="button"><span class="ui-button-label">Withdraw</span></button>' +
        "</div></div><p>125 USDC</p></section>",
    );
  });

  it("writes the page's h1 with its eyebrow, description and actions", () => {
    expect(
      renderToStaticMarkup(<PageHeader eyebrow="Lumen" title="Campaigns" description="What you run." actions={<Button>New</Button>} />),
    ).toBe(
      '<header class="ui-page-header"><div class="ui-page-header-text"><p class="ui-page-header-eyebrow">Lumen</p>' +
        '<h1 class="ui-page-header-title">Campaigns</h1><p class="ui-page-header-description">What you run.</p></div>' +
        '<div class="ui-page-header-actions"><button class="ui-button" data-variant="secondary" data-size="medium" type="button">' +
        '<span class="ui-button-label">New</span></button></div></header>',
    );
  });

  it("writes an empty state with a heading, a sentence and nothing else when there is no action", () => {
    expect(renderToStaticMarkup(<EmptyState title="No posts yet" text="Posts you write appear here." headingLevel={3} />)).toBe(
      '<div class="ui-empty-state"><h3 class="ui-empty-state-title">No posts yet</h3><p class="ui-empty-state-text">Posts you write appear here.</p></div>',
    );
  });

  it("writes a notice announced politely unless it is an alert or was there from the start", () => {
    expect(attributesOf(renderToStaticMarkup(<Notice tone="success">Saved.</Notice>), "div")).toEqual({
      class: "ui-notice",
      "data-tone": "success",
      role: "status",
    });
    expect(
      attributesOf(
        renderToStaticMarkup(
          <Notice tone="danger" announce="alert">
            Failed.
          </Notice>,
        ),
        "div",
      ).role,
    ).toBe("alert");
    expect(attributesOf(renderToStaticMarkup(<Notice announce="none">Read-only.</Notice>), "div")).not.toHaveProperty("role");
  });
});
