import { Suspense, useEffect, useId, type ReactNode } from "react";
import { boundaryHydrated, boundaryRendered, documentCommitted, isInteractive } from "./page-interactive";

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
  // During render, so that the page knows of this boundary before the pass that commits its parent has ended.
  if (typeof window !== "undefined" && !isInteractive()) boundaryRendered(id);
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
