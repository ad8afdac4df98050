/**
 * What a mail client does with RFC 8058 one-click unsubscribe: read the
 * address a received mail carries in List-Unsubscribe, and POST
 * `List-Unsubscribe=One-Click` to it as a form, with no cookie.
 */
import { expect } from 'vitest';
import type { ReceivedMail } from './fakes/smtp-server.ts';
import type { TestApp } from './harness.ts';

/** The https address in the mail's List-Unsubscribe header (read from the raw line: mailparser turns the parsed header into an object). */
export function oneClickAddressOf(mail: ReceivedMail): string {
  const line = mail.parsed.headerLines.find((header) => header.key === 'list-unsubscribe')?.line ?? '';
  const address = /<([^>]+)>/.exec(line)?.[1];
  expect(address, 'the List-Unsubscribe address').toBeTruthy();
  return address!;
}

/** The one-click POST to `address`; the caller checks the answer. */
export function postOneClick(t: TestApp, address: string) {
  const url = new URL(address);
  return t.app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
}
