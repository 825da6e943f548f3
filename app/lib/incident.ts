import { createContext } from "react";

/**
 * The request id of the page being rendered on the server (entry.server.tsx provides it): the error screen shows it
 * as the Incident Id, so the id on the screen is the one in the worker's logs and telemetry. In the browser there is
 * no provider: the error screen adopts the id rendered into the page, or draws a new one for an error after hydration.
 */
export const ServerIncidentIdContext = createContext<string | null>(null);
