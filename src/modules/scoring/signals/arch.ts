/**
 * Architecture and systems: a status page (linked, or embedded by a
 * status-page vendor's script), uptime commitments, regions, reliability
 * practice (availability, backups, objectives, on-call), engineering writing,
 * operating scale.
 */
import type { Finding } from '../artifacts.ts';
import {
  detectByPageKind,
  detectBySiteLinks,
  detectByTextRules,
  finding,
  pageStatement,
  pageTitle,
  type PageContext,
  type SignalDetector,
  textRules,
} from './detection-rules.ts';
import { sightVendors, VENDORS } from './vendors.ts';

const STATUS_PAGE_VENDORS = VENDORS.filter((vendor) => vendor.signal === 'arch.status_page');

export const TEXT_RULES = textRules([
  {
    signal: 'arch.uptime_sla',
    words: ['99', 'uptime', 'sla', 'service'],
    pattern:
      /\b99\.9\d*\s?% (?:uptime|availability|SLA)\b|\buptime (?:SLA|guarantee|commitment)\b|\b(?:uptime|availability) of 99\.9\d*\s?%|\bSLA (?:for|of) 99\.9\d*\s?%|\bservice[- ]level agreements?\b/i,
    examples: ['A 99.99% uptime SLA.', 'Our uptime guarantee is in the contract.'],
    nonExamples: ['99% of teams love it.'],
  },
  {
    signal: 'arch.multi_region',
    words: ['multi', 'residency', 'data', 'hosted', 'region', 'server', 'infrastructure', 'located', 'stored', 'instance', 'database'],
    pattern:
      /\bmulti-region\b|\bdata residency\b|\b(?:EU|US|regional|dedicated) data (?:cent(?:er|re)s?|regions?)\b|\bhosted in the (?:EU|US|UK)\b|\b\d+ (?:cloud )?regions\b|\b(?:servers?|data|infrastructure|instances?|databases?) (?:are |is )?(?:located|hosted|stored|based|run) in (?:the )?(?:US|EU|UK|Europe|European Union|United States|Germany|Frankfurt|Ireland|[A-Z]\w+ and [A-Z]\w+)\b|\bdata regions?\b|\bregions? \((?:EU|US)\b/i,
    examples: ['Multi-region deployments.', 'Data residency in the EU.', 'Servers are located in Germany.'],
    nonExamples: ['We have offices in many regions.'],
  },
  {
    // How the service is kept up: availability by design, backups, failover, objectives and on-call.
    signal: 'arch.reliability_practice',
    words: [
      'high',
      'highly',
      'automatic',
      'failover',
      'daily',
      'hourly',
      'automated',
      'regular',
      'backup',
      'disaster',
      'business',
      'redundan',
      'service',
      'slo',
      'error',
      'call',
      'oncall',
      'incident',
      'observability',
      'monitoring',
      'application',
      'zero',
      'load',
      'multi',
    ],
    pattern:
      /\bhigh(?:ly)?[- ]availab(?:le|ility)\b|\bautomatic (?:failover|backups?|scaling)\b|\bfailover\b|\b(?:daily|hourly|automated|automatic|regular|point-in-time) backups?\b|\bdisaster recovery\b|\bbusiness continuity\b|\bredundancy\b|\bredundant (?:infrastructure|servers?|systems?|storage|power|backups?|copies|data ?cent(?:er|re)s?|architecture|nodes?|networks?)\b|\bservice[- ]level objectives?\b|\bSLOs?\b|\berror budgets?\b|\bon-?call (?:rotations?|engineers?|team|schedule)\b|\bincident response (?:plans?|process|team|runbooks?)\b|\b(?:observability|monitoring) (?:stack|tools?|platform|dashboards?)\b|\bapplication health\b|\bzero[- ]downtime\b|\bload[- ]balanc(?:ed|ing|ers?)\b|\bmulti-node\b/i,
    examples: ['Automatic failover between zones.', 'Daily backups with point-in-time restore.'],
    nonExamples: ['We back up our claims.'],
  },
  {
    signal: 'arch.scale_claims',
    words: [
      'event',
      'request',
      'api',
      'message',
      'transaction',
      'record',
      'quer',
      'row',
      'server',
      'node',
      'instance',
      'cluster',
      'monthly',
      'daily',
      'weekly',
    ],
    pattern:
      /\b\d[\d.,]*\s?(?:billion|million|thousand|[MBK])\+? (?:events|requests|API calls|messages|transactions|records|queries|rows)(?: (?:per|a|each|every) (?:day|month|second|year|week))?\b|\b\d[\d,.]*\+? (?:servers|nodes|instances|clusters) in production\b|\b\d[\d.,]*\s?(?:K|M|k|million|thousand)\+? (?:monthly|daily|weekly) (?:active )?users\b/i,
    examples: ['We process 2 billion events per day.', '40 servers in production.'],
    nonExamples: ['Events in Berlin and London.'],
  },
]);

/**
 * Engineering writing on the company's own blog: a post that shows how the
 * system is built, by its title ("How we built ...", "Under the hood") or by
 * the code it walks through.
 */
const ENGINEERING_TITLE =
  /\bhow we (?:built|scaled|designed|implemented|made|migrated|rewrote|moved|run)\b|\bunder the hood\b|\bdeep dive\b|\bbehind the scenes\b|\barchitecture\b|\bengineering\b/i;
const CODE_LINES_FOR_ENGINEERING_POST = 3;

/** Pages whose code or titles are not engineering writing: docs teach the product, a changelog lists it. */
const NOT_ENGINEERING_POSTS = ['engineering', 'docs', 'home', 'changelog', 'release', 'pricing', 'legal'] as const;

function engineeringPostFindings(context: PageContext): Finding[] {
  if (NOT_ENGINEERING_POSTS.some((kind) => context.kinds.has(kind))) return [];
  const title = pageTitle(context);
  const codeLines = context.page.lineKinds.filter((kind) => kind === 'code').length;
  if (!ENGINEERING_TITLE.test(title) && codeLines < CODE_LINES_FOR_ENGINEERING_POST) return [];
  const statement = pageStatement('arch.engineering_blog', context);
  return statement ? [finding('arch.engineering_blog', context.page, statement.evidence, statement.strength)] : [];
}

export const detectArchSignals: SignalDetector = (pages) => [
  ...detectBySiteLinks(pages, [
    { signal: 'arch.status_page', href: /^https?:\/\/status\.|\/status\/?$/i, companyHostOnly: true },
    { signal: 'arch.status_page', href: /\.statuspage\.io\b|\.instatus\.com\b/i },
  ]),
  ...sightVendors(STATUS_PAGE_VENDORS, pages).map((sighting) => sighting.finding),
  ...detectByPageKind(pages, [{ signal: 'arch.engineering_blog', kind: 'engineering' }]),
  ...detectByTextRules(pages, TEXT_RULES),
  ...pages.flatMap(engineeringPostFindings),
];
