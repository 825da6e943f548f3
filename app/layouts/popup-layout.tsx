import { Outlet } from "react-router";

/** Small windows opened by the app (such as granting X write access): centred, nothing else. */
export default function PopupLayout() {
  return (
    <main id="main" className="layout layout-popup">
      <Outlet />
    </main>
  );
}
