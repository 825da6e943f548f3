import { data } from "react-router";
import { AppError } from "@contracts/errors.ts";

/**
 * Runs a page use case for a loader. A refusal from the domain (4xx) becomes the route's error response with its
 * status, which the error screen shows with its message ("Page Not Found" for a 404); anything else goes on to the
 * error screen as an incident.
 */
export async function pageData<Page>(load: () => Promise<Page>): Promise<Page> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw data(error.status === 404 ? null : error.message, { status: error.status });
    throw error;
  }
}
