import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** What the payout rail's webhooks reach in the worker tests (tests/support/webhook-inbox-server.ts). */
      TEST_WEBHOOK_INBOX_URL: string;
    }
  }
}
