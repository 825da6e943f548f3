import { TAP_PENDING_ATTRIBUTE, takePendingTaps } from "./tap-recorder";

/**
 * When the page becomes interactive: React has hydrated the document and every Suspense boundary the server rendered
 * (`InteractiveSuspense`), so every control the server painted has its handlers. At that moment the page marks
 * `chorus:interactive` in the performance timeline (the benchmark reads it) and replays, once each and in order, the
 * taps the head's recorder took before (./tap-recorder.ts). docs/decisions/031-no-tap-lost.md.
 *
 * React hydrates the document first and each dehydrated Suspense boundary later, in a pass of its own (and a boundary
 * whose lazy module has not arrived waits for it), so the document's commit alone is not the moment: each boundary says
 * that it exists when its parent commits, and that it is hydrated when its own content commits.
 */
export const INTERACTIVE_MARK = "chorus:interactive";

let documentHydrated = false;
let interactive = false;
const boundariesMounted = new Set<string>();
const boundariesHydrated = new Set<string>();

/** A boundary mounted while the page hydrates: the page waits for it. Called again for the same id, nothing changes. */
export function boundaryMounted(id: string): void {
  if (!interactive) boundariesMounted.add(id);
}

export function boundaryHydrated(id: string): void {
  if (interactive) return;
  boundariesHydrated.add(id);
  becomeInteractiveWhenReady();
}

/** A boundary removed from the page (an error screen took its place): the page no longer waits for it. */
export function boundaryGone(id: string): void {
  if (interactive) return;
  boundariesMounted.delete(id);
  becomeInteractiveWhenReady();
}

export function documentCommitted(): void {
  documentHydrated = true;
  becomeInteractiveWhenReady();
}

function becomeInteractiveWhenReady(): void {
  if (interactive || !documentHydrated) return;
  for (const id of boundariesMounted) if (!boundariesHydrated.has(id)) return;
  interactive = true;
  const taps = takePendingTaps();
  performance.mark(INTERACTIVE_MARK);
  // In a task of its own, after the commit whose effects brought the page here has finished.
  if (taps.length > 0) setTimeout(() => replay(taps), 0);
}

/** Each tap once, as a click React now handles, on the button tapped or the one React put in its place. */
function replay(taps: readonly HTMLButtonElement[]): void {
  for (const button of taps) {
    button.removeAttribute(TAP_PENDING_ATTRIBUTE);
    button.removeAttribute("aria-busy");
    (button.isConnected ? button : replacementOf(button))?.click();
  }
}

const labelOf = (button: HTMLButtonElement) => button.getAttribute("aria-label") ?? button.textContent?.trim() ?? "";

/**
 * React renders a part of the page anew instead of hydrating it when it could not (markup that differs, an update that
 * reached it first): the tapped button is then gone and a new one shows the same control. It is the one button of the
 * page with the same label; where there are several, or none, the tap is dropped rather than given to a guess.
 */
function replacementOf(button: HTMLButtonElement): HTMLButtonElement | undefined {
  const label = labelOf(button);
  const candidates = [...document.querySelectorAll("button")].filter((candidate) => labelOf(candidate) === label);
  return candidates.length === 1 ? candidates[0] : undefined;
}
