/** The Mailer over SMTP (SMTP_URL): nodemailer's SMTP transport, one connection per message. */
import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail, SentMail } from './mailer.ts';
import { composedMessage } from './composed-message.ts';

export class SmtpMailer implements Mailer {
  readonly #transport;
  readonly #from: string;

  /** url: smtp://user:pass@host:port (STARTTLS when the server offers it) or smtps://... (TLS from the start). */
  constructor(url: string, from: string) {
    this.#transport = nodemailer.createTransport(url);
    this.#from = from;
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const info = await this.#transport.sendMail(composedMessage(this.#from, mail));
    return { messageId: info.messageId };
  }

  async forgetRecipients(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {
    this.#transport.close();
  }
}
