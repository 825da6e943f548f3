/**
 * Taps taken before the page is interactive (docs/decisions/031-no-tap-lost.md). The page paints from the server's
 * HTML long before its scripts have run (they start after the first paint: app/lib/scripts-after-first-paint.server.ts),
 * and a button does nothing until React has hydrated it. This script, inline in the head, runs before any module: it
 * takes every tap on a button from the start, marks the button at once (`data-tap-pending`, `aria-busy`) so the person
 * sees it was taken, keeps at most one pending tap per button, and hands them over when the page becomes interactive
 * (`takePendingTaps`), which replays each once (app/lib/interactive/page-interactive.ts).
 *
 * Links are left alone: they work without scripts. So is a submit button of a form that posts: the browser sends it.
 * The script carries the page's nonce like the head's other script (prerendered pages list its hash in their policy).
 */
export const TAP_PENDING_ATTRIBUTE = "data-tap-pending";

declare global {
  interface Window {
    /** Set by the head's tap recorder; called once, when the page becomes interactive. */
    chorusTakePendingTaps?: () => HTMLButtonElement[];
  }
}

export const tapRecorderScript = `(()=>{const pending=[];const record=(event)=>{const button=event.target.closest?.("button");if(!button||(button.type==="submit"&&button.form?.method==="post"))return;event.preventDefault();event.stopImmediatePropagation();if(button.hasAttribute("${TAP_PENDING_ATTRIBUTE}"))return;button.setAttribute("${TAP_PENDING_ATTRIBUTE}","");button.setAttribute("aria-busy","true");pending.push(button)};document.addEventListener("click",record,true);window.chorusTakePendingTaps=()=>{document.removeEventListener("click",record,true);return pending}})()`;

/** The taps the head's script took, in order; it takes no more once asked. Empty where the script did not run. */
export function takePendingTaps(): HTMLButtonElement[] {
  const take = window.chorusTakePendingTaps;
  delete window.chorusTakePendingTaps;
  return take?.() ?? [];
}
