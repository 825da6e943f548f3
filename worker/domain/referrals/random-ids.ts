import { hex } from "../../security/encoding.ts";

/** Random hex from WebCrypto's generator: referral codes must not be guessable. */
const randomHex = (bytes: number) => hex(crypto.getRandomValues(new Uint8Array(bytes)));

/** 12 hex digits, the same form migration 0050 draws in SQL as a creator joins. */
export const newReferralCode = () => randomHex(6);
