/**
 * Local secrets for `npm start`, the build's prerender step and the end-to-end tests: written once into .dev.vars
 * (git-ignored) with fresh random values, so no secret is committed and a fresh clone needs no manual step.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const path = ".dev.vars";
const existing = existsSync(path) ? readFileSync(path, "utf8") : "";
const defined = new Set(existing.split("\n").map((line) => line.split("=")[0]?.trim()));

const wanted: Record<string, () => string> = {
  // Must match the X emulator's client secret (X_CLIENT_SECRET of emulators/x/main.ts).
  X_CLIENT_SECRET: () => "chorus-local-secret",
  JWT_SIGNING_KEY: () => randomBytes(48).toString("base64"),
  TOKEN_ENCRYPTION_KEY: () => randomBytes(32).toString("base64"),
  ADMIN_SPOOFING_SECRET: () => randomBytes(32).toString("base64url"),
  // The keys the local emulators accept by default (emulators/mail/main.ts, payout-rail/main.ts); `npm start`
  // hands the emulators whatever this file holds, so an edited key still matches.
  MAIL_API_KEY: () => "chorus-local-mail-key",
  PAYOUT_API_KEY: () => "chorus-local-payout-key",
  // Signs the payout rail's webhooks; `npm start` hands the same value to the emulator.
  PAYOUT_WEBHOOK_SECRET: () => randomBytes(32).toString("base64url"),
};

const missing = Object.entries(wanted).filter(([name]) => !defined.has(name));
if (missing.length > 0) {
  const lines = missing.map(([name, generate]) => `${name}="${generate()}"`);
  const prefix = existing.length === 0 || existing.endsWith("\n") ? "" : "\n";
  writeFileSync(path, `${existing}${prefix}${lines.join("\n")}\n`);
  console.log(`Wrote local secrets to ${path}: ${missing.map(([name]) => name).join(", ")}`);
}
