import { describe, expect, it } from "vitest";
import { readGroups } from "../../worker/domain/rewards/polling.ts";

describe("the groups a polling run reads posts in", () => {
  it("reads X posts per author (their own access) and Bluesky posts across authors (public counts)", () => {
    const groups = readGroups([
      { postId: "b1", network: "bluesky", userId: "ada" },
      { postId: "b2", network: "bluesky", userId: "bob" },
      { postId: "x1", network: "x", userId: "ada" },
      { postId: "b3", network: "bluesky", userId: "cy" },
      { postId: "x2", network: "x", userId: "bob" },
      { postId: "x3", network: "x", userId: "ada" },
    ] as const);
    expect(groups.map((group) => group.map((target) => target.postId))).toEqual([["b1", "b2", "b3"], ["x1", "x3"], ["x2"]]);
  });
});
