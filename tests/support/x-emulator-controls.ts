/**
 * Driving the X emulator's controls over HTTP (emulators/x/controls.ts), for tests: what happens on X outside
 * the app.
 *   worker tests:  removePaidPartnershipLabel(env.X_API_BASE_URL, postId)
 *   end-to-end:    removePaidPartnershipLabel(emulatorUrls.x, …)  (playwright.config.ts: the e2e server's port + 3)
 */

async function control(xUrl: string, path: string, body: Record<string, unknown>): Promise<unknown> {
  const response = await fetch(`${xUrl.replace(/\/+$/, "")}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`The X emulator answered ${response.status} to ${path}: ${await response.text()}`);
  return response.json();
}

/** The post's author takes X's "Paid partnership" label off (or, with `on`, puts it back). */
export async function setPaidPartnershipLabel(xUrl: string, postId: string, on: boolean): Promise<void> {
  await control(xUrl, `/emulator/tweets/${encodeURIComponent(postId)}/paid-partnership`, { paid_partnership: on });
}

export const removePaidPartnershipLabel = (xUrl: string, postId: string) => setPaidPartnershipLabel(xUrl, postId, false);

/** The post's author edits its text on X. */
export async function editPostTextOnX(xUrl: string, postId: string, text: string): Promise<void> {
  await control(xUrl, `/emulator/tweets/${encodeURIComponent(postId)}/text`, { text });
}

/** Uses up the user's current 15-minute window of an X endpoint: the next call answers 429. Returns when it reopens (ms). */
export async function exhaustXRateLimit(
  xUrl: string,
  username: string,
  endpoint: "users.me" | "users.tweets" | "tweets.lookup" | "tweets.create" | "tweets.delete" | "media.upload",
): Promise<number> {
  const answer = (await control(xUrl, "/emulator/rate-limits/exhaust", { username, endpoint })) as { data: { reset: number } };
  return answer.data.reset * 1000;
}

/** X's own token revocation (`POST /2/oauth2/revoke`, as when the user removes the app on X). */
export async function revokeOnX(xUrl: string, client: { clientId: string; clientSecret: string }, token: string): Promise<void> {
  const response = await fetch(`${xUrl.replace(/\/+$/, "")}/2/oauth2/revoke`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Authorization: `Basic ${btoa(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`)}`,
    },
    body: new URLSearchParams({ token, client_id: client.clientId }),
  });
  if (response.status !== 200) throw new Error(`The X emulator answered ${response.status} to the revocation`);
}

/** Time passes on X for one post: it becomes `hours` older, and its public metrics are those of a post that old. */
export async function agePostOnX(xUrl: string, postId: string, hours: number): Promise<void> {
  await control(xUrl, `/emulator/tweets/${encodeURIComponent(postId)}/age`, { hours });
}
