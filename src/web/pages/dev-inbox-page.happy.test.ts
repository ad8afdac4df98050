import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { enqueueMail } from '../../mail/send-mail-job.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /dev/inbox (development identity provider on, no SMTP_URL)', () => {
  it('lists the mail written as .eml files and shows each as escaped text, never as HTML', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/dev/inbox' });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('No mail yet');

    await enqueueMail(t.services.jobs, t.database.db, {
      to: 'ada@example.test',
      subject: 'Welcome & <hello>',
      text: 'Plain <b>text</b> part.',
      html: '<p>Hi</p><script>alert("mail")</script>',
      category: 'account',
    });
    await t.services.jobRunner.runDue();

    const inbox = await t.app.inject({ method: 'GET', url: '/dev/inbox' });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.headers['cache-control']).toBe('no-store');
    // The renderer escapes < and &, which is what keeps text from becoming markup.
    expect(inbox.body).toContain('Welcome &amp; &lt;hello>');
    expect(inbox.body).toContain('ada@example.test');
    const link = /href="(\/dev\/inbox\/[^"]+\.eml)"/.exec(inbox.body)?.[1];
    expect(link).toBeDefined();

    const message = await t.app.inject({ method: 'GET', url: link! });
    expect(message.statusCode).toBe(200);
    expect(message.body).toMatch(/<pre>Plain &lt;b>text&lt;\/b> part\.\s[\s\S]*Manage which emails you get: [^<]*\/unsubscribe\?token=[^<]*<\/pre>/);
    expect(message.body).toContain('&lt;script>alert(');
    expect(message.body).not.toContain('<script>alert');
  });

  it('answers 404 for a name that is not one of its files', async () => {
    for (const url of ['/dev/inbox/..%2F..%2Fpackage.json', '/dev/inbox/20260101T000000000Z-00000000.eml', '/dev/inbox/x.eml']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('GET /dev/inbox with an external identity provider', () => {
  it('does not exist', async () => {
    const external = await startTestApp({ env: { IDENTITY_JWKS_URL: 'http://127.0.0.1:9/jwks', IDENTITY_ISSUER: 'https://issuer.example.test' } });
    try {
      expect((await external.app.inject({ method: 'GET', url: '/dev/inbox' })).statusCode).toBe(404);
    } finally {
      await external.close();
    }
  });
});
