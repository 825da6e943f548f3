import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { Withdrawal } from "@contracts/withdrawals.ts";
import { isInFlight } from "@contracts/withdrawal-rules.ts";

/**
 * When a withdrawal on screen settles (pending → completed or failed, verifying → cancelled), the balance and the
 * posts' statuses (paid) change: the route's loader data is revalidated once for that change.
 */
export function useRevalidateWhenSettled(withdrawals: readonly Withdrawal[] | undefined): void {
  const revalidator = useRevalidator();
  const previous = useRef<Map<string, boolean> | null>(null);
  useEffect(() => {
    if (withdrawals === undefined) return;
    const inFlight = new Map(withdrawals.map((withdrawal) => [withdrawal.id, isInFlight(withdrawal.status)]));
    const before = previous.current;
    previous.current = inFlight;
    if (before === null) return;
    const settled = [...inFlight].some(([id, moving]) => !moving && before.get(id) === true);
    if (settled) void revalidator.revalidate();
  }, [withdrawals, revalidator]);
}
