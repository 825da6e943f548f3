import type { ReactNode } from "react";
import { classNames } from "./class-names";
import { Spinner } from "./spinner";

/** A line saying what is loading ("Loading your wallets…"), the Spinner before it; a status region, so it is announced. */
export function LoadingStatus({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <p className={classNames("ui-loading-status", className)} role="status">
      <Spinner />
      {children}
    </p>
  );
}
