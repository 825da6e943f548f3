/** The id of the running build, fixed at build time (vite.config.ts `define`). */
declare const __CHORUS_BUILD_ID__: string;
