import { describe, expect, it } from 'vitest';
import { checkTargetUrl, isAllowlistedHost, withDefaultScheme } from './target-url.ts';

describe('checkTargetUrl', () => {
  it('accepts an absolute public http(s) URL and returns it parsed', () => {
    const check = checkTargetUrl('  https://Example.com/pricing?x=1  ', []);
    expect(check).toMatchObject({ ok: true });
    expect(check.ok && check.url.href).toBe('https://example.com/pricing?x=1');
  });

  it.each(['example.com', '/pricing', '', 'http://', 'https://exa mple.com/'])('refuses %j as not an absolute URL', (input) => {
    expect(checkTargetUrl(input, [])).toMatchObject({ ok: false, refusal: 'malformed' });
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,hi', 'gopher://example.com/'])(
    'refuses the scheme of %s',
    (input) => {
      expect(checkTargetUrl(input, [])).toMatchObject({ ok: false, refusal: 'scheme' });
    },
  );

  it.each(['https://user:pass@example.com/', 'https://user@example.com/', 'https://:secret@example.com/'])('refuses credentials in %s', (input) => {
    expect(checkTargetUrl(input, [])).toMatchObject({ ok: false, refusal: 'credentials' });
  });

  it.each([
    'http://127.0.0.1/',
    'http://127.0.0.2:8080/',
    'http://2130706433/',
    'http://017700000001/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://127.000.000.001/',
    'http://127.0.0.1./',
    'http://%31%32%37.0.0.1/',
    'http://0/',
    'http://0.0.0.0/',
    'http://10.0.0.1/',
    'http://192.168.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.100.100.200/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[0:0:0:0:0:ffff:127.0.0.1]/',
    'http://[::127.0.0.1]/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://METADATA.GOOGLE.INTERNAL./',
    'http://metadata.goog/',
    'http://instance-data/',
    'http://localhost:3000/',
    'http://api.localhost/',
    'http://printer.local/',
    'http://intranet/',
  ])('refuses the address of %s', (input) => {
    expect(checkTargetUrl(input, [])).toMatchObject({ ok: false, refusal: 'address' });
  });

  it('lets the allowlist exempt a host, on its port only when the entry names one', () => {
    expect(checkTargetUrl('http://127.0.0.1:4000/', ['127.0.0.1:4000'])).toMatchObject({ ok: true });
    expect(checkTargetUrl('http://127.0.0.1:4001/', ['127.0.0.1:4000'])).toMatchObject({ ok: false, refusal: 'address' });
    expect(checkTargetUrl('http://intranet.internal:9999/', ['intranet.internal'])).toMatchObject({ ok: true });
    expect(checkTargetUrl('http://[::1]:8080/', ['[::1]:8080'])).toMatchObject({ ok: true });
  });

  it('matches allowlist entries on the normalised host, so another spelling of an exempt address is exempt too', () => {
    expect(checkTargetUrl('http://2130706433:4000/', ['127.0.0.1:4000'])).toMatchObject({ ok: true });
    expect(checkTargetUrl('https://127.0.0.1/', ['127.0.0.1:443'])).toMatchObject({ ok: true });
  });

  it('does not let the allowlist exempt credentials or schemes', () => {
    expect(checkTargetUrl('http://a:b@127.0.0.1:4000/', ['127.0.0.1:4000'])).toMatchObject({ ok: false, refusal: 'credentials' });
    expect(checkTargetUrl('ftp://127.0.0.1:4000/', ['127.0.0.1:4000'])).toMatchObject({ ok: false, refusal: 'scheme' });
  });
});

describe('isAllowlistedHost', () => {
  it('ignores malformed entries', () => {
    expect(isAllowlistedHost('127.0.0.1', '80', ['', ':80', 'http://127.0.0.1', '127.0.0.1:port'])).toBe(false);
  });

  it('accepts IPv6 hosts with or without brackets', () => {
    expect(isAllowlistedHost('::1', '8080', ['[::1]:8080'])).toBe(true);
    expect(isAllowlistedHost('[::1]', '8080', ['[::1]'])).toBe(true);
  });
});

describe('withDefaultScheme', () => {
  it('reads an address typed without a scheme as https', () => {
    expect(withDefaultScheme('acme.com')).toBe('https://acme.com');
    expect(withDefaultScheme('  www.acme.com/about ')).toBe('https://www.acme.com/about');
    expect(withDefaultScheme('//acme.com')).toBe('https://acme.com');
    expect(withDefaultScheme('acme.com:8080/pricing')).toBe('https://acme.com:8080/pricing');
    expect(checkTargetUrl(withDefaultScheme('acme.com'), [])).toMatchObject({ ok: true, url: new URL('https://acme.com/') });
  });

  it('keeps a scheme that is given, so that what may not be crawled is still refused by name', () => {
    expect(withDefaultScheme('http://acme.com')).toBe('http://acme.com');
    expect(checkTargetUrl(withDefaultScheme('ftp://acme.com'), [])).toMatchObject({ ok: false, refusal: 'scheme' });
    expect(checkTargetUrl(withDefaultScheme('mailto:ceo@acme.com'), [])).toMatchObject({ ok: false, refusal: 'scheme' });
    expect(checkTargetUrl(withDefaultScheme('localhost:3000'), [])).toMatchObject({ ok: false, refusal: 'address' });
    expect(checkTargetUrl(withDefaultScheme(''), [])).toMatchObject({ ok: false, refusal: 'malformed' });
  });
});
