/** Small pure helpers over collections, shared by the server's modules. */

/** `items` in consecutive slices of at most `size` (the last one may be shorter); none for no items. */
export function chunked<Item>(items: readonly Item[], size: number): Item[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  const chunks: Item[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
