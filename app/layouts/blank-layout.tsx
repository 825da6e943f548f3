import { Outlet } from "react-router";

/** Stand-alone pages (landing, preview, sign-in errors): no app navigation. */
export default function BlankLayout() {
  return (
    <main id="main" className="layout layout-blank">
      <Outlet />
    </main>
  );
}
