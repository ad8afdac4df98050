/**
 * Inviting the team (issue 23, part 4) as people do it, on a desktop and a
 * phone, with the mail going through a real SMTP server: an owner invites
 * by email with a role (the address's problems said under it, the seats'
 * under the form), revokes one; the invited person opens the mailed link
 * signed out, signs in, comes back to it, accepts, and lands in the
 * organisation's app; the spent link then says so. Each flow is given
 * 120 s: alone it takes 70-80 s on the shared 2-core machine.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdOf, subscribe } from '../fakes/payment-webhook-client.ts';
import { startFakeSmtpServer, type FakeSmtpServer } from '../fakes/smtp-server.ts';
import { expectAccessible, expectVisible, openPage, saveScreenshot, startWebApp, type WebApp } from './browser-harness.ts';

async function signInAs(page: Page, who: { sub: string; email: string; account?: string; role?: string }, landing: RegExp): Promise<void> {
  await page.locator('[name="sub"]').fill(who.sub);
  await page.locator('[name="email"]').fill(who.email);
  if (who.account) await page.locator('[name="account"]').fill(who.account);
  if (who.role) await page.locator('[name="role"]').selectOption(who.role);
  await Promise.all([page.waitForURL(landing), page.getByRole('button', { name: 'Sign in' }).click()]);
}

describe('inviting the team', () => {
  let smtp: FakeSmtpServer;
  let web: WebApp;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    web = await startWebApp({ backgroundWork: true, env: { SMTP_URL: smtp.url, OUTBOX_POLL_MS: '200' } });
  });
  afterAll(async () => {
    await web.close();
    await smtp.close();
  });

  for (const phone of [false, true]) {
    const device = phone ? 'phone' : 'desktop';
    it(`says plainly what to fix in the address, and invites with a role (${device})`, async () => {
      const org = `org_team_${device}`;
      const owner = { sub: `owner_${device}`, email: `owner-${device}@team.test`, account: org, role: 'owner' };
      await subscribe(web.app, await accountIdOf(web.app, owner as never), 'pro');

      const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone });
      await page.goto('/app/settings/team');
      await signInAs(page, owner, /\/app\/settings\/team$/);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Team' }));

      // Problems with the address are said under it, in plain words.
      const email = page.getByLabel('Email address');
      const send = page.getByRole('button', { name: 'Send invitation' });
      await send.click();
      await expectVisible(page.locator('#invite-email-problem').getByText('Enter the email address to invite.'));
      await email.fill(owner.email);
      await send.click();
      await expectVisible(page.locator('#invite-email-problem').getByText('Someone with this address is already a member of this account.'));
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page, `the invite form's problem (${device})`);
      await saveScreenshot(page, `team-invite-problem-${device}`);

      const ann = `ann-${device}@team.test`;
      await email.fill(ann);
      await page.getByLabel('Role').selectOption('admin');
      await send.click();
      await expectVisible(page.getByText(`Invitation sent to ${ann}.`));
      const pending = page.getByRole('table', { name: 'Invitations waiting for an answer' });
      await expectVisible(pending.getByRole('row', { name: new RegExp(ann) }));
      await expectVisible(pending.getByRole('row', { name: new RegExp(ann) }).getByText('Admin'));
      expectNoConsoleErrors({ ignore: [/status of 409/, /status of 400/] });
    }, 120_000);

    it(`refuses a seat the plan does not have, plainly, and revokes after asking (${device})`, async () => {
      const org = `org_seats_${device}`;
      const owner = { sub: `seats_owner_${device}`, email: `seats-owner-${device}@team.test`, account: org, role: 'owner' as const };
      await subscribe(web.app, await accountIdOf(web.app, owner), 'pro');
      const invited = await fetch(`${web.baseUrl}/api/account/invitations`, {
        method: 'POST',
        headers: { ...(await web.app.authHeaders(owner)), 'content-type': 'application/json' },
        body: JSON.stringify({ email: `ann-seats-${device}@team.test`, role: 'admin' }),
      });
      expect(invited.status).toBe(201);
      const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone });
      await page.goto('/app/settings/team');
      await signInAs(page, owner, /\/app\/settings\/team$/);
      const pending = page.getByRole('table', { name: 'Invitations waiting for an answer' });

      // Pro has 3 seats: the owner, Ann's invitation and Bob's take them; a third is refused plainly.
      await page.getByLabel('Email address').fill(`bob-${device}@team.test`);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expectVisible(page.getByText(`Invitation sent to bob-${device}@team.test.`));
      await page.getByLabel('Email address').fill(`carl-${device}@team.test`);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expectVisible(
        page.locator('#invite-problem').getByText('The Pro plan includes 3 seats, and members and pending invitations take all of them.', { exact: false }),
      );
      await expectVisible(page.getByText('2 are kept for pending invitations', { exact: false }));
      await expectAccessible(page, `the team page with invitations (${device})`);
      await saveScreenshot(page, `team-invitations-${device}`);

      // Revoking asks first, then the invitation leaves the list.
      await page.getByRole('button', { name: `Revoke the invitation to bob-${device}@team.test` }).click();
      const dialog = page.getByRole('dialog', { name: `Revoke the invitation to bob-${device}@team.test?` });
      await expectVisible(dialog);
      await dialog.getByRole('button', { name: 'Revoke' }).click();
      await expectVisible(page.getByText(`The invitation to bob-${device}@team.test was revoked.`));
      expect(await pending.getByRole('row', { name: new RegExp(`bob-${device}`) }).count()).toBe(0);
      expectNoConsoleErrors({ ignore: [/status of 402/] });
    }, 120_000);

    it(`mails a link that signs the invited person into the organisation, once (${device})`, async () => {
      const org = `org_join_${device}`;
      const owner = { sub: `inviter_${device}`, email: `inviter-${device}@team.test`, account: org, role: 'owner' as const };
      // An address no other test here invites: the mail found is this invitation's.
      const ann = `newcomer-${device}@team.test`;
      await subscribe(web.app, await accountIdOf(web.app, owner), 'pro');
      const invited = await fetch(`${web.baseUrl}/api/account/invitations`, {
        method: 'POST',
        headers: { ...(await web.app.authHeaders(owner)), 'content-type': 'application/json' },
        body: JSON.stringify({ email: ann, role: 'admin' }),
      });
      expect(invited.status).toBe(201);

      // The mail, through SMTP: its link is the way in.
      const deadline = Date.now() + 20_000;
      let link: string | undefined;
      while (!link && Date.now() < deadline) {
        const mail = smtp.received.find((received) => received.to.includes(ann));
        link = mail ? /Accept the invitation: (\S+)/.exec(mail.parsed.text ?? '')?.[1] : undefined;
        if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(link, 'the invitation mail with its link').toMatch(new RegExp(`^${web.baseUrl}/invitations/`));

      const { page: guest, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone });
      await guest.goto(link!);
      await expectVisible(guest.getByRole('heading', { level: 1, name: `Join Organisation ${org}` }));
      await expectVisible(guest.getByText(`as an admin`, { exact: false }));
      await expectAccessible(guest, `the invitation page, signed out (${device})`);
      await saveScreenshot(guest, `invitation-signed-out-${device}`);
      await guest.getByRole('link', { name: 'Sign in to accept' }).click();
      await guest.waitForURL(/\/sign-in\?next=/);
      await signInAs(guest, { sub: `ann_${device}`, email: ann }, /\/invitations\//);
      const accept = guest.getByRole('button', { name: `Accept and join Organisation ${org}` });
      await expectVisible(accept);
      await expectAccessible(guest, `the invitation page, signed in (${device})`);
      await saveScreenshot(guest, `invitation-signed-in-${device}`);
      await Promise.all([guest.waitForURL((url) => url.pathname.startsWith('/app')), accept.click()]);
      await guest.goto('/app/settings/team');
      await expectVisible(guest.getByRole('row', { name: new RegExp(`${ann}.*\\(you\\)`) }));
      expect(await guest.locator('.site-header .account-label').innerText()).toBe(`Organisation ${org}`);

      // The link worked once.
      await guest.goto(link!);
      await expectVisible(guest.getByRole('heading', { level: 1, name: 'This invitation was already used' }));
      await expectAccessible(guest, `a spent invitation link (${device})`);
      await saveScreenshot(guest, `invitation-used-${device}`);
      expectNoConsoleErrors({ ignore: [/status of 410/] });
    }, 120_000);
  }
});
