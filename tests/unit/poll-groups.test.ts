import { describe, expect, it } from "vitest";
import { leasePlan, readGroupOf, readGroups, toReadGroups } from "../../worker/domain/rewards/read-groups.ts";

const MINUTE = 60_000;

describe("the groups a polling run reads posts in", () => {
  it("reads X posts per author (their own access) and Bluesky posts across authors (public counts)", () => {
    const groups = readGroups([
      { postId: "b1", network: "bluesky", userId: "ada", nextPollAt: 1 * MINUTE },
      { postId: "b2", network: "bluesky", userId: "bob", nextPollAt: 2 * MINUTE },
      { postId: "x1", network: "x", userId: "ada", nextPollAt: 3 * MINUTE },
      { postId: "b3", network: "bluesky", userId: "cy", nextPollAt: 4 * MINUTE },
      { postId: "x2", network: "x", userId: "bob", nextPollAt: 5 * MINUTE },
      { postId: "x3", network: "x", userId: "ada", nextPollAt: 6 * MINUTE },
    ] as const);
    expect(groups.map((group) => group.map((target) => target.postId))).toEqual([["b1", "b2", "b3"], ["x1", "x3"], ["x2"]]);
  });

  it("takes groups in due order: the group with the oldest due post first, whatever the network or owner", () => {
    const groups = readGroups([
      { postId: "x-ada-late", network: "x", userId: "ada", nextPollAt: 9 * MINUTE },
      { postId: "b-cy", network: "bluesky", userId: "cy", nextPollAt: 5 * MINUTE },
      { postId: "x-zed", network: "x", userId: "zed", nextPollAt: 1 * MINUTE },
      { postId: "x-ada", network: "x", userId: "ada", nextPollAt: 3 * MINUTE },
      { postId: "x-bob", network: "x", userId: "bob", nextPollAt: 3 * MINUTE },
    ] as const);
    expect(groups.map((group) => group.map((target) => target.postId))).toEqual([["x-zed"], ["x-ada", "x-ada-late"], ["x-bob"], ["b-cy"]]);
  });

  it("cuts a group into calls of the network's batch size, each with its owner where reads need one", () => {
    const bluesky = Array.from({ length: 27 }, (_, index) => ({
      postId: `b${String(index).padStart(2, "0")}`,
      network: "bluesky" as const,
      userId: `owner-${index % 3}`,
      nextPollAt: 10 * MINUTE + index,
    }));
    const groups = toReadGroups([{ postId: "x1", network: "x", userId: "ada", nextPollAt: MINUTE }, ...bluesky], 99 * MINUTE);
    expect(groups.map((group) => [group.network, group.ownerId, group.postIds.length, group.leaseUntil])).toEqual([
      ["x", "ada", 1, 99 * MINUTE],
      ["bluesky", null, 25, 99 * MINUTE],
      ["bluesky", null, 2, 99 * MINUTE],
    ]);
  });
});

describe("what a run leases from the oldest due posts", () => {
  const due = [
    { postId: "x1", network: "x", userId: "ada", nextPollAt: 1 },
    { postId: "x2", network: "x", userId: "bob", nextPollAt: 2 },
    { postId: "x3", network: "x", userId: "ada", nextPollAt: 3 },
    { postId: "b1", network: "bluesky", userId: "ada", nextPollAt: 4 },
    { postId: "x4", network: "x", userId: "cy", nextPollAt: 5 },
  ] as const;

  it("fills each X owner's read (X's batch of 100) and takes Bluesky's due posts as they are", () => {
    expect(leasePlan(due, { groupsPerRun: 10 })).toEqual({
      owners: [
        { userId: "ada", network: "x", batchSize: 100 },
        { userId: "bob", network: "x", batchSize: 100 },
        { userId: "cy", network: "x", batchSize: 100 },
      ],
      postIds: ["b1"],
    });
  });

  it("stops at the run's number of groups, in due order: later owners wait for the next run", () => {
    expect(leasePlan(due, { groupsPerRun: 3 })).toEqual({
      owners: [
        { userId: "ada", network: "x", batchSize: 100 },
        { userId: "bob", network: "x", batchSize: 100 },
      ],
      postIds: ["b1"],
    });
  });
});

describe("a read group as the polling queue carries it", () => {
  it("is read back as sent, and refused when the scheduler could not have sent it", () => {
    const group = { network: "x", ownerId: "ada", postIds: ["p1", "p2"], leaseUntil: 1_800_000 };
    expect(readGroupOf(group)).toEqual(group);
    expect(readGroupOf({ ...group, network: "myspace" })).toBeNull();
    expect(readGroupOf({ ...group, postIds: Array.from({ length: 101 }, (_, index) => `p${index}`) })).toBeNull();
    expect(readGroupOf({ ...group, leaseUntil: "soon" })).toBeNull();
  });
});
