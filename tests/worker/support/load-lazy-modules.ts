/*
 * Runs before each test file (vitest.config.ts), and loads what the worker only imports on first use: the Bluesky
 * adapter and its @atproto lexicons (1.1 MB, decision 042). Test files share a workerd process, and vitest hands it
 * modules one by one, so that first use cost whichever test came first many seconds, over a test's 30 s on a loaded
 * machine. Here it is paid once per process, before any test, and later files find the module loaded.
 */
await import("../../../worker/domain/networks/bluesky/adapter.ts");
export {};
