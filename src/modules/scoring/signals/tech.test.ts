import { describe, expect, it } from 'vitest';
import { testPage } from '../../../../test/fixtures/test-pages.ts';
import { detectSignals } from './detect-signals.ts';

const signalsOf = (head: string, headers: Record<string, string> = {}) => detectSignals([testPage({ head, headers })]);

describe('technology fingerprints', () => {
  it('quotes the matching part of an inline snippet verbatim', () => {
    const findings = signalsOf('<script>!function(){analytics.load("wrK3yQ2pZ7vT1aa");analytics.page();}();</script>');
    expect(findings.find((f) => f.signal === 'tech.customer_data_platform')!.evidence).toEqual({
      kind: 'observation',
      source: 'inlineScript',
      text: 'analytics.load("wrK3yQ2pZ7vT1aa")',
    });
  });

  it('grows vendor breadth with the number of distinct tools, from three up to six', () => {
    const scripts = [
      'https://cdn.segment.com/analytics.js/v1/k/analytics.min.js',
      'https://cdn.amplitude.com/libs/a.js',
      'https://static.hotjar.com/c/hotjar-1.js',
      'https://widget.intercom.io/widget/abc',
      'https://cdn.optimizely.com/js/1.js',
      'https://unpkg.com/launchdarkly-js-client-sdk@3',
      'https://plausible.io/js/script.js',
    ].map((src) => `<script src="${src}"></script>`);
    const breadth = (count: number) => signalsOf(scripts.slice(0, count).join('')).find((f) => f.signal === 'tech.vendor_breadth')?.strength;
    expect(breadth(2)).toBeUndefined();
    expect(breadth(3)).toBe(0.5);
    expect(breadth(6)).toBe(1);
    expect(breadth(7)).toBe(1);
  });

  it('counts a status-page vendor toward the breadth of the stack', () => {
    const scripts = [
      'https://cdn.segment.com/analytics.js/v1/k/analytics.min.js',
      'https://cdn.amplitude.com/libs/a.js',
      'https://acme.statuspage.io/embed/script.js',
    ];
    const breadth = signalsOf(scripts.map((src) => `<script src="${src}"></script>`).join('')).find((f) => f.signal === 'tech.vendor_breadth');
    expect(breadth?.strength).toBe(0.5);
  });

  it('reads managed platforms and security posture from headers, as "name: value"', () => {
    const findings = signalsOf('', { server: 'cloudflare', 'content-security-policy': "default-src 'self'" });
    expect(findings.find((f) => f.signal === 'tech.managed_platform')!.evidence.text).toBe('server: cloudflare');
    expect(findings.find((f) => f.signal === 'security.headers')!.evidence.text).toBe("content-security-policy: default-src 'self'");
    expect(signalsOf('', { server: 'nginx' }).map((f) => f.signal)).not.toContain('tech.managed_platform');
  });

  it('does not mistake a first-party script for a vendor', () => {
    expect(signalsOf('<script src="/assets/app.js"></script><script>window.app = {};</script>')).toEqual([]);
  });
});
