import { Outlet } from "react-router";
import { SiteHeader } from "~/components/site-header";

/** The signed-in app: header with the main navigation, the page, and the (empty) footer. */
export default function DefaultLayout() {
  return (
    <div className="layout layout-default">
      <SiteHeader />
      <main id="main" className="page">
        <Outlet />
      </main>
      <footer className="site-footer" />
    </div>
  );
}
