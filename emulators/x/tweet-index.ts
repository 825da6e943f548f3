import type { XTweet } from "./state.ts";

/**
 * The state's posts by id, so a lookup of 100 ids costs 100 map reads rather than 100 scans of every post ever made
 * (the polling benchmark keeps 50,000). Posts are only ever appended to the list (a deletion sets `deletedAt`), so
 * the index follows the list by indexing what was appended since it last looked; a list that shrank or was replaced
 * is indexed afresh. Each id keeps its posts in list order, so the answer is the one a scan would give.
 */
type Index = { indexed: number; byId: Map<string, XTweet[]> };

const indexes = new WeakMap<XTweet[], Index>();

function indexOf(tweets: XTweet[]): Index {
  let index = indexes.get(tweets);
  if (index === undefined || index.indexed > tweets.length) {
    index = { indexed: 0, byId: new Map() };
    indexes.set(tweets, index);
  }
  for (; index.indexed < tweets.length; index.indexed += 1) {
    const tweet = tweets[index.indexed];
    if (tweet === undefined) continue;
    const same = index.byId.get(tweet.id);
    if (same === undefined) index.byId.set(tweet.id, [tweet]);
    else same.push(tweet);
  }
  return index;
}

/** The first post with this id that is not deleted, as `tweets.find(…)` would find it. */
export function findLiveTweet(tweets: XTweet[], id: string): XTweet | undefined {
  return indexOf(tweets)
    .byId.get(id)
    ?.find((tweet) => tweet.deletedAt === null);
}
