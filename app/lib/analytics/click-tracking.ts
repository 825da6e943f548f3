import { clickIdAttribute, trackedClickOf } from "./click-attributes";
import { track } from "./global-tracker";

let lastTrigger: string | null = null;

/** The click id of the last tracked element clicked, the trigger of the next route change. */
export function lastClickTrigger(): string | null {
  return lastTrigger;
}

/** One document-level listener, in the capture phase so that it runs before a click navigates or re-renders. */
export function listenForTrackedClicks(target: Document): () => void {
  const onClick = (event: MouseEvent) => {
    if (!(event.target instanceof Element)) return;
    const element = event.target.closest(`[${clickIdAttribute}]`);
    if (element === null) return;
    const click = trackedClickOf(element.attributes);
    if (click === null) return;
    lastTrigger = click.clickId;
    if (click.eventName !== null) track(click.eventName, click.properties);
  };
  target.addEventListener("click", onClick, { capture: true });
  return () => target.removeEventListener("click", onClick, { capture: true });
}
