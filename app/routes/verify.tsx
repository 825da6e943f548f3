import type { Route } from "./+types/verify";
import { VerifyEmailPage } from "~/features/settings/verify-email-page";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({ title: "Verify your e-mail address", matches }),
  { name: "robots", content: "noindex" },
  // The link's token is in this page's address: it is never sent on to another site.
  { name: "referrer", content: "no-referrer" },
];

export default function Verify() {
  return <VerifyEmailPage />;
}
