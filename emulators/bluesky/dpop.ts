import { createHash } from "node:crypto";
import { EmbeddedJWK, calculateJwkThumbprint, errors, jwtVerify } from "jose";
import { randomToken } from "./ids.ts";

/** DPoP proofs (RFC 9449) checked with jose: signature by the key in the header, method, URL, age, replay, nonce. */
export type DpopVerdict = { ok: true; jkt: string } | { ok: false; error: "invalid_dpop_proof" | "use_dpop_nonce"; message: string };

export type DpopVerifier = {
  /** The nonce to hand out now (the `DPoP-Nonce` header of every answer). */
  nonce(): string;
  verify(proof: string | undefined, method: string, url: string, accessToken?: string): Promise<DpopVerdict>;
};

const NONCE_LIFETIME_MS = 3 * 60 * 1000;
const PROOF_MAX_AGE_S = 60;

export function createDpopVerifier(now: () => number): DpopVerifier {
  let current = { value: randomToken(16), issuedAt: now() };
  let previous: string | null = null;
  /** jti → when it may be forgotten; a proof is usable once. */
  const seen = new Map<string, number>();

  function rotate() {
    const at = now();
    if (at - current.issuedAt < NONCE_LIFETIME_MS) return;
    previous = current.value;
    current = { value: randomToken(16), issuedAt: at };
    for (const [jti, forgetAt] of seen) if (forgetAt <= at) seen.delete(jti);
  }

  return {
    nonce() {
      rotate();
      return current.value;
    },
    async verify(proof, method, url, accessToken) {
      rotate();
      if (proof === undefined || proof === "") return { ok: false, error: "invalid_dpop_proof", message: "DPoP proof required" };
      let payload: Record<string, unknown>;
      let jkt: string;
      try {
        const verified = await jwtVerify(proof, EmbeddedJWK, {
          typ: "dpop+jwt",
          maxTokenAge: PROOF_MAX_AGE_S,
          clockTolerance: 10,
          currentDate: new Date(now()),
        });
        payload = verified.payload;
        const jwk = verified.protectedHeader.jwk;
        if (jwk === undefined) return { ok: false, error: "invalid_dpop_proof", message: "DPoP proof has no jwk" };
        jkt = await calculateJwkThumbprint(jwk, "sha256");
      } catch (error) {
        const reason = error instanceof errors.JOSEError ? error.message : "unreadable";
        return { ok: false, error: "invalid_dpop_proof", message: `Invalid DPoP proof (${reason})` };
      }
      if (payload.htm !== method) return { ok: false, error: "invalid_dpop_proof", message: "DPoP htm mismatch" };
      if (typeof payload.htu !== "string" || stripQuery(payload.htu) !== stripQuery(url)) {
        return { ok: false, error: "invalid_dpop_proof", message: "DPoP htu mismatch" };
      }
      if (typeof payload.jti !== "string" || payload.jti === "")
        return { ok: false, error: "invalid_dpop_proof", message: "DPoP jti missing" };
      if (accessToken !== undefined) {
        const ath = createHash("sha256").update(accessToken).digest("base64url");
        if (payload.ath !== ath) return { ok: false, error: "invalid_dpop_proof", message: "DPoP ath mismatch" };
      }
      if (payload.nonce !== current.value && (previous === null || payload.nonce !== previous)) {
        return { ok: false, error: "use_dpop_nonce", message: "Authorization server requires nonce in DPoP proof" };
      }
      if (seen.has(payload.jti)) return { ok: false, error: "invalid_dpop_proof", message: "DPoP proof replayed" };
      seen.set(payload.jti, now() + 2 * PROOF_MAX_AGE_S * 1000);
      return { ok: true, jkt };
    },
  };
}

function stripQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}
