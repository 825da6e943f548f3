/**
 * Reading the worker tests' webhook inbox over HTTP (tests/support/webhook-inbox-server.ts): what the payout rail
 * emulator sent, exactly as it arrived.
 */
export type WebhookDelivery = {
  path: string;
  /** The `Payout-Signature` header. */
  signature: string | null;
  contentType: string | null;
  /** The raw body, byte for byte as signed. */
  body: string;
  receivedAt: number;
};

/** Every delivery, newest first. */
export async function webhookDeliveries(inboxUrl: string): Promise<WebhookDelivery[]> {
  const response = await fetch(`${inboxUrl.replace(/\/+$/, "")}/deliveries`);
  if (!response.ok) throw new Error(`The webhook inbox answered ${response.status}`);
  return ((await response.json()) as { deliveries: WebhookDelivery[] }).deliveries;
}

/**
 * The newest delivery about `withdrawalId`, once the rail has sent it: the rail announces a payout after it settles,
 * so this asks again until `timeoutMs` passes.
 */
export async function waitForWebhookDelivery(inboxUrl: string, withdrawalId: string, timeoutMs = 5000): Promise<WebhookDelivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await webhookDeliveries(inboxUrl)).find((delivery) => delivery.body.includes(`"withdrawalId":"${withdrawalId}"`));
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`The payout rail sent no webhook about ${withdrawalId} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
