import { createServer, type Server } from "node:http";
import { closeServer, listenOn } from "../../emulators/shared/serving.ts";
import type { WebhookDelivery } from "./webhook-inbox.ts";

/**
 * Where the worker tests' payout rail sends its webhooks (docs/decisions/032-spec-server-items.md section 4). The
 * worker under test runs inside vitest's workerd with no address the rail could call, so the rail calls this instead:
 * it keeps each delivery exactly as it arrived (path, signature header, raw body) and answers 200; a test reads it
 * (`waitForWebhookDelivery`) and hands it, unchanged, to the worker's webhook route. `npm start` and the end-to-end
 * tests point the rail at the worker itself.
 */
export function createWebhookInbox(options: { port: number; host?: string }) {
  const deliveries: WebhookDelivery[] = [];
  let server: Server | null = null;
  return {
    async start(): Promise<{ url: string }> {
      const started = createServer((incoming, outgoing) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          const url = new URL(incoming.url ?? "/", "http://inbox.local");
          if (incoming.method === "GET" && url.pathname === "/deliveries") {
            outgoing.writeHead(200, { "content-type": "application/json" });
            outgoing.end(JSON.stringify({ deliveries: [...deliveries].reverse() }));
            return;
          }
          if (incoming.method !== "POST") {
            outgoing.writeHead(405).end();
            return;
          }
          const signature = incoming.headers["payout-signature"];
          deliveries.push({
            path: url.pathname,
            signature: Array.isArray(signature) ? (signature[0] ?? null) : (signature ?? null),
            contentType: incoming.headers["content-type"] ?? null,
            body: Buffer.concat(chunks).toString("utf8"),
            receivedAt: Date.now(),
          });
          outgoing.writeHead(200, { "content-type": "application/json" });
          outgoing.end('{"received":true}');
        });
      });
      const url = await listenOn(started, options.port, options.host ?? "127.0.0.1", "The webhook inbox");
      server = started;
      return { url };
    },
    async stop(): Promise<void> {
      if (server !== null) await closeServer(server);
      server = null;
    },
  };
}
