import { describe, expect, it } from 'vitest';
import { testPage } from '../../../../test/fixtures/test-pages.ts';
import { detectSignals } from './detect-signals.ts';

describe('architecture signals', () => {
  it("sees a hosted status page in its vendor's embed script, as a script observation", () => {
    const findings = detectSignals([testPage({ head: '<script src="https://acme.statuspage.io/embed/script.js"></script>' })]);
    expect(findings.filter((f) => f.signal.startsWith('arch.') || f.signal.startsWith('tech.'))).toEqual([
      expect.objectContaining({
        signal: 'arch.status_page',
        evidence: { kind: 'observation', source: 'script', text: 'https://acme.statuspage.io/embed/script.js' },
      }),
    ]);
  });
});
