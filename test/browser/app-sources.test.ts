/**
 * The Sources screen (issue 27), as an owner uses it: connects GitHub through
 * the local server speaking GitHub's OAuth (the browser goes there and back),
 * chooses which repositories count for its product, syncs, sees what each
 * signal fed and the dashboard's measured signals, and disconnects; and a
 * result of the account's own product showing the three kinds of evidence
 * below its overview.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github-api.ts';
import { startFakeLinear, type FakeLinear } from '../fakes/linear-api.ts';
import { sourceEnvironment } from '../fakes/source-environment.ts';
import { expectAccessible, expectVisible, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';

describe('the Sources screen', () => {
  let web: WebApp;
  let github: FakeGitHub;
  let linear: FakeLinear;
  beforeAll(async () => {
    github = await startFakeGitHub();
    linear = await startFakeLinear();
    web = await startWebApp({ env: sourceEnvironment(github, linear) });
    // Four fixture sites and the app on a shared machine: more than the default minute when it is busy.
  }, 180_000);
  afterAll(async () => {
    await web?.close();
    await github?.close();
    await linear?.close();
  });

  it('connects GitHub, syncs, shows what the signals fed and a result with the three kinds of evidence, and disconnects', async () => {
    const identity = { sub: 'sources_owner', account: 'org_sources_screen', role: 'owner' as const };
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signIn(page, identity);
    const headers = await web.app.authHeaders(identity);
    const accountId = (await web.app.app.inject({ method: 'GET', url: '/api/account', headers })).json().id;
    const created = await web.app.services.products.create(accountId, { name: 'Burrowly', url: web.fixtureSiteUrl('burrowly-seed') }, async () => null);
    if (!created.ok) throw new Error('product not created');
    const productId = created.product.id;

    await page.goto('/app/settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Sources' }).click();
    await page.waitForURL(/\/app\/settings\/sources$/);
    await expectVisible(page.getByText('No source connected yet.'));
    await expectAccessible(page, 'the Sources screen, nothing connected');
    await saveScreenshot(page, 'sources-empty');

    // To GitHub (the local server approves at once) and back.
    await page.getByRole('button', { name: 'Connect GitHub' }).click();
    await page.waitForURL(/\/app\/settings\/sources\?/);
    await expectVisible(page.getByText('GitHub is connected.'));
    // The picker lists what the grant can read (from the provider) and saves which count for which product.
    await page.getByRole('button', { name: 'Choose repositories' }).click();
    await page.getByRole('group', { name: 'acme/api' }).getByRole('checkbox', { name: 'Burrowly' }).check();
    await expectVisible(page.getByRole('group', { name: 'acme/web' }).getByRole('checkbox', { name: 'Burrowly' }));
    await expectAccessible(page, 'the Sources screen, choosing repositories');
    await saveScreenshot(page, 'sources-choosing-repositories');
    await page.getByRole('button', { name: 'Save the choice' }).click();
    await expectVisible(page.getByText('Saved: 1 choice. Sync to read them.'));
    await expectVisible(page.getByText('acme/api → Burrowly'));
    expect((await web.app.app.inject({ method: 'GET', url: '/api/sources', headers })).json().connections[0].scopes).toEqual([
      { productId, resourceId: 'acme/api', resourceName: 'acme/api' },
    ]);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expectVisible(page.getByText(/Synced: \d+ signals stored\./));
    await expectVisible(page.getByRole('table', { name: 'What its signals fed' }).getByText('github.pr_cycle_time_hours'));
    await expectVisible(page.getByText('acme/api → Burrowly'));
    await expectAccessible(page, 'the Sources screen, GitHub connected and synced');
    await saveScreenshot(page, 'sources-connected');

    // The dashboard names the product's newest measured signals, each with where it comes from.
    await page.goto('/app');
    const card = page.locator('.product-card', { hasText: 'Burrowly' });
    await expectVisible(card.getByText('Measured in your tools'));
    await expectVisible(card.getByRole('link', { name: 'median PR cycle time 19 h over 30 days, acme/api' }));
    await expectAccessible(page, 'the dashboard with measured signals');
    await saveScreenshot(page, 'dashboard-measured-signals');

    // A score of the product shows what the tools measure and what the team reports beside the site.
    await web.app.app.inject({
      method: 'POST',
      url: '/api/team-notes',
      headers,
      payload: { productId, dimensionId: 'customer_signal_synthesis', body: 'We interview five customers a week.' },
    });
    const scored = await web.app.app.inject({ method: 'POST', url: '/api/score/product', headers, payload: { productId } });
    expect(scored.statusCode).toBe(200);
    await page.goto(`/r/${scored.json().id}`);
    const section = page.getByRole('region', { name: 'Beside the site: your tools and your team' });
    await expectVisible(section.getByText('median PR cycle time 19 h over 30 days, acme/api'));
    await expectVisible(section.getByText('“We interview five customers a week.”'));
    await expectVisible(section.getByText('Only your account sees this section', { exact: false }));
    expect(await section.locator('.evidence-measured').count()).toBeGreaterThan(0);
    expect(await section.locator('.evidence-reported').count()).toBeGreaterThan(0);
    // Detail after the overview: the section comes below "At a glance", not above it.
    const glanceBottom = (await page.getByRole('region', { name: 'At a glance' }).boundingBox())!;
    expect((await section.boundingBox())!.y).toBeGreaterThanOrEqual(glanceBottom.y + glanceBottom.height);
    await expectAccessible(page, 'a result with the three kinds of evidence');
    await saveScreenshot(page, 'result-three-kinds-of-evidence');

    await page.goto('/app/settings/sources');
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await expectVisible(page.getByText('Disconnected: the grant was revoked.'));
    expect(github.liveTokens()).toEqual([]);
    expect(github.revokedGrants()).toHaveLength(1);
    expectNoConsoleErrors();
    // A crawl and a score inside the flow, besides the pages.
  }, 240_000);
});
