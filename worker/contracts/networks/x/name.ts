/** X's name as people write it: on its own so that a page naming a post's network loads no more of X's rules. */
export const X_NAME = "X";
