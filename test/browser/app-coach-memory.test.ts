/**
 * A coach that remembers and listens (issue 23, part 5), in the browser: the
 * conversation is kept, so a reload, or the same person on another device,
 * picks it up where it was; the picker lists each site once with the day
 * and time of its score, and the person's conversations; a question on a
 * wrong premise is corrected with the facts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeResult } from '../stored-results.ts';
import { expectAccessible, expectVisible, fitsTheViewport, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';

describe('the coach that remembers', () => {
  let web: WebApp;
  beforeAll(async () => {
    web = await startWebApp();
  });
  afterAll(() => web.close());

  it('keeps a conversation over a reload and on another device, and corrects a wrong premise', async () => {
    const laptop = await openPage(web.baseUrl);
    const { page } = laptop;
    await signIn(page, { sub: 'coach_memory' });
    const accountId = ((await (await page.request.get('/api/account')).json()) as { id: string }).id;
    await storeResult(web.app, { accountId, companyName: 'Ledgerly', url: 'https://ledgerly.example/', createdAt: '2026-11-19T08:05:00.000Z' });
    const latest = await storeResult(web.app, {
      accountId,
      companyName: 'Ledgerly',
      url: 'https://ledgerly.example/',
      levels: { pricing_packaging: 3 },
      createdAt: '2026-11-20T14:30:00.000Z',
    });

    // The picker: the site once, with the day and time of its newest score, the earlier one folded.
    await page.goto('/app/coach');
    expect(await page.locator('.coach-choice').count()).toBe(1);
    await expectVisible(page.getByText('scored 20 Nov 2026, 14:30 UTC'));
    await expectVisible(page.getByText('1 earlier score of this site'));
    await page.locator('.coach-choice').getByRole('link', { name: 'Ledgerly' }).click();
    await page.waitForURL(new RegExp(`/app/coach\\?result=${latest.id}$`));

    await page.getByLabel('Your question').fill('Why is our pricing score low?');
    await page.getByRole('button', { name: 'Ask the coach' }).click();
    const answer = page.locator('.coach-turn-assistant').last();
    await expectVisible(answer.locator('strong', { hasText: /: what the result says$/ }), 15_000);
    await expectVisible(answer.getByText(/is not low: it is one of Ledgerly's stronger dimensions/));
    // The address now names the kept conversation.
    await page.waitForURL(/\/app\/coach\?conversation=[0-9a-f-]+$/);
    const conversationUrl = page.url();

    await page.reload();
    await expectVisible(page.locator('.coach-turn-user').getByText('Why is our pricing score low?'));
    // The kept answer is drawn from its Markdown again: its bold title is bold, not asterisks.
    await expectVisible(page.locator('.coach-turn-assistant strong', { hasText: /: what the result says$/ }));
    await expectVisible(page.getByText('it is here when you come back, on any device.'));
    await expectAccessible(page, 'a kept conversation');
    await saveScreenshot(page, 'coach-kept-desktop');
    laptop.expectNoConsoleErrors();

    // Another device: the same person, signed in afresh on a phone.
    const phone = await openPage(web.baseUrl, { phone: true });
    await signIn(phone.page, { sub: 'coach_memory' });
    await phone.page.goto('/app/coach');
    await expectVisible(phone.page.getByRole('heading', { name: 'Your conversations' }));
    await phone.page.getByRole('link', { name: 'Why is our pricing score low?' }).click();
    await phone.page.waitForURL(conversationUrl);
    await expectVisible(phone.page.locator('.coach-turn-user').getByText('Why is our pricing score low?'));
    await phone.page.getByLabel('Your question').fill('What are our biggest gaps?');
    await phone.page.getByRole('button', { name: 'Ask the coach' }).click();
    await expectVisible(phone.page.locator('.coach-turn-assistant').nth(1).locator('strong', { hasText: "Ledgerly's biggest gaps" }), 15_000);
    expect(await fitsTheViewport(phone.page)).toBe(true);
    await expectAccessible(phone.page, 'a kept conversation on a phone');
    await saveScreenshot(phone.page, 'coach-kept-phone');
    phone.expectNoConsoleErrors();

    // Back on the laptop, both questions are there.
    await page.reload();
    expect(await page.locator('.coach-turn-user .coach-question').allInnerTexts()).toEqual(['Why is our pricing score low?', 'What are our biggest gaps?']);
    await page.goto('/app/coach');
    await expectAccessible(page, 'the coach picker with conversations');
    await saveScreenshot(page, 'coach-picker');
  }, 90_000);
});
