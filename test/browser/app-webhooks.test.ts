/**
 * The webhooks settings page (issue 23, part 7), as an owner uses it: adds an
 * endpoint and copies its secret (shown once), sends a test event and sees
 * it delivered (a local receiver checks its signature with that secret),
 * rotates the secret, disables and enables the endpoint, sends a delivery
 * again and deletes the endpoint; a member is told who manages them.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { accountIdOf, subscribe } from '../fakes/payment-webhook-client.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { expectAccessible, expectVisible, fitsTheViewport, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';

/** Reloads until the endpoint's newest delivery reads `outcome`. */
async function waitForOutcome(page: Page, outcome: string, count = 1): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.reload();
    if ((await page.locator('.delivery-table tbody tr').filter({ hasText: outcome }).count()) >= count) return;
    if (Date.now() > deadline) expect.fail(`no delivery reading "${outcome}" within 20 s`);
    await page.waitForTimeout(300);
  }
}

describe('the webhooks settings page', () => {
  let web: WebApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver(systemClock);
    web = await startWebApp({ backgroundWork: true, env: { OUTBOX_POLL_MS: '200', WEBHOOK_ALLOWLIST: receiver.host } });
  });
  afterAll(async () => {
    await web?.close();
    await receiver?.close();
  });

  it('adds an endpoint with its secret shown once, delivers a signed test event, rotates, disables, sends again and deletes', async () => {
    const { page, context, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.baseUrl });
    await signIn(page, { sub: 'hooks_owner', account: 'org_hooks', role: 'owner' });
    await page.goto('/app/settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL(/\/app\/settings\/webhooks$/);
    await expectVisible(page.getByText('No endpoints yet.'));

    // Empty, the address is marked with what to write.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expectVisible(page.locator('#webhook-url-problem').getByText('Give the address your system receives events at.'));

    await page.getByLabel('Endpoint address').fill(receiver.url);
    await page.getByLabel('Description (optional)').fill('Ops channel');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secretField = page.locator('[data-secret]');
    await expectVisible(page.getByRole('heading', { name: 'Its signing secret' }));
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectAccessible(page, 'a new endpoint and its secret');
    await saveScreenshot(page, 'webhooks-secret');
    receiver.setSecrets([secret]);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.waitForLoadState();
    const endpoint = page.locator('.webhook');
    await expectVisible(endpoint.getByText(receiver.url));
    await expectVisible(endpoint.getByText('Enabled'));
    // The secret is not shown again.
    expect(await page.getByText(secret).count()).toBe(0);

    await endpoint.getByRole('button', { name: 'Send a test event' }).click();
    await expectVisible(page.getByText('Test event sent'));
    await waitForOutcome(page, 'Delivered');
    expect(receiver.deliveries.at(-1)!.verifiedBy).toEqual([0]);

    // Rotating shows the new secret once; the old one keeps signing for 24 hours.
    await endpoint.getByRole('button', { name: 'Rotate the secret' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Its signing secret' }));
    const rotated = await secretField.inputValue();
    expect(rotated).not.toBe(secret);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expectVisible(page.locator('.webhook').getByText(/the previous secret signs too until/));

    await page.locator('.webhook').getByRole('button', { name: 'Disable' }).click();
    await expectVisible(page.getByText('Disabled: no events are sent to it until it is enabled.'));
    await expectVisible(page.locator('.webhook .webhook-state').getByText('Disabled'));
    await page.locator('.webhook').getByRole('button', { name: 'Enable' }).click();
    await expectVisible(page.locator('.webhook .webhook-state').getByText('Enabled'));
    // The page's script has run on the reloaded page (it shows the word): a click before that would be lost.
    await expectVisible(page.getByText('Enabled: events are sent to it again.'));

    receiver.setSecrets([rotated]);
    await page
      .locator('.delivery-table')
      .getByRole('button', { name: /^Send again/ })
      .first()
      .click();
    // The page reloads after the API answers: on a busy machine that takes longer than the default 5 s.
    await expectVisible(page.getByText('Sent again: the new delivery is at the top.'), 20_000);
    await waitForOutcome(page, 'Delivered', 2);
    await expectAccessible(page, 'an endpoint with its deliveries');
    await saveScreenshot(page, 'webhooks-desktop');

    await page.locator('.webhook').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectVisible(page.getByText('No endpoints yet.'));
    expectNoConsoleErrors({ ignore: [/status of 400 \(Bad Request\)/] });
  }, 120_000);

  it('reads on a phone, and tells a member who manages the endpoints', async () => {
    const owner = await openPage(web.baseUrl, { phone: true });
    await signIn(owner.page, { sub: 'hooks_phone', account: 'org_hooks_phone', role: 'owner' });
    await owner.page.goto('/app/settings/webhooks');
    // Through the page's own origin, as its script calls the API.
    const status = await owner.page.evaluate(async (url) => {
      const response = await fetch('/api/webhooks', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url, events: ['score.completed', 'plan.changed'] }),
      });
      return response.status;
    }, receiver.url);
    expect(status).toBe(201);
    await owner.page.reload();
    await expectVisible(owner.page.locator('.webhook').getByText(receiver.url));
    expect(await fitsTheViewport(owner.page)).toBe(true);
    await expectAccessible(owner.page, 'the webhooks page on a phone');
    await saveScreenshot(owner.page, 'webhooks-phone');
    owner.expectNoConsoleErrors();

    // Pro: a second seat, for the member (Free's one is the owner's).
    await subscribe(web.app, await accountIdOf(web.app, { sub: 'hooks_phone', account: 'org_hooks_phone', role: 'owner' }), 'pro');
    const member = await openPage(web.baseUrl);
    await signIn(member.page, { sub: 'hooks_member', account: 'org_hooks_phone', role: 'member' });
    await member.page.goto('/app/settings/webhooks');
    await expectVisible(member.page.getByText("Owners and admins add and manage the account's webhook endpoints."));
    expect(await member.page.locator('.webhook').count()).toBe(0);
    member.expectNoConsoleErrors();
  });
});
