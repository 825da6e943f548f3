/**
 * Debian's Chromium as the end-to-end tests and the Lighthouse benchmark start it: headless, and kept off the network
 * it would otherwise reach for at every start (this machine's network is closed). `CHROMIUM_PATH` names another binary.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const headlessChromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
