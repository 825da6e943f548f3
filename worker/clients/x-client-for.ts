import type { AppConfig } from "../config.ts";
import { createXClient, type XClient } from "./x-client.ts";

const clients = new WeakMap<AppConfig, XClient>();

/** One X client per configuration (per isolate). */
export function xClientFor(config: AppConfig): XClient {
  let client = clients.get(config);
  if (client === undefined) {
    client = createXClient(config.x);
    clients.set(config, client);
  }
  return client;
}
