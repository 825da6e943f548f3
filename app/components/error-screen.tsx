import { useContext, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { errorDetails } from "~/lib/error-details";
import { ServerIncidentIdContext } from "~/lib/incident";
import { useRootData } from "~/lib/root-data";
import { reportErrorScreen } from "~/lib/telemetry/browser-telemetry";
import { newIncidentId } from "@contracts/incidents.ts";
import { ButtonLink } from "~/components/ui/button";

type Incident = { id: string; at: string };

/**
 * The incident shown by the server is the one the browser keeps after hydration: the browser adopts the id
 * rendered into the page instead of drawing a new one, so support and telemetry see the same id.
 */
function useIncident(): Incident {
  const serverIncidentId = useContext(ServerIncidentIdContext);
  const [incident] = useState<Incident>(() => {
    if (serverIncidentId !== null) return { id: serverIncidentId, at: new Date().toISOString() };
    if (typeof document !== "undefined") {
      const rendered = document.querySelector<HTMLElement>("[data-incident-id]");
      const id = rendered?.dataset.incidentId;
      const at = rendered?.dataset.incidentAt;
      if (id !== undefined && at !== undefined) return { id, at };
    }
    return { id: newIncidentId(), at: new Date().toISOString() };
  });
  return incident;
}

/** Logs the incident and reports it to telemetry (SPEC.md section 8), under the id the screen shows. */
function useIncidentReport(incidentId: string, status: number, message: string, error: unknown) {
  const currentUser = useRootData()?.currentUser ?? null;
  const userId = currentUser?.userId ?? null;
  const handle = currentUser?.twitterHandle ?? "";
  useEffect(() => {
    console.error(`Incident ${incidentId}: ${message}`);
    const user = userId === null ? null : { userId, handle };
    reportErrorScreen({ incidentId, statusCode: status, message, error, user });
  }, [incidentId, status, message, error, userId, handle]);
}

function IncidentDetails({ status, message, error }: { status: number; message: string; error: unknown }) {
  const incident = useIncident();
  useIncidentReport(incident.id, status, message, error);
  return (
    <dl className="incident" data-incident-id={incident.id} data-incident-at={incident.at}>
      <div>
        <dt>Time (UTC)</dt>
        <dd>{incident.at.replace("T", " ").replace(/\.\d+Z$/, " UTC")}</dd>
      </div>
      <div>
        <dt>Incident Id</dt>
        <dd>
          <code>{incident.id}</code>
        </dd>
      </div>
    </dl>
  );
}

/** SPEC.md section 2 "Error screen": message, "Error: {code}", Go to dashboard, and for 500+ time and incident id. */
export function ErrorScreen({ error }: { error: unknown }) {
  const location = useLocation();
  const { status, message } = errorDetails(error, location.pathname);
  return (
    <main className="error-screen" aria-labelledby="error-title">
      <h1 id="error-title">{message}</h1>
      <p className="error-code">Error: {status}</p>
      {status >= 500 ? (
        <>
          <p>Please try again in a moment. If it keeps happening, send the details below to support.</p>
          <IncidentDetails key={location.key} status={status} message={message} error={error} />
        </>
      ) : null}
      <ButtonLink variant="primary" to="/">
        Go to dashboard
      </ButtonLink>
    </main>
  );
}
