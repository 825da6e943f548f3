import { hex } from "../../security/encoding.ts";

/** Random hex from WebCrypto's generator: referral codes and click ids must not be guessable. */
const randomHex = (bytes: number) => hex(crypto.getRandomValues(new Uint8Array(bytes)));

/** 12 hex digits, the same form migration 0050 draws in SQL as a creator joins. */
export const newReferralCode = () => randomHex(6);

/** `clk_` and 128 random bits. */
export const newClickId = () => `clk_${randomHex(16)}`;
