import type { ReactNode } from "react";
import { useBrand } from "~/lib/brand";
import { SiteHeader, type HeaderActions } from "./site-header";

/**
 * The app's frame in the layout of the hostname's brand: the Chorus default, the partner layout (Chorus with the
 * partner's name and colours) or the dedicated co-branded layout of the two dedicated brands. `actions` are the
 * signed-in creator's header buttons (null for a visitor).
 */
export function AppFrame({ children, actions }: { children: ReactNode; actions: HeaderActions | null }) {
  const { brand, layout } = useBrand();
  return (
    <div className={`layout layout-default brand-layout-${layout}`}>
      {layout === "dedicated" && brand !== null ? (
        <div className="brand-band" role="note">
          {`${brand.displayName} creator rewards, run with Chorus`}
        </div>
      ) : null}
      <SiteHeader actions={actions} />
      <main id="main" className="page">
        {children}
      </main>
      <footer className="site-footer" />
    </div>
  );
}
