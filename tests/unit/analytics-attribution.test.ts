import { describe, expect, it } from "vitest";
import { loginAttribution, rememberAttribution, storedAttribution, touchOf } from "../../app/lib/analytics/attribution.ts";
import { readLoginHref } from "../../app/lib/login-url.ts";

class MemoryStorage {
  readonly values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
  removeItem = (key: string) => void this.values.delete(key);
}

describe("attribution of a page", () => {
  it("keeps only non-empty utm values and reads invitationId as invite_id", () => {
    expect(touchOf("?utm_source=x&utm_medium=&utm_campaign=%20%20&utm_term=spring&invitationId=inv-1&other=1")).toEqual({
      utm_source: "x",
      utm_term: "spring",
      invite_id: "inv-1",
    });
  });

  it("prefers invite_id over its spelling invitationId", () => {
    expect(touchOf("?invite_id=a&invitationId=b")).toEqual({ invite_id: "a" });
  });
});

describe("first and last touch", () => {
  it("stores the first touch once and never overwrites it, while the last touch follows each visit", () => {
    const storage = new MemoryStorage();
    rememberAttribution("?utm_source=newsletter&utm_campaign=spring", storage);
    rememberAttribution("?utm_source=x&utm_content=banner", storage);
    expect(storedAttribution(storage)).toEqual({
      first_utm_source: "newsletter",
      first_utm_campaign: "spring",
      utm_source: "x",
      utm_content: "banner",
    });
  });

  it("leaves both touches alone on a page without utm values", () => {
    const storage = new MemoryStorage();
    rememberAttribution("?utm_source=newsletter", storage);
    rememberAttribution("?page=2&utm_source=", storage);
    expect(storedAttribution(storage)).toEqual({ first_utm_source: "newsletter", utm_source: "newsletter" });
  });

  it("a visit without utm values does not take the first touch", () => {
    const storage = new MemoryStorage();
    rememberAttribution("?invitationId=inv-7", storage);
    rememberAttribution("?utm_campaign=later", storage);
    expect(storedAttribution(storage)).toEqual({ invite_id: "inv-7", utm_campaign: "later", first_utm_campaign: "later" });
  });
});

describe("attribution through the read login", () => {
  it("carries what earlier pages stored when the visitor signs in pages later", () => {
    const storage = new MemoryStorage();
    rememberAttribution("?utm_source=newsletter&invite_id=inv-1", storage);
    rememberAttribution("?utm_source=x", storage);
    const href = new URL(
      readLoginHref({ network: "x", afterLoginRedirectUrl: "/campaigns", pageSearch: "?tab=open", storage }),
      "http://chorus.test",
    );
    expect(Object.fromEntries(href.searchParams)).toEqual({
      afterLoginRedirectUrl: "/campaigns",
      utm_source: "x",
      first_utm_source: "newsletter",
      invite_id: "inv-1",
    });
  });

  it("lets the page's own values win over stored ones", () => {
    const storage = new MemoryStorage();
    rememberAttribution("?utm_source=newsletter&utm_term=old&invite_id=inv-1", storage);
    expect(loginAttribution("?utm_source=ad&invitationId=inv-2", storage)).toEqual({
      utm_source: "ad",
      first_utm_source: "newsletter",
      first_utm_term: "old",
      invite_id: "inv-2",
    });
  });

  it("uses only the page's values without storage (the server's render)", () => {
    expect(loginAttribution("?utm_medium=social", null)).toEqual({ utm_medium: "social" });
  });
});
