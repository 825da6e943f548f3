import type { Route } from "./+types/popup-signed-in";
import { WriteAccessPopup } from "~/features/posting/write-access-popup";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () => seo({ title: "Access granted" });

export default function PopupSignedIn() {
  return <WriteAccessPopup />;
}
