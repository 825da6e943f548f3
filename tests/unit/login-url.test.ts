import { describe, expect, it } from "vitest";
import { domainTypeOf, readLoginContextQuery, readLoginHref } from "../../app/lib/login-url.ts";
import { fullPageWriteLoginUrl, popupWriteLoginUrl } from "../../app/features/posting/write-access.ts";

const queryOf = (href: string) => Object.fromEntries(new URL(href, "http://127.0.0.1").searchParams);

describe("where a read login was started", () => {
  it("names the core domain and the button, and nothing it does not know", () => {
    expect(readLoginContextQuery({ trigger: "header", partnerName: null, brandLayout: "default" })).toEqual({
      trigger: "header",
      domainType: "core",
    });
  });

  it("names the partner, its kind of domain, the campaign and its week on a partner's campaign page", () => {
    expect(
      readLoginContextQuery({
        trigger: "sign-in-prompt",
        partnerName: "acme",
        brandLayout: "partner",
        campaignId: "campaign-aurora-launch",
        campaignWeek: 0,
      }),
    ).toEqual({
      trigger: "sign-in-prompt",
      domainType: "partner",
      partnerName: "acme",
      campaignId: "campaign-aurora-launch",
      campaignIndex: "0",
    });
    expect(domainTypeOf("dedicated")).toBe("dedicated");
  });

  it("sends no week without a campaign", () => {
    expect(readLoginContextQuery({ trigger: "invitation", partnerName: "", brandLayout: "default", campaignWeek: 3 })).toEqual({
      trigger: "invitation",
      domainType: "core",
    });
  });

  it("puts the context in the login URL beside the return path", () => {
    const context = readLoginContextQuery({ trigger: "start-page", partnerName: "aurora", brandLayout: "dedicated" });
    expect(queryOf(readLoginHref({ network: "x", afterLoginRedirectUrl: "/", pageSearch: "", extra: context }))).toEqual({
      afterLoginRedirectUrl: "/",
      trigger: "start-page",
      domainType: "dedicated",
      partnerName: "aurora",
    });
  });
});

describe("the write login", () => {
  it("sends its trigger from the popup and from the full page", () => {
    expect(queryOf(popupWriteLoginUrl())).toEqual({
      page_path: "/popup/signed-in",
      modal_to_open: "post-editor",
      onCancelLoginRedirectUrl: "/popup/signed-in",
      trigger: "post-editor-allow-posting",
    });
    expect(queryOf(fullPageWriteLoginUrl({ pathname: "/campaign/c-1", search: "?modal_to_open=post-editor&tab=rules" }))).toEqual({
      page_path: "/campaign/c-1?tab=rules",
      modal_to_open: "post-editor",
      onCancelLoginRedirectUrl: "/campaign/c-1?tab=rules",
      trigger: "post-editor-allow-posting",
    });
  });
});
