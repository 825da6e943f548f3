/**
 * A signed-in seeded creator without the X emulator: a session row written by the app's own `startSession` into the
 * local D1 the worker reads, sent as the app's session cookie; the access token for the JSON endpoints comes from the
 * app's own cookie-to-token endpoint.
 */
import { request } from "node:http";
import { systemClock } from "../worker/clock.ts";
import { startSession } from "../worker/domain/accounts/sessions.ts";
import { cookieNames } from "../worker/middleware/cookies.ts";

export type SignedIn = { userId: string; sessionId: string; cookie: string; accessToken: string };

function postForTokens(origin: string, cookie: string): Promise<{ accessToken: string }> {
  return new Promise((resolve, reject) => {
    const call = request(
      `${origin}/auth/session/tokens`,
      { method: "POST", headers: { Cookie: cookie, Origin: origin, "Content-Length": 0 } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => {
          if (response.statusCode !== 200) reject(new Error(`POST /auth/session/tokens answered ${response.statusCode}: ${body}`));
          else resolve(JSON.parse(body) as { accessToken: string });
        });
      },
    );
    call.on("error", reject);
    call.end();
  });
}

export async function signIn(db: D1Database, origin: string, userId: string): Promise<SignedIn> {
  const session = await startSession({ db, clock: systemClock }, { userId, realUserId: null });
  const cookie = `${cookieNames("local", "http:").session}=${session.cookieValue}`;
  const { accessToken } = await postForTokens(origin, cookie);
  return { userId, sessionId: session.sessionId, cookie, accessToken };
}
