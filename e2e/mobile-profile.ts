import type { BrowserContextOptions, CDPSession } from "@playwright/test";

/**
 * Lighthouse's mobile profile, applied to a real browser through the DevTools protocol: its phone (a moto g power:
 * 412 × 823 at 1.75, touch, its user agent) and its slow 4G and CPU slowdown (4× slower, 150 ms round trip, 1.6 Mbps
 * down, 750 kbps up). Lighthouse itself only simulates these figures from an unthrottled load; here the page really
 * runs at that pace, so what a person can tap and when is what a phone would give them. Shared by the taps test
 * (e2e/taps-before-interactive.mobile.spec.ts) and the benchmark (bench/time-to-interactive.ts).
 */
export const mobilePhone: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
};

export const mobileThrottling = {
  cpuSlowdown: 4,
  roundTripMs: 150,
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
} as const;

/** Slows the page of `cdp` down to the mobile profile; it lasts for that page's later loads too. */
export async function throttleLikeAPhone(cdp: CDPSession): Promise<void> {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: mobileThrottling.roundTripMs,
    downloadThroughput: mobileThrottling.downloadBitsPerSecond / 8,
    uploadThroughput: mobileThrottling.uploadBitsPerSecond / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: mobileThrottling.cpuSlowdown });
}
