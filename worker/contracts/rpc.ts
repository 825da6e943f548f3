/**
 * Calls one typed-RPC batch may carry: the server refuses more, the browser's batch link sends at most this many.
 * The browser batches the few calls of one render; a batch of thousands would hold the isolate (and every request
 * waiting on it) for seconds.
 */
export const TRPC_MAX_BATCH_SIZE = 10;

/**
 * The longest /trpc address the server reads: queries carry their input in the query string, a page's batch is well
 * under 1 KB, and Cloudflare's own cap on a URL (16 KB) is far above what any call needs. The browser's batch link
 * splits a batch before it reaches it.
 */
export const MAX_TRPC_URL_LENGTH = 8 * 1024;
