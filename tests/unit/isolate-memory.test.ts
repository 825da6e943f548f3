import { expect, it } from "vitest";
import { keepBounded } from "../../worker/isolate-memory.ts";

it("keeps at most `max` entries, forgetting the oldest; a key kept again makes no room", () => {
  const memory = new Map<string, number>();
  for (const [key, value] of [
    ["a", 1],
    ["b", 2],
    ["c", 3],
  ] as const)
    keepBounded(memory, key, value, 3);
  keepBounded(memory, "b", 20, 3);
  expect([...memory]).toEqual([
    ["a", 1],
    ["b", 20],
    ["c", 3],
  ]);
  keepBounded(memory, "d", 4, 3);
  expect([...memory]).toEqual([
    ["b", 20],
    ["c", 3],
    ["d", 4],
  ]);
});
