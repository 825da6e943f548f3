import { Suspense, useEffect, useId, useLayoutEffect, type ReactNode } from "react";
import { boundaryGone, boundaryHydrated, boundaryMounted, documentCommitted } from "./page-interactive";

function Hydrated({ id }: { id: string }) {
  useEffect(() => boundaryHydrated(id), [id]);
  return null;
}

/**
 * A Suspense boundary the server renders (around a module loaded on demand): the page counts as interactive only once
 * it is hydrated. Renders no element of its own, so the server's markup is unchanged.
 */
export function InteractiveSuspense({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  const id = useId();
  // A layout effect: it runs before any passive effect of the same commit, so the page knows of this boundary before
  // its parent's own boundary says it is hydrated. One removed before it hydrated (an error above it) is not waited for.
  useLayoutEffect(() => {
    boundaryMounted(id);
    return () => boundaryGone(id);
  }, [id]);
  return (
    <Suspense fallback={fallback}>
      <Hydrated id={id} />
      {children}
    </Suspense>
  );
}

/** In the document's root: its commit is the first half of the page becoming interactive. */
export function DocumentHydrated() {
  useEffect(() => documentCommitted(), []);
  return null;
}
