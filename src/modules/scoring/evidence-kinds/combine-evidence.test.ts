import { describe, expect, it } from 'vitest';
import { combineEvidence, type MeasuredEvidenceInput, type SiteDimension } from './combine-evidence.ts';

const site: SiteDimension[] = [
  { dimensionId: 'delivery_velocity', dimensionName: 'Delivery velocity', score: 1, evidence: '"We ship when it is ready"' },
  { dimensionId: 'quality_experimentation', dimensionName: 'Quality and experimentation', score: 3, evidence: '"A/B tests on every launch"' },
  { dimensionId: 'pricing_packaging', dimensionName: 'Pricing and packaging', score: 2, evidence: '"Plans from $10"' },
];
const period = { periodStart: new Date('2026-10-29T00:00:00Z'), periodEnd: new Date('2026-11-28T00:00:00Z') };
const synced = (type: string, value: number, scope = 'acme/api'): MeasuredEvidenceInput => ({
  type,
  value,
  source: 'github',
  scope,
  ...period,
  observedAt: period.periodEnd,
  link: `https://github.com/${scope}`,
});

describe('combineEvidence', () => {
  it('marks each kind, levels measured signals on DORA bands, and says when the site and the tools disagree', () => {
    const combined = combineEvidence(
      site,
      [synced('github.pr_cycle_time_hours', 18), synced('github.deployment_frequency_per_week', 8)],
      [{ dimensionId: 'delivery_velocity', body: 'We deploy on every merge.', origin: 'note' }],
    );
    const delivery = combined.dimensions[0]!;
    expect(delivery.site).toEqual({ kind: 'site', level: 1, evidence: '"We ship when it is ready"' });
    expect(delivery.tools.map((entry) => [entry.kind, entry.level, entry.bandSource, entry.summary])).toEqual([
      ['measured', 4, 'DORA 2023', 'deployments 8 a week over 30 days, acme/api'],
      ['measured', 4, 'DORA 2023', 'median PR cycle time 18 h over 30 days, acme/api'],
    ]);
    expect(delivery).toMatchObject({
      toolsLevel: 4,
      level: 4,
      levelFrom: 'tools',
      team: [{ kind: 'self-reported', body: 'We deploy on every merge.', origin: 'note' }],
    });
    expect(delivery.contradiction).toMatch(/site suggests level 1, but the team's tools measure level 4/);
    expect(combined.usesPrivateEvidence).toBe(true);
  });

  it('takes the lowest measured level, so one fast number cannot hide a slow one', () => {
    const combined = combineEvidence(site, [synced('github.pr_cycle_time_hours', 10), synced('github.review_turnaround_hours', 80)], []);
    expect(combined.dimensions[0]).toMatchObject({ toolsLevel: 1, level: 1, contradiction: null });
  });

  it('never moves a level on a note alone, and shows it as self-reported', () => {
    const combined = combineEvidence(site, [], [{ dimensionId: 'pricing_packaging', body: 'We test prices every quarter.', origin: 'score_context' }]);
    expect(combined.dimensions[2]).toMatchObject({ level: 2, levelFrom: 'site', toolsLevel: null, team: [{ kind: 'self-reported', origin: 'score_context' }] });
  });

  it('is the site-only view without private evidence, and the same for the same inputs in any order', () => {
    expect(combineEvidence(site, [], []).usesPrivateEvidence).toBe(false);
    const signals = [
      synced('github.pr_cycle_time_hours', 30, 'acme/web'),
      synced('github.pr_cycle_time_hours', 20),
      synced('github.change_failure_rate_percent', 12),
    ];
    expect(combineEvidence(site, signals, [])).toEqual(combineEvidence(site, [...signals].reverse(), []));
  });

  it('shows a pushed value with its date', () => {
    const pushed: MeasuredEvidenceInput = {
      type: 'linear.bug_share_percent',
      value: 12.5,
      source: 'push',
      scope: null,
      periodStart: null,
      periodEnd: null,
      observedAt: new Date('2026-11-20T12:00:00Z'),
      link: null,
    };
    expect(combineEvidence(site, [pushed], []).dimensions[1]!.tools[0]!.summary).toBe('bug work 12.5%, reported 2026-11-20');
  });
});
