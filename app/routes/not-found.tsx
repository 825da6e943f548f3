import { data } from "react-router";

/** Every path no other route matches: the error screen says "Page Not Found: {path}" with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
