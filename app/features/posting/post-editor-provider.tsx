import { lazy, Suspense, useCallback, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { POST_EDITOR_MODAL, PostEditorContext, type OpenPostEditorOptions } from "./post-editor-context";

// The editor (its forms, X's text rules, attachments, its styles) loads when first opened, not with every page.
const PostEditorDialog = lazy(() => import("./post-editor-dialog").then(({ PostEditorDialog }) => ({ default: PostEditorDialog })));

type Opened = OpenPostEditorOptions & { key: number; returnFocusTo: HTMLElement | null };

const noSubscription = () => () => undefined;

/**
 * The post editor for the whole app: New Post and Share Feedback open it through `usePostEditor()` (`post-editor-context.ts`), and a page
 * loaded with `?modal_to_open=post-editor` (the way back from X's write login) opens it by itself.
 */
export function PostEditorProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  // Only after hydration: the server renders no dialog, so the first client render matches it.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const openedByUrl = hydrated && new URLSearchParams(location.search).get("modal_to_open") === POST_EDITOR_MODAL;

  const open = useCallback((options: OpenPostEditorOptions) => {
    const focused = document.activeElement;
    setOpened({ ...options, key: Date.now(), returnFocusTo: focused instanceof HTMLElement ? focused : null });
  }, []);

  const close = useCallback(() => {
    if (openedByUrl) {
      const search = new URLSearchParams(location.search);
      search.delete("modal_to_open");
      void navigate(
        { pathname: location.pathname, search: search.size > 0 ? `?${search}` : "", hash: location.hash },
        { replace: true, preventScrollReset: true },
      );
    }
    const returnFocusTo = opened?.returnFocusTo ?? null;
    setOpened(null);
    // After the dialog is gone: back to the button that opened it.
    window.requestAnimationFrame(() => {
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    });
  }, [location, navigate, opened, openedByUrl]);

  const controls = useMemo(() => ({ open }), [open]);

  const current = opened ?? (openedByUrl ? { mode: "post" as const, key: 0, returnFocusTo: null } : null);
  return (
    <PostEditorContext value={controls}>
      {children}
      {current === null ? null : (
        <Suspense fallback={null}>
          <PostEditorDialog
            key={current.key}
            mode={current.mode}
            campaignId={current.campaignId}
            restoreDraft={opened === null}
            onClose={close}
          />
        </Suspense>
      )}
    </PostEditorContext>
  );
}
