import type { Capabilities } from "../../capabilities.ts";
import { AppError } from "../../contracts/errors.ts";
import { ONE_TIME_CODE_RESEND_INTERVAL_MS, type EmailLinkOutcome, type PendingEmail, type UserSettings } from "../../contracts/settings.ts";
import { findAccount, setVerifiedEmail } from "../../db/users.ts";
import { displayNameOf } from "./current-user.ts";
import { checkCode, checkLinkToken, describeLinkToken, forgetCode, issueCode, type CodeCheck } from "./one-time-codes.ts";
import { emailChangeSubject, getUserSettings, refuseWhenActingAsSomeoneElse, type SettingsSession } from "./settings.ts";

/**
 * Changing the e-mail address (SPEC.md section 4: a request, then an approve step with a code): a six-digit code and
 * a link to `/verify` go to the NEW address; either proves the person reads it, and the address becomes the account's
 * e-mail and verified e-mail. Until then nothing changes. docs/decisions/013-settings-and-two-factor.md.
 */

type MailDeps = Pick<Capabilities, "db" | "clock" | "mailer" | "config">;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** "14:05 UTC": when a code stops working. */
function utcTime(at: number): string {
  return `${new Date(at).toISOString().slice(11, 16)} UTC`;
}

/** The e-mail with the code and the link: plain text first, and the same in simple HTML. */
export function emailChangeMessage(input: { name: string; email: string; code: string; link: string; expiresAt: number }): {
  subject: string;
  text: string;
  html: string;
} {
  const { name, email, code, link, expiresAt } = input;
  const text = [
    `Hello ${name},`,
    "",
    `To make ${email} your e-mail address on Chorus, enter this code in your Chorus settings:`,
    "",
    code,
    "",
    `Or open this link and confirm there: ${link}`,
    "",
    `The code and the link work once, for 10 minutes (until ${utcTime(expiresAt)}).`,
    "If you did not ask for this, ignore this e-mail: nothing changes on your account.",
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(name)},</p>
<p>To make <strong>${escapeHtml(email)}</strong> your e-mail address on Chorus, enter this code in your Chorus settings:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${code}</p>
<p>Or open this link and confirm there: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The code and the link work once, for 10 minutes (until ${utcTime(expiresAt)}).<br>
If you did not ask for this, ignore this e-mail: nothing changes on your account.</p>`;
  return { subject: "Confirm your new e-mail address for Chorus", text, html };
}

/**
 * `PUT /v1/user/settings/email`: mails a code and a link to the new address. At most once a minute (429 with
 * `Retry-After`); a mail that cannot be sent is a 502 and leaves no code behind, so asking again works at once.
 */
export async function requestEmailChange(deps: MailDeps, session: SettingsSession, email: string): Promise<PendingEmail> {
  refuseWhenActingAsSomeoneElse(session);
  const { db, clock, mailer, config } = deps;
  const account = await findAccount(db, session.userId);
  if (account === null) throw new AppError(404, "not_found", "This account does not exist.");
  if ((account.verified_email ?? "").toLowerCase() === email.toLowerCase()) {
    throw new AppError(400, "invalid_request", `email: ${email} is already your verified e-mail address`, [
      { loc: ["body", "email"], msg: "is already your verified e-mail address" },
    ]);
  }
  const subject = emailChangeSubject(session.userId);
  const issued = await issueCode(deps, { ...subject, target: email });
  const sentAt = clock.now();
  const link = `${config.appOrigins[0] ?? ""}/verify?token=${issued.linkToken}`;
  const message = emailChangeMessage({ name: displayNameOf(account), email, code: issued.code, link, expiresAt: issued.expiresAt });
  try {
    await mailer.send({ to: email, ...message });
  } catch (error) {
    console.warn(`E-mail change: the code for ${session.userId} could not be mailed`, error);
    await forgetCode(deps, subject);
    throw new AppError(502, "mail_not_sent", `We could not send the e-mail to ${email}. Check the address, then try again.`, [
      { loc: ["body", "email"], msg: "could not be sent a message" },
    ]);
  }
  return { address: email, expiresAt: issued.expiresAt, resendAvailableAt: sentAt + ONE_TIME_CODE_RESEND_INTERVAL_MS };
}

/** The refusal of a mailed code, worded for a person, naming `code`. */
export function refusedMailedCodeError(check: Exclude<CodeCheck, { kind: "accepted" }>): AppError {
  const field = (msg: string) => [{ loc: ["body", "code"], msg }];
  switch (check.kind) {
    case "wrong":
      return check.attemptsLeft > 0
        ? new AppError(
            400,
            "code_wrong",
            `That code is not right. Check the e-mail and try again (${check.attemptsLeft} ${check.attemptsLeft === 1 ? "try" : "tries"} left).`,
            field("is not the code we sent"),
          )
        : new AppError(
            400,
            "code_locked",
            "That code is not right, and that was the last try. Ask for a new code.",
            field("no tries left"),
          );
    case "locked":
      return new AppError(400, "code_locked", "Too many wrong codes. Ask for a new code.", field("no tries left"));
    case "expired":
      return new AppError(410, "code_expired", "This code has expired (codes last 10 minutes). Ask for a new code.", field("has expired"));
    case "used":
      return new AppError(
        409,
        "code_used",
        "This code was already used. Ask for a new code to change your address again.",
        field("was already used"),
      );
    case "missing":
      return new AppError(
        404,
        "no_code",
        "There is no e-mail change waiting for a code. Enter your new address first.",
        field("none was sent"),
      );
  }
}

/** `POST /v1/user/settings/email/approve`: the code from the e-mail makes the new address the account's verified e-mail. */
export async function approveEmailChange(
  deps: Pick<Capabilities, "db" | "clock">,
  session: SettingsSession,
  code: string,
): Promise<UserSettings> {
  refuseWhenActingAsSomeoneElse(session);
  const check = await checkCode(deps, { ...emailChangeSubject(session.userId), code });
  if (check.kind !== "accepted") throw refusedMailedCodeError(check);
  if (check.target === null) throw new AppError(409, "no_code", "This code does not name an address. Enter your new address again.");
  await setVerifiedEmail(deps.db, session.userId, check.target, deps.clock.now());
  return getUserSettings(deps, session.userId);
}

/**
 * `POST /v1/user/settings/email/verify-link`: the e-mail's link, confirmed by a person on `/verify` (a POST, so a mail
 * scanner fetching the link changes nothing). No session needed: the link is the proof. A link of another purpose is
 * not spent here.
 */
export async function confirmEmailLink(deps: Pick<Capabilities, "db" | "clock">, token: string): Promise<EmailLinkOutcome> {
  const described = await describeLinkToken(deps, token);
  if (described.kind === "missing" || described.purpose !== "email-change") return { outcome: "unknown", email: null };
  const check = await checkLinkToken(deps, token);
  switch (check.kind) {
    case "accepted": {
      if (check.target === null || check.userId === undefined) return { outcome: "unknown", email: null };
      await setVerifiedEmail(deps.db, check.userId, check.target, deps.clock.now());
      return { outcome: "confirmed", email: check.target };
    }
    case "expired":
    case "used":
    case "locked":
      return { outcome: check.kind, email: null };
    case "wrong":
    case "missing":
      return { outcome: "unknown", email: null };
  }
}
