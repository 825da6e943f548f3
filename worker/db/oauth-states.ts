import { z } from "zod";
import { loginFlows, loginParamsSchema, type LoginFlow, type LoginParams } from "../contracts/login.ts";
import { networks, type Network } from "../contracts/networks/rules.ts";
import type { Database } from "../database.ts";

const oauthStateSchema = z
  .object({
    state_hash: z.string(),
    network: z.enum(networks),
    flow: z.enum(loginFlows),
    code_verifier: z.string(),
    browser_binding_hash: z.string(),
    redirect_uri: z.string(),
    login_params: z.string().transform((text) => loginParamsSchema.parse(JSON.parse(text))),
    created_at: z.number(),
    expires_at: z.number(),
  })
  .transform((row) => ({
    network: row.network,
    flow: row.flow,
    codeVerifier: row.code_verifier,
    browserBindingHash: row.browser_binding_hash,
    redirectUri: row.redirect_uri,
    loginParams: row.login_params,
    expiresAt: row.expires_at,
  }));
export type OAuthState = z.infer<typeof oauthStateSchema>;

export async function insertOAuthState(
  db: Database,
  state: {
    stateHash: string;
    network: Network;
    flow: LoginFlow;
    codeVerifier: string;
    browserBindingHash: string;
    redirectUri: string;
    loginParams: LoginParams;
    createdAt: number;
    expiresAt: number;
  },
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO oauth_states (state_hash, network, flow, code_verifier, browser_binding_hash, redirect_uri, login_params, created_at,
         expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      state.stateHash,
      state.network,
      state.flow,
      state.codeVerifier,
      state.browserBindingHash,
      state.redirectUri,
      JSON.stringify(state.loginParams),
      state.createdAt,
      state.expiresAt,
    )
    .run();
}

/** Deletes up to `limit` states that expired at or before `now` (oldest first, by the expiry index); returns how many. */
export async function deleteExpiredOAuthStates(db: Database, now: number, limit: number): Promise<number> {
  const result = await db
    .prepare(
      `DELETE FROM oauth_states WHERE state_hash IN (
         SELECT state_hash FROM oauth_states WHERE expires_at <= ? ORDER BY expires_at LIMIT ?
       )`,
    )
    .bind(now, limit)
    .run();
  return result.meta.changes;
}

/** Takes a state out of the table: it can be used once, whoever asks first. */
export async function takeOAuthState(db: Database, stateHash: string): Promise<OAuthState | null> {
  const row = await db.prepare(`DELETE FROM oauth_states WHERE state_hash = ? RETURNING *`).bind(stateHash).first();
  return row === null ? null : oauthStateSchema.parse(row);
}
