/**
 * The ids of the social networks Chorus publishes to, without their rules or schemas: what a sign-in button on every
 * page needs, kept apart from ./rules.ts so that the shell's chunk does not carry zod.
 */
export const networks = ["x", "bluesky"] as const;
export type Network = (typeof networks)[number];
