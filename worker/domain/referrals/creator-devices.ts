import { fingerprint } from "./fingerprints.ts";

/**
 * The devices a creator uses signed in (docs/decisions/047-risk-and-review.md): when a signed-in creator fetches a
 * referral link, their device is remembered in the click store under the same keyed hash a click of that device gets,
 * for as long as a click can be attributed (30 days, renewed on each fetch). A click whose device hash is one of its
 * creator's is self-referral. One key per creator and device, forgotten by KV itself: nothing here grows.
 */

export const CREATOR_DEVICE_TTL_SECONDS = 30 * 86_400;
const keyOf = (creatorId: string, deviceHash: string) => `creator-device:${creatorId}:${deviceHash}`;

/**
 * The device string is built as the click's is: user agent and languages (worker/http/referral-routes.ts). A write
 * that fails (KV takes one write a second per key: a creator reloading fast) is logged; the link is answered anyway.
 */
export async function rememberCreatorDevice(
  deps: { clicks: KVNamespace; encryptionKey: string },
  creatorId: string,
  device: string,
): Promise<void> {
  const deviceHash = await fingerprint(deps.encryptionKey, "device", device);
  await deps.clicks
    .put(keyOf(creatorId, deviceHash), "1", { expirationTtl: CREATOR_DEVICE_TTL_SECONDS })
    .catch((error: unknown) => console.error(`The device of ${creatorId} was not remembered`, error));
}

export type CreatorDevice = { creatorId: string; deviceHash: string };

/** Which of the (creator, device) pairs are a creator's own signed-in device, in bulk gets of 100 keys. */
export async function ownDevices(clicks: KVNamespace, pairs: readonly CreatorDevice[]): Promise<Set<string>> {
  const keys = [...new Set(pairs.map((pair) => keyOf(pair.creatorId, pair.deviceHash)))];
  const own = new Set<string>();
  for (let start = 0; start < keys.length; start += 100) {
    const found = await clicks.get(keys.slice(start, start + 100), "text");
    for (const [key, value] of found) if (value !== null) own.add(key);
  }
  return own;
}

export const creatorDeviceKey = (pair: CreatorDevice) => keyOf(pair.creatorId, pair.deviceHash);
