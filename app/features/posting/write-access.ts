import { useCallback, useEffect, useRef, useState } from "react";
import { signInPath } from "@contracts/networks/accounts.ts";
import { POST_EDITOR_MODAL } from "./post-editor-context";

/**
 * Granting Chorus the right to post (X's write login) without losing the editor: in a popup that tells this window
 * when it is done, or, when popups are blocked, as a full-page sign-in that comes back here with the editor open.
 */

export const WRITE_ACCESS_CHANNEL = "chorus-x-write-access";
export const WRITE_ACCESS_MESSAGE = "chorus:x-write-access";
export const POPUP_PAGE = "/popup/signed-in";
/** The write login's `trigger`: its only button, Allow posting in the post editor. */
export const WRITE_LOGIN_TRIGGER = "post-editor-allow-posting";

export type WriteAccessMessage = { type: typeof WRITE_ACCESS_MESSAGE; granted: boolean };

export function isWriteAccessMessage(value: unknown): value is WriteAccessMessage {
  return (
    typeof value === "object" &&
    value !== null &&
    "type" in value &&
    value.type === WRITE_ACCESS_MESSAGE &&
    "granted" in value &&
    typeof value.granted === "boolean"
  );
}

/** The write login in a popup: comes back to the popup page, which reports to this window and closes. */
export function popupWriteLoginUrl(): string {
  const query = new URLSearchParams({
    page_path: POPUP_PAGE,
    modal_to_open: POST_EDITOR_MODAL,
    onCancelLoginRedirectUrl: POPUP_PAGE,
    trigger: WRITE_LOGIN_TRIGGER,
  });
  return `${signInPath("x", "write")}?${query}`;
}

/** The write login for the whole page: back to this page, which reopens the editor (`modal_to_open`). */
export function fullPageWriteLoginUrl(location: { pathname: string; search: string }): string {
  const search = new URLSearchParams(location.search);
  search.delete("modal_to_open");
  const pagePath = `${location.pathname}${search.size > 0 ? `?${search}` : ""}`;
  const query = new URLSearchParams({
    page_path: pagePath,
    modal_to_open: POST_EDITOR_MODAL,
    onCancelLoginRedirectUrl: pagePath,
    trigger: WRITE_LOGIN_TRIGGER,
  });
  return `${signInPath("x", "write")}?${query}`;
}

/** Tells the window that opened the popup (and any other tab of the app) how the write login ended. */
export function announceWriteAccess(granted: boolean): void {
  const message: WriteAccessMessage = { type: WRITE_ACCESS_MESSAGE, granted };
  const opener: unknown = window.opener;
  if (opener !== null && typeof opener === "object" && "postMessage" in opener && typeof opener.postMessage === "function") {
    try {
      opener.postMessage(message, window.location.origin);
    } catch {
      // The opener navigated elsewhere; the channel below still reaches the app's tabs.
    }
  }
  if ("BroadcastChannel" in window) {
    const channel = new BroadcastChannel(WRITE_ACCESS_CHANNEL);
    channel.postMessage(message);
    channel.close();
  }
}

export type WriteAccessState = "idle" | "waiting" | "denied";

/**
 * Starts the write login and waits for its outcome. `onGranted` runs once when the popup reports success;
 * `beforeFullPage` runs before the page leaves for the full-page login (to keep the draft).
 */
export function useWriteAccess(options: { onGranted: () => void; beforeFullPage: () => void }) {
  const [state, setState] = useState<WriteAccessState>("idle");
  const popup = useRef<Window | null>(null);
  const callbacks = useRef(options);
  useEffect(() => {
    callbacks.current = options;
  });

  useEffect(() => {
    if (state !== "waiting") return;
    // The popup reports through both postMessage and the channel: act on the first report only.
    let settled = false;
    let closedChecks = 0;
    const settle = (granted: boolean) => {
      if (settled) return;
      settled = true;
      popup.current = null;
      setState(granted ? "idle" : "denied");
      if (granted) callbacks.current.onGranted();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin && isWriteAccessMessage(event.data)) settle(event.data.granted);
    };
    window.addEventListener("message", onMessage);
    const channel = "BroadcastChannel" in window ? new BroadcastChannel(WRITE_ACCESS_CHANNEL) : null;
    channel?.addEventListener("message", (event: MessageEvent) => {
      if (isWriteAccessMessage(event.data)) settle(event.data.granted);
    });
    // The person may close the popup without finishing; stop waiting then (after a grace period, because the
    // popup also closes itself right after reporting, and its report may still be on its way).
    const closedCheck = window.setInterval(() => {
      closedChecks = popup.current?.closed === true ? closedChecks + 1 : 0;
      if (closedChecks >= 3 && !settled) {
        settled = true;
        popup.current = null;
        setState("idle");
      }
    }, 500);
    return () => {
      window.removeEventListener("message", onMessage);
      channel?.close();
      window.clearInterval(closedCheck);
    };
  }, [state]);

  const requestAccess = useCallback(() => {
    const opened = window.open(popupWriteLoginUrl(), "chorus-x-write-access", "popup,width=600,height=760");
    if (opened === null) {
      callbacks.current.beforeFullPage();
      window.location.assign(fullPageWriteLoginUrl(window.location));
      return;
    }
    popup.current = opened;
    opened.focus();
    setState("waiting");
  }, []);

  return { state, requestAccess };
}
