/**
 * The tracker device id (SPEC.md section 2): the `vtid` query value on any page is read as the device id and
 * remembered in this browser; without one, the browser gets its own random id once.
 */
const storageKey = "tracker_device_id";

export function rememberTrackerDeviceId(search: string, storage: Pick<Storage, "getItem" | "setItem">): string {
  const fromQuery = new URLSearchParams(search).get("vtid")?.trim();
  if (fromQuery) {
    storage.setItem(storageKey, fromQuery);
    return fromQuery;
  }
  const stored = storage.getItem(storageKey);
  if (stored) return stored;
  const created = crypto.randomUUID();
  storage.setItem(storageKey, created);
  return created;
}

export function trackerDeviceId(): string {
  return rememberTrackerDeviceId(window.location.search, window.localStorage);
}
