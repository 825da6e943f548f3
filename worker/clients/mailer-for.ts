import type { AppConfig } from "../config.ts";
import { createMailer, type Mailer } from "./mailer.ts";

const mailers = new WeakMap<AppConfig, Mailer>();

/** One mailer per configuration (per isolate). */
export function mailerFor(config: AppConfig): Mailer {
  let mailer = mailers.get(config);
  if (mailer === undefined) {
    mailer = createMailer(config.mail);
    mailers.set(config, mailer);
  }
  return mailer;
}
