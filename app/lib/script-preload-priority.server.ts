/**
 * The page is complete without its scripts (they hydrate what the server rendered), so their preloads yield to what
 * the first paint needs, the stylesheet and images: `fetchpriority="low"`, as React gives the preloads of its own
 * bootstrap modules. React Router renders its `<link rel="modulepreload">` without a priority, and Chromium then
 * fetches every script at High, beside the stylesheet. docs/decisions/028-page-cost.md, third pass.
 *
 * Only the head is rewritten, where React writes every preload: the rest of the document passes through as bytes. (The
 * runtime's HTMLRewriter did the same for 0.4–1.4 ms of CPU a page, by parsing the whole document.)
 */
const modulePreload = '<link rel="modulepreload"';
const lowPriorityModulePreload = `${modulePreload} fetchpriority="low"`;
const headEnd = "</head>";

export function lowPriorityScriptPreloads(): TransformStream<Uint8Array, Uint8Array> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let pending: Uint8Array[] = [];
  let headDone = false;
  const rewritten = (head: string) => encoder.encode(head.replaceAll(modulePreload, lowPriorityModulePreload));
  return new TransformStream({
    transform(chunk, controller) {
      if (headDone) return controller.enqueue(chunk);
      pending.push(chunk);
      const bytes = concatenated(pending);
      // The text may end inside a character; the head ends on "</head>", so its text is whole.
      const text = decoder.decode(bytes);
      const end = text.indexOf(headEnd);
      if (end === -1) return;
      headDone = true;
      pending = [];
      const head = text.slice(0, end + headEnd.length);
      controller.enqueue(rewritten(head));
      const rest = bytes.subarray(encoder.encode(head).length);
      if (rest.length > 0) controller.enqueue(rest);
    },
    flush(controller) {
      if (!headDone && pending.length > 0) controller.enqueue(rewritten(decoder.decode(concatenated(pending))));
    },
  });
}

function concatenated(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1 && chunks[0] !== undefined) return chunks[0];
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
