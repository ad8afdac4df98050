/**
 * Goals and cadence as a person uses them (issue 28): on a scored product's
 * page they add a goal with the form (a form with a problem first, answered
 * field by field), set the rescoring cadence, see both on the dashboard's
 * card, and, on a phone, remove the goal. The forms post without scripts;
 * every page is axe-clean in both colour schemes.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectVisible, fitsTheViewport, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';

const person = { sub: 'goals_person' };

describe('goals and cadence', () => {
  let web: WebApp;
  let productId = '';
  /** A dimension the product's score leaves below level 4, and its level. */
  let dimension = { name: '', level: 0 };

  beforeAll(async () => {
    web = await startWebApp();
  });
  afterAll(async () => {
    await web?.close();
  });

  it("adds a goal on the product's page, after a form with a problem is answered field by field, and sets the cadence", async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signIn(page, person);
    // The product and its first score through the API: the page's forms are what is tested here.
    const origin = { origin: web.baseUrl };
    const created = await page.request.post('/api/products', { data: { name: 'Burrowly', url: web.fixtureSiteUrl('burrowly-seed') }, headers: origin });
    expect(created.status()).toBe(201);
    productId = ((await created.json()) as { id: string }).id;
    const scored = await page.request.post('/api/score/product', { data: { productId }, headers: origin, timeout: 60_000 });
    expect(scored.status()).toBe(200);
    const result = (await scored.json()) as { dimensions: { dimensionName: string; score: number }[] };
    const below = result.dimensions.find((d) => d.score < 4)!;
    dimension = { name: below.dimensionName, level: below.score };

    await page.goto(`/app/products/${productId}`);
    const goals = page.locator('#goals');
    await expectVisible(goals.getByRole('heading', { level: 2, name: 'Goals and cadence' }));
    await expectVisible(goals.getByText('No goals yet.'));

    // No dimension chosen: the page comes back with the problem beside the field, and the date kept.
    await goals.getByLabel('Due date').fill('2099-06-30');
    await Promise.all([page.waitForURL(`**/app/products/${productId}/goals`), goals.getByRole('button', { name: 'Add goal' }).click()]);
    await expectVisible(page.getByText('Choose the dimension the goal is for.'));
    expect(await page.getByLabel('Due date').inputValue()).toBe('2099-06-30');
    await expectAccessible(page, '/app/products/<id> with a goal form problem');
    await saveScreenshot(page, 'app-goals-form-problem');

    await page.getByLabel('Dimension').selectOption({ label: dimension.name });
    await page.getByLabel('Target level').selectOption(String(dimension.level + 1));
    await Promise.all([page.waitForURL(`**/app/products/${productId}#goals`), page.getByRole('button', { name: 'Add goal' }).click()]);
    const goal = page.locator('.goal');
    await expectVisible(goal.getByText(dimension.name));
    expect((await goal.innerText()).replace(/\s+/g, ' ')).toMatch(
      new RegExp(`level ${dimension.level + 1} by 30 June 2099 (On track|At risk) Started at level ${dimension.level}, now level ${dimension.level}\\.`),
    );

    await page.getByLabel('Rescore this product').selectOption('weekly');
    await Promise.all([page.waitForURL(`**/app/products/${productId}#goals`), page.getByRole('button', { name: 'Save cadence' }).click()]);
    await expectVisible(page.getByText(/Rescored: weekly, next on/));
    await expectAccessible(page, '/app/products/<id> with a goal and a cadence');
    await saveScreenshot(page, 'app-goals-product');
    // The browser logs the form's 400 itself; nothing else may go wrong.
    expectNoConsoleErrors({ ignore: [/status of 400/] });
  }, 120_000);

  it("shows the goal and the cadence on the dashboard's card", async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signIn(page, person);
    await page.goto('/app');
    const card = page.locator('.product-card').filter({ hasText: 'Burrowly' });
    await expectVisible(card.getByText(dimension.name));
    await expectVisible(card.getByText(/Rescored: weekly, next on/));
    await expectAccessible(page, '/app with a goal');
    await saveScreenshot(page, 'app-goals-dashboard');
    expectNoConsoleErrors();
  });

  it('removes the goal on a phone, the page fitting the screen', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone: true });
    await signIn(page, person);
    await page.goto(`/app/products/${productId}`);
    await expectVisible(page.locator('.goal').getByText(dimension.name));
    expect(await fitsTheViewport(page)).toBe(true);
    await saveScreenshot(page, 'app-goals-product-phone');
    await removeGoal(page, dimension.name);
    await expectVisible(page.locator('#goals').getByText('No goals yet.'));
    await expectAccessible(page, '/app/products/<id> on a phone, the goal removed');
    expectNoConsoleErrors();
  });
});

async function removeGoal(page: Page, dimensionName: string): Promise<void> {
  await Promise.all([page.waitForURL(/#goals$/), page.getByRole('button', { name: new RegExp(`Remove the ${dimensionName} goal`) }).click()]);
}
