/**
 * The port every mail leaves through. What a message says, who it is for
 * and which headers it carries are decided before it gets here (the
 * preference footer and List-Unsubscribe headers of non-transactional mail
 * included); a Mailer only delivers it: over SMTP (`SMTP_URL`), or, on the
 * embedded default, as an .eml file under DATA_DIR/mail.
 */
import type { MailCategory } from '../vocabulary/mail-categories.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Both parts are required: every mail has a plain-text and an HTML body. */
  text: string;
  html: string;
  category: MailCategory;
  /** Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

export interface SentMail {
  /** The Message-ID the transport gave the message. */
  messageId: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<SentMail>;
  /**
   * Removes the copies this mailer keeps of mail to these addresses (an
   * erasure: issue 24); how many. Mail sent over SMTP has left our hands:
   * nothing is kept, so nothing is removed.
   */
  forgetRecipients(addresses: readonly string[]): Promise<number>;
  close(): Promise<void>;
}
