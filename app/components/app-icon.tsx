import { lazy, Suspense, useSyncExternalStore } from "react";
import { validIconEndpoint } from "~/lib/icons";

// Iconify loads with the first icon a page shows, after hydration: decorative icons need not delay the page.
const IconifyIcon = lazy(() => import("~/lib/iconify").then(({ iconifyWith }) => ({ default: iconifyWith(validIconEndpoint()) })));

const noSubscription = () => () => undefined;

/** A decorative icon from the configured icon endpoint; its box is reserved, so nothing moves when it arrives. */
export function AppIcon({ name, size = 18 }: { name: `lucide:${string}`; size?: number }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <span className="app-icon" style={{ width: size, height: size }} aria-hidden="true">
      {hydrated ? (
        <Suspense fallback={null}>
          <IconifyIcon icon={name} width={size} height={size} />
        </Suspense>
      ) : null}
    </span>
  );
}
