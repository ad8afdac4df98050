import { describe, expect, it } from 'vitest';
import { testPage } from '../../../../test/fixtures/test-pages.ts';
import { companyNameFrom } from './company-name.ts';

const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe('companyNameFrom', () => {
  it('prefers og:site_name', () => {
    const page = testPage({
      title: 'Home | Something else',
      head: `<meta property="og:site_name" content="Acme">${ld({ '@type': 'Organization', name: 'Acme Inc.' })}`,
    });
    expect(companyNameFrom([page])).toBe('Acme');
  });

  it('then a JSON-LD Organization, also inside @graph', () => {
    const page = testPage({
      title: 'Welcome',
      head: ld({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'WebSite', name: 'Site' },
          { '@type': ['Organization'], name: 'Globex' },
        ],
      }),
    });
    expect(companyNameFrom([page])).toBe('Globex');
  });

  it('then the first page title without its tagline', () => {
    expect(companyNameFrom([testPage({ title: 'Initech | Invoicing for agencies' })])).toBe('Initech');
    expect(companyNameFrom([testPage({ title: 'Home - Initech' })])).toBe('Initech');
    expect(companyNameFrom([testPage({ title: 'Initech: payroll, simply' })])).toBe('Initech');
  });

  it('gives nothing when the site names nothing', () => {
    expect(companyNameFrom([testPage({ title: '' })])).toBeUndefined();
    expect(companyNameFrom([])).toBeUndefined();
  });
});
