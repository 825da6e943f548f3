import type { BlueskyPost } from "./state.ts";

/**
 * The state's posts by repo and record key, so getPosts of 25 URIs costs 25 map reads rather than 25 scans of every
 * post ever made (the polling benchmark keeps 50,000). Posts are only ever appended to the list (a deletion sets
 * `deletedAt`), so the index follows the list by indexing what was appended since it last looked; a list that shrank
 * or was replaced is indexed afresh. Each key keeps its posts in list order (a record key may be used again after a
 * deletion), so the answer is the one a scan would give.
 */
type Index = { indexed: number; byRecord: Map<string, BlueskyPost[]> };

const indexes = new WeakMap<BlueskyPost[], Index>();

const keyOf = (did: string, rkey: string) => `${did} ${rkey}`;

function indexOf(posts: BlueskyPost[]): Index {
  let index = indexes.get(posts);
  if (index === undefined || index.indexed > posts.length) {
    index = { indexed: 0, byRecord: new Map() };
    indexes.set(posts, index);
  }
  for (; index.indexed < posts.length; index.indexed += 1) {
    const post = posts[index.indexed];
    if (post === undefined) continue;
    const key = keyOf(post.did, post.rkey);
    const same = index.byRecord.get(key);
    if (same === undefined) index.byRecord.set(key, [post]);
    else same.push(post);
  }
  return index;
}

/** The first post of this repo with this record key that is not deleted, as `posts.find(…)` would find it. */
export function findLivePost(posts: BlueskyPost[], did: string, rkey: string): BlueskyPost | undefined {
  return indexOf(posts)
    .byRecord.get(keyOf(did, rkey))
    ?.find((post) => post.deletedAt === null);
}
