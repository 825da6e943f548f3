/**
 * Debian's Chromium as the end-to-end tests and the benchmarks start it: headless, and kept off the network it would
 * otherwise reach for at every start (this machine's network is closed). `CHROMIUM_PATH` names another binary.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const baseFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Desktop Chromium's address-bar popup is a web page of its own (a "top Chrome" WebUI renderer), loaded with every
 * window, headless ones too. A trace of the throttled home page (2026-11-27) found it busy for 2.4–2.8 s of CPU during
 * each load, on this machine's two cores beside the page, and no phone runs it: the time to interactive measured
 * 2.2 s without it against 2.8–3.0 s with it. docs/decisions/031-no-tap-lost.md.
 */
const browserUiFeatures = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"];

/**
 * What Playwright disables (playwright-core's `chromiumSwitches`). Chromium keeps only the last `--disable-features`,
 * and Playwright puts ours after its own, so ours repeats its list (tests/unit/chromium-flags.test.ts holds them in step).
 */
export const playwrightDisabledFeatures = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

const disableFeaturesSwitch = "--disable-features=";
const disableFeatures = (launcherDefaults: readonly string[]) =>
  `${disableFeaturesSwitch}${[...new Set([...launcherDefaults, ...browserUiFeatures])].join(",")}`;

/** The flags for Playwright's launch. */
export const headlessChromiumFlags = [...baseFlags, disableFeatures(playwrightDisabledFeatures)];

/**
 * The flags for a launcher that puts its own defaults, a `--disable-features` among them, before these (chrome-launcher,
 * for Lighthouse): the features it disables are disabled still.
 */
export function headlessChromiumFlagsAfter(launcherDefaultFlags: readonly string[]): string[] {
  const launcherFeatures = launcherDefaultFlags
    .filter((flag) => flag.startsWith(disableFeaturesSwitch))
    .flatMap((flag) => flag.slice(disableFeaturesSwitch.length).split(","));
  return [...baseFlags, disableFeatures(launcherFeatures)];
}
