import { describe, expect, it } from 'vitest';
import type { FetchedResource } from './http-fetch.ts';
import { parseRobots, robotsVerdict } from './robots.ts';

const USER_AGENT = 'MaturityScoringBot/0.1 (+test)';
const ROBOTS_URL = new URL('https://a.com/robots.txt');

function response(status: number, body = ''): FetchedResource {
  return {
    requestedUrl: ROBOTS_URL.href,
    finalUrl: ROBOTS_URL.href,
    status,
    headers: {},
    contentType: { mediaType: 'text/plain', charset: null },
    body: { bytes: Buffer.from(body), truncated: false },
  };
}

describe('parseRobots', () => {
  const text = [
    'User-agent: *',
    'Disallow: /private',
    '',
    'User-agent: MaturityScoringBot',
    'Disallow: /admin',
    'Disallow: /*.json$',
    'Allow: /admin/public',
    '',
    'Sitemap: https://a.com/sitemap-main.xml',
    'Sitemap: https://cdn.a.com/sitemap.xml',
  ].join('\n');
  const rules = parseRobots(ROBOTS_URL, text, USER_AGENT);

  it('applies the group for our product token rather than the * group', () => {
    expect(rules.isAllowed(new URL('https://a.com/admin/users'))).toBe(false);
    expect(rules.isAllowed(new URL('https://a.com/admin/public/page'))).toBe(true);
    expect(rules.isAllowed(new URL('https://a.com/private'))).toBe(true);
    expect(rules.isAllowed(new URL('https://a.com/data.json'))).toBe(false);
    expect(rules.isAllowed(new URL('https://a.com/pricing'))).toBe(true);
  });

  it('falls back to the * group when no group names us', () => {
    const generic = parseRobots(ROBOTS_URL, 'User-agent: *\nDisallow: /private\n', USER_AGENT);
    expect(generic.isAllowed(new URL('https://a.com/private/x'))).toBe(false);
    expect(generic.isAllowed(new URL('https://a.com/public'))).toBe(true);
  });

  it('lists the sitemaps the file names', () => {
    expect(rules.sitemaps).toEqual(['https://a.com/sitemap-main.xml', 'https://cdn.a.com/sitemap.xml']);
  });
});

describe('robotsVerdict', () => {
  it('allows everything when robots.txt is missing', () => {
    const verdict = robotsVerdict(ROBOTS_URL, response(404), USER_AGENT);
    expect(verdict.kind === 'rules' && verdict.rules.isAllowed(new URL('https://a.com/anything'))).toBe(true);
  });

  it('treats a server error as complete disallow, with the reason', () => {
    expect(robotsVerdict(ROBOTS_URL, response(503), USER_AGENT)).toEqual({
      kind: 'unreachable',
      reason: 'The site answered 503 Service Unavailable for its robots.txt',
      refusedAddress: false,
    });
  });

  it('obeys a disallow-everything file', () => {
    const verdict = robotsVerdict(ROBOTS_URL, response(200, 'User-agent: *\nDisallow: /\n'), USER_AGENT);
    expect(verdict.kind === 'rules' && verdict.rules.isAllowed(new URL('https://a.com/'))).toBe(false);
  });
});
