/**
 * The SSRF rule through whole crawls: literal address forms, names that
 * resolve inward, and redirects from an allowed host to refused ones. A
 * counting server on 127.0.0.2 proves the refused address saw no connection.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCountingServer } from '../../../../test/fixtures/hostile/counting-server.ts';
import { htmlPage, staticRoutes, startFixtureServer, type FixtureServer } from '../../../../test/fixtures/hostile/fixture-server.ts';
import { startRefusedRedirect } from '../../../../test/fixtures/hostile/refused-redirect.ts';
import { TestResources } from '../../../../test/fixtures/hostile/test-crawler.ts';
import type { HostLookup } from '../../../net/safe-connector.ts';
import { CrawlFailedError } from './crawler.ts';

const resources = new TestResources();
afterEach(() => resources.closeAll());

let internal: FixtureServer;
beforeAll(async () => {
  internal = await startCountingServer('127.0.0.2');
});
afterAll(() => internal.close());

const lookupTo =
  (...addresses: string[]): HostLookup =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('crawl refuses internal addresses', () => {
  it.each(['127.0.0.2', '2130706434', '0x7f.0.0.2', '0177.0.0.2', '127.0.2', '[::ffff:127.0.0.2]', '[::ffff:7f00:2]'])(
    'refuses the literal %s before connecting',
    async (host) => {
      const before = internal.connections;
      await expect(resources.crawler([]).crawl(`http://${host}:${internal.port}/`)).rejects.toThrow(
        new CrawlFailedError('The address points to a private, local or internal network location'),
      );
      expect(internal.connections).toBe(before);
    },
  );

  it('refuses a name that resolves to a loopback address', async () => {
    const before = internal.connections;
    const crawler = resources.crawler([], { lookup: lookupTo('127.0.0.2') });
    await expect(crawler.crawl(`http://inward.example:${internal.port}/`)).rejects.toThrow(
      new CrawlFailedError('The address resolves to a private, local or internal network location'),
    );
    expect(internal.connections).toBe(before);
  });

  it('refuses a name whose answer holds a public address and then a private one', async () => {
    const before = internal.connections;
    const crawler = resources.crawler([], { lookup: lookupTo('93.184.215.14', '127.0.0.2') });
    await expect(crawler.crawl(`http://mixed.example:${internal.port}/`)).rejects.toThrow(CrawlFailedError);
    expect(internal.connections).toBe(before);
  });

  it('refuses a redirect from an allowed host to 127.0.0.2: no connection reaches it', async () => {
    const allowed = resources.track(await startRefusedRedirect(`http://127.0.0.2:${internal.port}/`));
    const before = internal.connections;
    await expect(resources.crawler([allowed.allowlistEntry]).crawl(`${allowed.url}/`)).rejects.toThrow(new CrawlFailedError('Redirected to a refused address'));
    expect(allowed.paths()).toContain('/');
    expect(internal.connections).toBe(before);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://[::ffff:169.254.169.254]/',
  ])('refuses a redirect from an allowed host to the metadata service at %s', async (target) => {
    const allowed = resources.track(await startRefusedRedirect(target));
    await expect(resources.crawler([allowed.allowlistEntry]).crawl(`${allowed.url}/`)).rejects.toThrow(new CrawlFailedError('Redirected to a refused address'));
  });

  it('refuses a redirect to a name that resolves inward, at connection time', async () => {
    const allowed = resources.track(await startRefusedRedirect(`http://inward.example:${internal.port}/`));
    const before = internal.connections;
    const crawler = resources.crawler([allowed.allowlistEntry], { lookup: lookupTo('127.0.0.2') });
    await expect(crawler.crawl(`${allowed.url}/`)).rejects.toThrow(new CrawlFailedError('Redirected to a refused address'));
    expect(internal.connections).toBe(before);
  });

  it('skips a linked page whose redirect leads inward, and keeps the rest of the crawl', async () => {
    let origin = '';
    const site = resources.track(
      await startFixtureServer((request, response) => {
        if (request.url === '/pricing') {
          response.writeHead(302, { location: `http://127.0.0.2:${internal.port}/` }).end();
          return;
        }
        staticRoutes({ '/': { body: htmlPage('Home', `<a href="${origin}/pricing">Pricing</a>`) } })(request, response);
      }),
    );
    origin = site.url;
    const before = internal.connections;
    const summary = await resources.crawler([site.allowlistEntry]).crawl(`${site.url}/`);
    expect(summary.pages.map((page) => page.finalUrl)).toEqual([`${site.url}/`]);
    expect(summary.skipped).toContainEqual({ url: `${site.url}/pricing`, reason: 'Redirected to a refused address' });
    expect(internal.connections).toBe(before);
  });
});

describe('crawl failures say why', () => {
  it('says when a host cannot be resolved', async () => {
    const notFound: HostLookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(resources.crawler([], { lookup: notFound }).crawl('http://nowhere.example/')).rejects.toThrow(
      new CrawlFailedError('Could not resolve host nowhere.example'),
    );
  });

  it('says when the connection is refused', async () => {
    const closed = await startFixtureServer(() => undefined);
    const { port, allowlistEntry } = closed;
    await closed.close();
    await expect(resources.crawler([allowlistEntry]).crawl(`http://127.0.0.1:${port}/`)).rejects.toThrow(new CrawlFailedError('Connection refused'));
  });

  it.each(['ftp://example.com/', 'https://user:pw@example.com/', 'not a url'])('refuses %s before any request', async (input) => {
    await expect(resources.crawler([]).crawl(input)).rejects.toThrow(CrawlFailedError);
  });
});
