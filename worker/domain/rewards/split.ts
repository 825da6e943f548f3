/**
 * Splitting a pool among posts in proportion to their scores, with a cap on what one creator may take (PRODUCT.md
 * "Posts and rewards"). Pure and exact: amounts are integers in the currency's smallest unit, arithmetic is BigInt,
 * and the result depends only on the input set (not its order).
 *
 * 1. Creators are capped by water-filling: a creator whose proportional share of what is left exceeds the cap gets
 *    the cap, and the rest is shared again among the others (largest scores first, so capped creators are a prefix).
 * 2. The uncapped creators share what is left in proportion to their scores; each creator's amount is then shared
 *    among their posts in proportion to score. At both levels shares are rounded down and the units left by
 *    rounding go one each to the largest fractional parts (ties: the smaller id), so rounding loses nothing and
 *    never lifts a creator over the cap.
 * 3. What cannot be handed out — every creator capped, or no score at all — is the remainder. The caller keeps it
 *    in the pool account: it is never lost or created (docs/decisions/008-ledger-and-rewards.md).
 */
export type SplitEntry = { postId: string; creatorId: string; score: number };

export type SplitResult = {
  /** Every entry's share, by post id (zero included). */
  shares: Map<string, number>;
  /** Each creator's total, by creator id. */
  creatorTotals: Map<string, number>;
  /** The most one creator may receive from this pool. */
  creatorCap: number;
  distributed: number;
  /** pool − distributed: stays in the pool. */
  remainder: number;
};

const BASIS_POINTS = 10_000n;

type Claimant = { id: string; weight: bigint };

/**
 * Shares `amount` among claimants in proportion to weight: floors, then one unit each to the largest remainders.
 * Σ result = amount when Σ weight > 0; every result ≤ ceil(amount × weight / Σ weight).
 */
function proportional(amount: bigint, claimants: readonly Claimant[]): Map<string, bigint> {
  const total = claimants.reduce((sum, claimant) => sum + claimant.weight, 0n);
  const result = new Map<string, bigint>();
  if (total === 0n) {
    for (const claimant of claimants) result.set(claimant.id, 0n);
    return result;
  }
  let handedOut = 0n;
  const fractions: { id: string; fraction: bigint }[] = [];
  for (const claimant of claimants) {
    const exact = amount * claimant.weight;
    const share = exact / total;
    result.set(claimant.id, share);
    handedOut += share;
    fractions.push({ id: claimant.id, fraction: exact % total });
  }
  let left = amount - handedOut;
  fractions.sort((a, b) => (a.fraction === b.fraction ? compareIds(a.id, b.id) : a.fraction > b.fraction ? -1 : 1));
  for (const { id, fraction } of fractions) {
    if (left === 0n || fraction === 0n) break;
    result.set(id, (result.get(id) ?? 0n) + 1n);
    left -= 1n;
  }
  return result;
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function checkInput(pool: number, capBps: number, entries: readonly SplitEntry[]) {
  if (!Number.isSafeInteger(pool) || pool < 0) throw new RangeError(`The pool must be a whole amount ≥ 0, got ${pool}`);
  if (!Number.isInteger(capBps) || capBps < 1 || capBps > 10_000) {
    throw new RangeError(`The creator cap must be 1 to 10000 basis points, got ${capBps}`);
  }
  const seen = new Set<string>();
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.score) || entry.score < 0) throw new RangeError(`Post ${entry.postId} has score ${entry.score}`);
    if (seen.has(entry.postId)) throw new RangeError(`Post ${entry.postId} appears twice in one split`);
    seen.add(entry.postId);
  }
}

export function splitPool(pool: number, entries: readonly SplitEntry[], capBps: number): SplitResult {
  checkInput(pool, capBps, entries);
  const poolUnits = BigInt(pool);
  const cap = (poolUnits * BigInt(capBps)) / BASIS_POINTS;

  const postsByCreator = new Map<string, SplitEntry[]>();
  for (const entry of entries) {
    const list = postsByCreator.get(entry.creatorId) ?? [];
    list.push(entry);
    postsByCreator.set(entry.creatorId, list);
  }
  const creators: Claimant[] = [...postsByCreator].map(([id, posts]) => ({
    id,
    weight: posts.reduce((sum, post) => sum + BigInt(post.score), 0n),
  }));
  creators.sort((a, b) => (a.weight === b.weight ? compareIds(a.id, b.id) : a.weight > b.weight ? -1 : 1));

  // Water-filling: with creators by descending score, the capped ones are a prefix.
  const creatorAmounts = new Map<string, bigint>();
  let poolLeft = poolUnits;
  let scoreLeft = creators.reduce((sum, creator) => sum + creator.weight, 0n);
  let firstUncapped = 0;
  for (const creator of creators) {
    if (creator.weight === 0n || poolLeft * creator.weight <= cap * scoreLeft) break;
    creatorAmounts.set(creator.id, cap);
    poolLeft -= cap;
    scoreLeft -= creator.weight;
    firstUncapped += 1;
  }
  const uncapped = creators.slice(firstUncapped);
  for (const [id, amount] of proportional(poolLeft, uncapped)) creatorAmounts.set(id, amount);

  const shares = new Map<string, number>();
  const creatorTotals = new Map<string, number>();
  let distributed = 0n;
  for (const [creatorId, posts] of postsByCreator) {
    const amount = creatorAmounts.get(creatorId) ?? 0n;
    const postShares = proportional(
      amount,
      posts.map((post) => ({ id: post.postId, weight: BigInt(post.score) })),
    );
    let creatorTotal = 0n;
    for (const [postId, share] of postShares) {
      shares.set(postId, Number(share));
      creatorTotal += share;
    }
    creatorTotals.set(creatorId, Number(creatorTotal));
    distributed += creatorTotal;
  }
  return {
    shares,
    creatorTotals,
    creatorCap: Number(cap),
    distributed: Number(distributed),
    remainder: Number(poolUnits - distributed),
  };
}

/** How many of a week's eligible posts are bonus posts: the top 10 %, rounded up. */
export function bonusPostCount(eligiblePosts: number): number {
  return Math.ceil(eligiblePosts / 10);
}

/** Best score first; equal scores by post id, so the order never depends on how the posts were read. */
export function rankByScore<Entry extends { postId: string; score: number }>(entries: readonly Entry[]): Entry[] {
  return [...entries].sort((a, b) => (a.score === b.score ? compareIds(a.postId, b.postId) : b.score - a.score));
}

/**
 * The bonus posts of a campaign week: the top 10 % of its eligible posts by score (rounded up, so a week with any
 * eligible post has at least one), ties broken by post id; a post that scored nothing earns no bonus.
 */
export function selectBonusPosts(entries: readonly { postId: string; score: number }[]): Set<string> {
  const top = rankByScore(entries).slice(0, bonusPostCount(entries.length));
  return new Set(top.filter((entry) => entry.score > 0).map((entry) => entry.postId));
}
