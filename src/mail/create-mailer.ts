import path from 'node:path';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { EmlFileMailer } from './eml-file-mailer.ts';
import type { Mailer } from './mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

/** The directory the embedded default writes mail to, and the development inbox reads. */
export function mailDirectory(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

/** SMTP when SMTP_URL is set; else .eml files under DATA_DIR/mail. */
export function createMailer(config: Pick<Config, 'mail' | 'dataDir'>, clock: Clock): Mailer {
  return config.mail.smtpUrl
    ? new SmtpMailer(config.mail.smtpUrl, config.mail.from)
    : new EmlFileMailer({ directory: mailDirectory(config.dataDir), from: config.mail.from, clock });
}
