/** Random hex from WebCrypto's generator: referral codes and click ids must not be guessable. */
function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** 12 hex digits, the same form migration 0050 draws in SQL as a creator joins. */
export const newReferralCode = () => randomHex(6);

/** `clk_` and 128 random bits. */
export const newClickId = () => `clk_${randomHex(16)}`;
