import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../support/clock.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import { expectConsoleErrors } from "../../support/console-guard.ts";
import { fetchPage } from "../support/fetch.ts";
import { sessionCookieFor } from "../support/sessions.ts";

let signedIn: string;
beforeAll(async () => {
  await seedDemoData(env.DB, fixedClock(Date.now()));
  signedIn = await sessionCookieFor("user-ada_creates");
});

describe("server-rendered pages", () => {
  it("renders the dashboard: joined campaigns with standing, campaigns to join, recent posts", async () => {
    const response = await fetchPage("/", signedIn);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    const section = (id: string) => html.slice(html.indexOf(`id="${id}"`), html.indexOf("</section>", html.indexOf(`id="${id}"`)));
    expect(html).toContain("<h1>Dashboard</h1>");
    const joined = section("your-campaigns");
    expect(joined).toContain("Aurora wallet launch week");
    expect(joined).toContain("Back up your work with Nimbus");
    expect(joined).toContain("1 post");
    // Not started, ended and invite-only campaigns are not current ones.
    expect(joined).not.toContain("Nimbus spring cleaning");
    expect(section("open-campaigns")).not.toContain("Lumen devtools preview");
    expect(section("open-campaigns")).not.toContain("Lumen insiders");
    expect(section("recent-posts")).toContain("Loving Aurora wallet launch week! #demo");
  });

  it("renders New Post as it will work: usable for a creator with a running campaign, dimmed for someone without", async () => {
    const newPostDisabled = async (cookie: string) => {
      const html = await (await fetchPage("/", cookie)).text();
      return /<button aria-disabled="(true|false)"[^>]*class="ui-button new-post[^"]*"/.exec(html)?.[1];
    };
    expect(await newPostDisabled(signedIn)).toBe("false");
    expect(await newPostDisabled(await sessionCookieFor("user-chorus_admin"))).toBe("true");
  });

  it("renders a campaign with its Markdown description and safe external links", async () => {
    const html = await (await fetchPage("/campaign/campaign-aurora-launch", signedIn)).text();
    expect(html).toContain("<strong>Aurora wallet</strong>");
    expect(html).toMatch(/<a href="https:\/\/aurora.example\/launch" target="_blank" rel="noopener noreferrer">/);
  });

  it("lists ended campaigns on /past-campaigns", async () => {
    const html = await (await fetchPage("/past-campaigns", signedIn)).text();
    expect(html).toContain("Nimbus spring cleaning");
    expect(html).toContain("Aurora summer of payments");
  });

  it("shows a campaign preview by its secret token, even for an invite-only campaign", async () => {
    const response = await fetchPage("/campaign-preview/preview-lumen-insiders");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Lumen insiders");
    expect(html).toContain('content="noindex"');
  });

  it("renders the fixed landing variant for a dedicated advertiser and the standard one for others", async () => {
    expect(await (await fetchPage("/landing/aurora")).text()).toContain("Light up your feed with Aurora");
    const lumen = await (await fetchPage("/landing/lumen")).text();
    expect(lumen).toContain("Developer tools with a glow.");
    expect(lumen).toContain("Lumen Labs has no live campaign right now");
  });
});

describe("signed-out visitors", () => {
  it("see the sign-in page on / instead of the dashboard", async () => {
    const response = await fetchPage("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Get rewarded for what you post on X and Bluesky");
    expect(html).toContain('href="/auth/twitter/read/login?afterLoginRedirectUrl=%2F&amp;trigger=start-page&amp;domainType=core"');
    expect(html).not.toContain("Aurora wallet launch week");
  });

  it("are asked to sign in on the pages of the app, and come back to the same page afterwards", async () => {
    for (const path of ["/campaigns", "/campaign/campaign-aurora-launch", "/past-campaigns", "/profile", "/profile/settings"]) {
      const response = await fetchPage(path);
      expect(response.status, path).toBe(401);
      const html = await response.text();
      expect(html, path).toContain("Sign in to continue");
      expect(html, path).toContain(`afterLoginRedirectUrl=${encodeURIComponent(path)}`);
      expect(html, path).not.toContain("Aurora wallet launch week");
    }
  });

  it("carry the page's utm values and invitation into the sign-in link", async () => {
    const html = await (await fetchPage("/?utm_source=newsletter&utm_medium=email&invitationId=inv-42&utm_term=")).text();
    expect(html).toContain(
      'href="/auth/twitter/read/login?afterLoginRedirectUrl=%2F&amp;utm_source=newsletter&amp;utm_medium=email&amp;invite_id=inv-42&amp;trigger=start-page&amp;domainType=core"',
    );
  });
});

describe("signed-in creators", () => {
  it("see their handle in the header and their posts on the profile", async () => {
    const html = await (await fetchPage("/profile", signedIn)).text();
    expect(html).toContain("@ada_creates");
    expect(html).toContain("Loving Aurora wallet launch week! #demo");
    expect(html).toContain("Sign out");
  });
});

describe("the error screen", () => {
  it("answers unmatched paths with 404 and Page Not Found: {path}", async () => {
    const response = await fetchPage("/no/such/page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page Not Found: /no/such/page");
    expect(html).toMatch(/Error: (<!-- -->)?404/);
    expect(html).toContain("Go to dashboard");
    expect(html).not.toContain("Incident Id");
  });

  it("answers 404 for a campaign, landing page or preview that does not exist", async () => {
    for (const path of ["/campaign/nope", "/landing/nobody", "/campaign-preview/wrong-token", "/campaign/campaign-lumen-insiders"]) {
      const response = await fetchPage(path, signedIn);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain(`Page Not Found: ${path}`);
    }
  });

  it("renders status 500 with the time and an Incident Id when a loader fails", async () => {
    const loggedErrors = expectConsoleErrors();
    await env.DB.exec("ALTER TABLE campaigns RENAME TO campaigns_unavailable");
    try {
      const response = await fetchPage("/campaigns", signedIn);
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toMatch(/Error: (<!-- -->)?500/);
      expect(html).toContain("Incident Id");
      expect(html).toMatch(/data-incident-id="[0-9a-f]{12}"/);
      expect(html).toContain("Go to dashboard");
      expect(html).not.toContain("campaigns_unavailable");
      expect(loggedErrors().join("\n")).toContain("no such table: campaigns");
    } finally {
      await env.DB.exec("ALTER TABLE campaigns_unavailable RENAME TO campaigns");
    }
  });
});

describe("articles", () => {
  it("renders the terms and the privacy policy from their content files", async () => {
    const terms = await (await fetchPage("/articles/terms")).text();
    expect(terms).toContain("<h1>Terms of service</h1>");
    const privacy = await (await fetchPage("/articles/privacy-policy")).text();
    expect(privacy).toContain("<h1>Privacy policy</h1>");
    expect(privacy).toContain("userConsent");
  });

  it("answers 404 for an article that has no content file", async () => {
    expect((await fetchPage("/articles/cookies")).status).toBe(404);
  });
});
