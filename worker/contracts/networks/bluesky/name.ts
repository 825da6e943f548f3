/** Bluesky's name as people write it: on its own so that a page naming a post's network loads no more of Bluesky's rules. */
export const BLUESKY_NAME = "Bluesky";
