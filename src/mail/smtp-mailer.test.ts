import { afterEach, describe, expect, it } from 'vitest';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../test/fakes/smtp-server.ts';
import { createMailer } from './create-mailer.ts';
import type { OutgoingMail } from './mailer.ts';

const FROM = 'Maturity Scoring <no-reply@example.test>';
const mail: OutgoingMail = {
  to: 'ada@example.test',
  subject: 'Your week in scores: Ünïcode too',
  text: 'Plain words for plain clients.\nA second line.',
  html: '<p>Rich words for <strong>rich</strong> clients.</p>',
  category: 'weekly_digest',
  headers: {
    'List-Unsubscribe': '<https://scoring.example.test/api/unsubscribe?token=abc>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

let server: FakeSmtpServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('SMTP mailer (SMTP_URL)', () => {
  it('delivers over SMTP, logged in, with both parts and the given headers', async () => {
    server = await startFakeSmtpServer({ user: 'mailer', pass: 's3cret:/@' });
    const mailer = createMailer({ dataDir: '/nonexistent', mail: { smtpUrl: server.url, from: FROM } }, { now: () => new Date() });
    const sent = await mailer.send(mail);
    await mailer.close();

    const [received] = await server.waitForMessages(1);
    expect(received!.user).toBe('mailer');
    expect(received!.from).toBe('no-reply@example.test');
    expect(received!.to).toEqual(['ada@example.test']);
    const parsed = received!.parsed;
    expect(parsed.messageId).toBe(sent.messageId);
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.from?.value).toEqual([{ name: 'Maturity Scoring', address: 'no-reply@example.test' }]);
    expect(parsed.text?.trim()).toBe(mail.text);
    expect(parsed.html).toContain('<strong>rich</strong>');
    // mailparser folds List-* fields into a structured 'list' header; the raw lines are what a client reads.
    const lines = parsed.headerLines.map((header) => header.line);
    expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(lines).toContain('List-Unsubscribe: <https://scoring.example.test/api/unsubscribe?token=abc>');
    expect(parsed.headers.get('x-mail-category')).toBe('weekly_digest');
  });

  it('rejects when the server refuses, so the job retries', async () => {
    server = await startFakeSmtpServer();
    server.refusing = true;
    const mailer = createMailer({ dataDir: '/nonexistent', mail: { smtpUrl: server.url, from: FROM } }, { now: () => new Date() });
    await expect(mailer.send(mail)).rejects.toThrow(/451|Try again later/);
    await mailer.close();
  });

  it('refuses a mail without both parts', async () => {
    server = await startFakeSmtpServer();
    const mailer = createMailer({ dataDir: '/nonexistent', mail: { smtpUrl: server.url, from: FROM } }, { now: () => new Date() });
    await expect(mailer.send({ ...mail, html: '' })).rejects.toThrow('a mail needs both a text and an HTML part');
    await mailer.close();
    expect(server.received).toEqual([]);
  });
});
