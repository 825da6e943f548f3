import { isRouteErrorResponse } from "react-router";

export type ErrorDetails = { status: number; message: string };

/** What the error screen says for a thrown value: the status and a message for a person. */
export function errorDetails(error: unknown, pathname: string): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { status: 404, message: `Page Not Found: ${pathname}` };
    const message = typeof error.data === "string" && error.data.length > 0 ? error.data : error.statusText || "Something went wrong";
    return { status: error.status, message };
  }
  return { status: 500, message: "Something went wrong on our side." };
}
