import type { SendMailOptions } from 'nodemailer';
import type { OutgoingMail } from './mailer.ts';

/** What nodemailer composes from an OutgoingMail, the same for every transport. */
export function composedMessage(from: string, mail: OutgoingMail): SendMailOptions {
  // The port's types require both parts, but payloads come back from the job table as JSON: check at the edge.
  if (!mail.text || !mail.html) throw new Error('a mail needs both a text and an HTML part');
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { ...mail.headers, 'X-Mail-Category': mail.category },
  };
}
