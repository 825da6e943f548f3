import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorScreen } from "~/components/error-screen";
import { seo } from "~/lib/seo";

/** Every path no other route matches: the error screen says "Page Not Found: {path}" with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

/**
 * React Router reads the document title from the routes up to the one whose boundary caught the error: with its own
 * boundary this route is among them, so its title is used (the root's boundary would leave the page without one).
 */
export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({ title: "Page not found", matches }),
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}
