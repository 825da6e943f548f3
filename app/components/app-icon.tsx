import { Icon } from "@iconify/react";

/** A decorative icon from the configured icon endpoint; its box is reserved, so nothing moves when it arrives. */
export function AppIcon({ name, size = 18 }: { name: `lucide:${string}`; size?: number }) {
  return (
    <span className="app-icon" style={{ width: size, height: size }} aria-hidden="true">
      <Icon icon={name} width={size} height={size} />
    </span>
  );
}
