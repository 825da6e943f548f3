import { data } from "react-router";
import { AppError } from "../../worker/contracts/errors.ts";

/**
 * Runs a page use case for a loader. A "not found" from the domain becomes the route's 404, which the one error
 * boundary shows as "Page Not Found"; anything else goes on to the error screen as it is.
 */
export async function pageData<Page>(load: () => Promise<Page>): Promise<Page> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
