/**
 * When the page becomes interactive: React has hydrated the document and every Suspense boundary the server rendered
 * (`InteractiveSuspense`), so every control the server painted has its handlers. At that moment the page marks
 * `chorus:interactive` in the performance timeline (the benchmark reads it). docs/decisions/031-no-tap-lost.md.
 *
 * React hydrates the document first and each dehydrated Suspense boundary later, in a pass of its own (and a boundary
 * whose lazy module has not arrived waits for it), so the document's commit alone is not the moment: the boundaries
 * rendered while hydrating say that they exist when they render and that they are hydrated when they commit.
 */
export const INTERACTIVE_MARK = "chorus:interactive";

let documentHydrated = false;
let interactive = false;
const boundariesRendered = new Set<string>();
const boundariesHydrated = new Set<string>();

/** Whether the page has become interactive (always false on the server). */
export function isInteractive(): boolean {
  return interactive;
}

/** A boundary rendered while the page hydrates: the page waits for it. Called again for the same id, nothing changes. */
export function boundaryRendered(id: string): void {
  if (!interactive) boundariesRendered.add(id);
}

export function boundaryHydrated(id: string): void {
  if (interactive) return;
  boundariesHydrated.add(id);
  becomeInteractiveWhenReady();
}

export function documentCommitted(): void {
  documentHydrated = true;
  becomeInteractiveWhenReady();
}

function becomeInteractiveWhenReady(): void {
  if (interactive || !documentHydrated) return;
  for (const id of boundariesRendered) if (!boundariesHydrated.has(id)) return;
  interactive = true;
  performance.mark(INTERACTIVE_MARK);
}
