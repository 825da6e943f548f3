import { env } from "cloudflare:test";
import { systemClock } from "../../../worker/clock.ts";
import { configFrom } from "../../../worker/config.ts";
import { findXCredentials } from "../../../worker/db/networks/x/credentials.ts";
import { networksFor } from "../../../worker/domain/networks/registry.ts";
import { decryptSecret } from "../../../worker/security/encryption.ts";
import { editPostTextOnX, exhaustXRateLimit, removePaidPartnershipLabel, revokeOnX } from "../../support/x-emulator-controls.ts";
import { networkAdapterContract } from "../support/network-adapter-contract.ts";

const secret = (name: string) => String(Reflect.get(env, name));

/** X's adapter against the X emulator over real HTTP, with the contract's cases. */
networkAdapterContract("X against the X emulator", () => ({
  adapter: networksFor({ db: env.DB, clock: systemClock, config: configFrom(env), encryptionKey: secret("TOKEN_ENCRYPTION_KEY") })("x"),
  now: () => systemClock.now(),
  standIn: {
    // The X emulator creates an account when a person first approves as a new handle (at most 15 characters).
    newAccount: async (prefix) =>
      `${prefix}${crypto
        .randomUUID()
        .replace(/-/g, "")
        .slice(0, 14 - prefix.length)}`,
    async approve(authorizationUrl, handle) {
      const url = new URL(authorizationUrl);
      url.searchParams.set("emulator_login", handle);
      const response = await fetch(url, { redirect: "manual" });
      const location = response.headers.get("location");
      if (location === null) throw new Error(`The X emulator answered ${response.status} without a redirect`);
      return new URL(location).searchParams;
    },
    removeLabel: (postId) => removePaidPartnershipLabel(env.X_API_BASE_URL, postId),
    editText: (postId, text) => editPostTextOnX(env.X_API_BASE_URL, postId, text),
    async exhaustAllowance(handle) {
      await exhaustXRateLimit(env.X_API_BASE_URL, handle, "tweets.lookup");
      return "reads";
    },
    async revokeAccess({ userId }) {
      const stored = await findXCredentials(env.DB, userId);
      if (stored === null) throw new Error("no X credentials");
      const client = { clientId: env.X_CLIENT_ID, clientSecret: secret("X_CLIENT_SECRET") };
      await revokeOnX(env.X_API_BASE_URL, client, await decryptSecret(stored.accessTokenEncrypted, secret("TOKEN_ENCRYPTION_KEY")));
      if (stored.refreshTokenEncrypted !== null) {
        await revokeOnX(env.X_API_BASE_URL, client, await decryptSecret(stored.refreshTokenEncrypted, secret("TOKEN_ENCRYPTION_KEY")));
      }
    },
  },
}));
