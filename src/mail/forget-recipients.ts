/**
 * An erasure's side effect on the mail the service keeps (issue 24): the
 * addresses leaving with an erased account go into the outbox in the
 * erasure's transaction, and after the commit the mailer removes its copies
 * of their mail (the .eml files of the embedded default; nothing over
 * SMTP). The message's payload is cleared once done, as every outbox
 * payload is.
 */
import type { OutboxMessage } from '../queue/outbox.ts';
import type { Mailer } from './mailer.ts';

export const FORGET_RECIPIENTS_TOPIC = 'mail.forget_recipients';

/** The outbox message that removes the mail kept for these addresses; none when there are none. */
export function forgetRecipientsMessages(addresses: readonly string[]): OutboxMessage[] {
  return addresses.length === 0 ? [] : [{ topic: FORGET_RECIPIENTS_TOPIC, payload: { addresses: [...addresses] } }];
}

/** The outbox handler. */
export async function forgetRecipients(mailer: Mailer, payload: Record<string, unknown>): Promise<void> {
  const addresses = payload.addresses;
  if (!Array.isArray(addresses) || !addresses.every((address) => typeof address === 'string'))
    throw new Error('mail.forget_recipients payload has no addresses');
  await mailer.forgetRecipients(addresses);
}
