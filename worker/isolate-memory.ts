/**
 * What an isolate keeps between requests (documents, sessions, verified tokens, brands of hosts) is bounded: at `max` entries, the
 * oldest is forgotten to make room for the new one.
 */
export function keepBounded<Key, Value>(memory: Map<Key, Value>, key: Key, value: Value, max: number): void {
  if (memory.size >= max && !memory.has(key)) {
    const oldest = memory.keys().next();
    if (oldest.done !== true) memory.delete(oldest.value);
  }
  memory.set(key, value);
}
