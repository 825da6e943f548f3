import { createContext } from "react-router";
import type { Capabilities } from "../worker/capabilities.ts";
import type { Brand } from "@contracts/brand.ts";
import type { SignedInSession } from "@contracts/current-user.ts";

/**
 * What the worker hands to every loader and action: React Router 8 has no AppLoadContext, so the Hono entry fills
 * this typed slot of the RouterContextProvider once per request (docs/decisions/001-edge-wiring.md). Loaders pass
 * the capabilities to their route's page loader (worker/loaders/, `@loaders/…`).
 */
export type WorkerContext = {
  capabilities: Capabilities;
  requestId: string;
  /** The signed-in session from the HttpOnly session cookie, or null. */
  session: SignedInSession | null;
  /** The partner brand of the hostname, resolved before rendering starts (null: the app's own brand). */
  brand: Brand | null;
  /** The CSP nonce every script of this page carries. */
  nonce: string;
  waitUntil(promise: Promise<unknown>): void;
};

export const workerContext = createContext<WorkerContext>();
