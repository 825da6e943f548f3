import { Hono } from "hono";
import {
  basicSettingsInputSchema,
  codeInputSchema,
  emailChangeInputSchema,
  emailLinkInputSchema,
  twoFactorChangeInputSchema,
  type EmailChangeRequested,
} from "../contracts/settings.ts";
import { approveEmailChange, confirmEmailLink, requestEmailChange } from "../domain/accounts/email-change.ts";
import { getUserSettings, updateBasicSettings } from "../domain/accounts/settings.ts";
import { approveTwoFactor, changeTwoFactor } from "../domain/accounts/two-factor.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { jsonBody, parseInput } from "./validation.ts";

/**
 * The creator's settings (SPEC.md section 7): basic settings, the e-mail change (code to the new address, then
 * approve, or the e-mail's link confirmed on /verify) and two-factor authentication (set up, approve, turn off).
 */
export const settingsRoutes = new Hono<WorkerEnv>()
  .get("/v1/user/settings", requireBearer, async (c) => c.json(await getUserSettings(c.var.capabilities, c.var.session.userId)))
  .put("/v1/user/settings/basic", requireBearer, async (c) => {
    const input = parseInput(basicSettingsInputSchema, await jsonBody(c), "body");
    return c.json(await updateBasicSettings(c.var.capabilities, c.var.session.userId, input));
  })
  .put("/v1/user/settings/email", requireBearer, async (c) => {
    const { email } = parseInput(emailChangeInputSchema, await jsonBody(c), "body");
    const body: EmailChangeRequested = { pendingEmail: await requestEmailChange(c.var.capabilities, c.var.session, email) };
    return c.json(body);
  })
  .post("/v1/user/settings/email/approve", requireBearer, async (c) => {
    const { code } = parseInput(codeInputSchema, await jsonBody(c), "body");
    return c.json(await approveEmailChange(c.var.capabilities, c.var.session, code));
  })
  // No bearer: the link from the e-mail is the proof, and it may be opened on a device that is not signed in.
  .post("/v1/user/settings/email/verify-link", async (c) => {
    const { token } = parseInput(emailLinkInputSchema, await jsonBody(c), "body");
    return c.json(await confirmEmailLink(c.var.capabilities, token));
  })
  .put("/v1/user/settings/two-factor", requireBearer, async (c) => {
    const input = parseInput(twoFactorChangeInputSchema, await jsonBody(c), "body");
    return c.json(await changeTwoFactor(c.var.capabilities, c.var.session, input));
  })
  .post("/v1/user/settings/two-factor/approve", requireBearer, async (c) => {
    const { code } = parseInput(codeInputSchema, await jsonBody(c), "body");
    return c.json(await approveTwoFactor(c.var.capabilities, c.var.session, code));
  });
