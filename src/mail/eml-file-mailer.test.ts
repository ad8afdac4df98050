import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.ts';
import { createMailer, mailDirectory } from './create-mailer.ts';
import { EML_FILE_NAME } from './eml-file-mailer.ts';
import { listInbox, readInboxMessage } from './mail-inbox.ts';
import type { OutgoingMail } from './mailer.ts';

const FROM = 'Maturity Scoring <no-reply@localhost>';
const mail: OutgoingMail = {
  to: 'ada@example.test',
  subject: 'Día 7: your trial, halfway — résumé',
  text: `Hello Ada,\n${'A long line that nodemailer must wrap as quoted-printable, with an = sign and 100% of the words. '.repeat(2)}\nÜmlauts stay.`,
  html: '<p>Hello <script>alert(1)</script>Ada</p>',
  category: 'account',
  headers: { 'X-Trial-Day': '7' },
};

let dataDir: string | null = null;
afterEach(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = null;
});

describe('.eml file mailer (the embedded default)', () => {
  it('writes each message as a parseable .eml file with a sortable name', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maturity-mail-'));
    const clock = new ManualClock('2026-03-01T09:30:00.000Z');
    const mailer = createMailer({ dataDir, mail: { smtpUrl: null, from: FROM } }, clock);
    const first = await mailer.send(mail);
    clock.advance(1);
    await mailer.send({ ...mail, subject: 'The second one' });
    await mailer.close();

    const files = fs.readdirSync(mailDirectory(dataDir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => EML_FILE_NAME.test(file))).toBe(true);
    expect(files[0]!.startsWith('20260301T093000000Z-')).toBe(true);

    const parsed = await simpleParser(fs.readFileSync(path.join(mailDirectory(dataDir), files[0]!)));
    expect(parsed.messageId).toBe(first.messageId);
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : null).toBe('ada@example.test');
    expect(parsed.text?.trim()).toBe(mail.text);
    expect(parsed.html).toContain('Hello');
    expect(parsed.headers.get('x-trial-day')).toBe('7');
  });

  it('the inbox reader lists newest first and decodes the subject and text part', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maturity-mail-'));
    const clock = new ManualClock('2026-03-01T09:30:00.000Z');
    const mailer = createMailer({ dataDir, mail: { smtpUrl: null, from: FROM } }, clock);
    await mailer.send(mail);
    clock.advance(60_000);
    await mailer.send({ ...mail, subject: 'Later' });
    const entries = await listInbox(mailDirectory(dataDir));
    expect(entries.map((entry) => entry.subject)).toEqual(['Later', mail.subject]);
    expect(entries[1]!.to).toBe('ada@example.test');

    const message = await readInboxMessage(mailDirectory(dataDir), entries[1]!.file);
    expect(message!.text?.trim()).toBe(mail.text);
    expect(message!.from).toBe(FROM);
    expect(await readInboxMessage(mailDirectory(dataDir), '../../etc/passwd')).toBeNull();
    expect(await listInbox(path.join(dataDir, 'missing'))).toEqual([]);
  });
});
