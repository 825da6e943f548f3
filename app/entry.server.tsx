import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter, isRouteErrorResponse } from "react-router";
// The Node build, not the edge build the `workerd` condition picks: it writes strings straight into its buffer instead
// of encoding each one on its own, for the same HTML (docs/decisions/028-page-cost.md, fifth pass).
import { renderToReadableStream } from "react-dom/server.node";
import { workerContext, type WorkerContext } from "./worker-context";
import { ServerIncidentIdContext } from "./lib/incident";
import { pathForLogs } from "@contracts/admin-spoofing.ts";
import { withScriptsAfterFirstPaint } from "./lib/scripts-after-first-paint.server";

export const streamTimeout = 5_000;

/**
 * Errors thrown by loaders, actions and rendering: logged once with the request id, and a server failure (500 and
 * above) reported to telemetry under the same id, so the Incident Id on the error screen finds both the worker's log
 * line and the exception. Aborted requests (the visitor left) are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const worker = context.get(workerContext);
  const path = pathForLogs(new URL(request.url).pathname);
  // A refusal the router answers itself (a POST to a page without an action: 405) is the caller's mistake, not ours.
  if (isRouteErrorResponse(error) && error.status < 500) {
    console.warn(`[${worker.requestId}] ${request.method} ${path} refused: ${error.status} ${error.statusText}`);
    return;
  }
  console.error(`[${worker.requestId}] ${request.method} ${path} failed:`, error);
  reportServerFailure(worker, error, request.method, path);
};

function reportServerFailure(worker: WorkerContext, error: unknown, method: string, path: string): void {
  const statusCode = isRouteErrorResponse(error) ? error.status : 500;
  const failure = error instanceof Error ? error : null;
  const description = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : String(error);
  worker.waitUntil(
    worker.capabilities.telemetry.reportException({
      incidentId: worker.requestId,
      message: failure?.message ?? description,
      typeName: failure?.name ?? "Error",
      ...(failure?.stack === undefined ? {} : { stack: failure.stack }),
      statusCode,
      ...(worker.session === null ? {} : { userId: worker.session.userId }),
      path,
      method,
    }),
  );
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  let shellRendered = false;

  const { nonce, requestId } = loadContext.get(workerContext);
  const page = (
    <ServerIncidentIdContext value={requestId}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </ServerIncidentIdContext>
  );
  const body = await renderToReadableStream(page, {
    nonce,
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      responseStatusCode = 500;
      // Log streaming rendering errors from inside the shell. Don't log
      // errors encountered during initial shell rendering since they'll
      // reject and get logged in handleDocumentRequest.
      if (shellRendered) {
        console.error(error);
        reportServerFailure(loadContext.get(workerContext), error, request.method, new URL(request.url).pathname);
      }
    },
  });
  shellRendered = true;

  // Every document waits for all of its content, not only bots' (docs/decisions/028-page-cost.md): loaders have
  // finished before rendering starts (no page defers data), so the only boundaries still pending are the code loaded
  // on demand (the signed-in frame, the dashboard's content), which an isolate resolves once. Streamed later, they
  // would paint an empty frame first and leave their hidden copy behind when hydration takes the boundary over.
  await body.allReady;

  responseHeaders.set("Content-Type", "text/html");
  // Complete by now, so sent whole: one buffer, with its length, instead of a stream of React's chunks; its scripts
  // wait for the first paint (./lib/scripts-after-first-paint.server.ts).
  const document = withScriptsAfterFirstPaint(new Uint8Array(await new Response(body).arrayBuffer()), nonce);
  return new Response(document, {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}
