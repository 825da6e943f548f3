import { expect } from "vitest";

/**
 * Client addresses for requests to the worker under test. Miniflare's rate limiters count per address in memory,
 * and every test file of a vitest worker shares that memory (decision 054), so a file that reused another's
 * address (or sent none, counted as "unknown") would spend that file's budget within the same minute. Each address
 * here is random in the IPv6 documentation range: no two files or tests share one.
 */
export function uniqueClientAddress(): string {
  const groups = Array.from(crypto.getRandomValues(new Uint16Array(4)), (group) => group.toString(16));
  return `2001:db8:${groups.join(":")}::1`;
}

const addressOfFile = new Map<string, string>();

/** The address this test file's requests come from when they name none. */
export function thisFilesClientAddress(): string {
  const file = expect.getState().testPath ?? "outside a test file";
  let address = addressOfFile.get(file);
  if (address === undefined) {
    address = uniqueClientAddress();
    addressOfFile.set(file, address);
  }
  return address;
}

/** The request (a test's own, so its headers can change), from this file's address unless it names its own. */
export function fromThisFile(request: Request): Request {
  if (!request.headers.has("cf-connecting-ip")) request.headers.set("cf-connecting-ip", thisFilesClientAddress());
  return request;
}
