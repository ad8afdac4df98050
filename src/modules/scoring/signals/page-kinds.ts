/**
 * What a page is about, judged from its address and title. Many signals only
 * count on the right kind of page: a "Product Manager" on a careers page is a
 * job opening, in a testimonial it is a job title.
 */
import type { PageArtifact } from '../artifacts.ts';

export const PAGE_KINDS = [
  'home',
  'pricing',
  'changelog',
  'careers',
  'customers',
  'docs',
  'support',
  'security',
  'integrations',
  'roadmap',
  'compare',
  'blog',
  'engineering',
  'about',
  'research',
  'solutions',
  'press',
  'handbook',
  'design_system',
  'status',
  'legal',
  'principles',
  'rfc',
  'postmortem',
  'survey',
  'release',
] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** Path segments (lower case, extension removed) that mark a kind of page. */
const SEGMENT_PATTERNS: Partial<Record<PageKind, RegExp>> = {
  pricing: /^(?:pricing|plans|prices)$/,
  changelog: /^(?:changelog|change-log|release-notes|releases|whats-new|what-s-new|product-updates|updates)$/,
  careers: /^(?:careers|jobs|join-us|hiring|work-with-us|open-roles|benefits|perks|benefits-and-perks)$/,
  customers: /^(?:customers|case-studies|case-study|customer-stories|success-stories|testimonials)$/,
  docs: /^(?:docs?|documentation|developers|developer|api-reference|reference|guides)$/,
  support: /^(?:support|help|help-center|help-centre|knowledge-base|kb)$/,
  security: /^(?:security|trust|trust-center|trust-centre|compliance)$/,
  integrations: /^(?:integrations|marketplace|app-directory|apps|plugins|extensions)$/,
  roadmap: /^(?:roadmap|public-roadmap)$/,
  compare: /^(?:compare|comparison|comparisons|vs|alternatives?)$|-vs-|^vs-|-alternatives?$/,
  blog: /^(?:blog|news|articles|posts)$/,
  engineering: /^(?:engineering|engineering-blog)$/,
  about: /^(?:about|about-us|company|team|story|our-story|mission)$/,
  research: /^(?:research|reports|insights|benchmarks)$|^state-of-/,
  solutions: /^(?:solutions|use-cases|industries)$|^for-/,
  press: /^(?:press|newsroom|media|press-kit)$/,
  handbook: /^(?:handbook|how-we-work)$/,
  design_system: /^(?:design-system|design-systems|components|brand)$/,
  status: /^status$/,
  principles: /^(?:principles|product-principles|philosophy|values|our-values|manifesto|mindsets|beliefs|tenets|doctrine)$/,
  rfc: /^(?:rfcs?|adrs?|decision-records|design-docs)$/,
  postmortem: /^(?:post-?mortems?|incidents?|incident-reports?)$|incident-report|post-?mortem/,
  survey: /^(?:survey|surveys|research-survey)$/,
  legal:
    /^(?:privacy|terms|tos|legal|cookies?|imprint|impressum|eula|acceptable-use|subprocessors|dpa)(?:-(?:policy|notice|of-service|of-use|and-conditions|conditions|statement))?$/,
};

/** Sub-domains that mark a kind of page (docs.example.com, status.example.com). */
const HOST_PREFIXES: Partial<Record<PageKind, RegExp>> = {
  docs: /^(?:docs|developers?|api)\./,
  support: /^(?:help|support)\./,
  status: /^status\./,
  blog: /^blog\./,
  security: /^trust\./,
  changelog: /^changelog\./,
  roadmap: /^roadmap\./,
};

/** Titles (before any " | tagline") or top headings that, in full, name a kind of page. */
const TITLE_PATTERNS: Partial<Record<PageKind, RegExp>> = {
  pricing: /^(?:pricing|plans(?: (?:and|&) pricing)?)$/i,
  changelog: /^(?:changelog|release notes|what(?:'|’)s new|product updates)$/i,
  careers: /^(?:careers|jobs|open (?:roles|positions)|join (?:us|the team)|work with us)$/i,
  roadmap: /^(?:(?:public |product )?roadmap)$/i,
  handbook: /\bhandbook\b/i,
};

/** Splits "Pricing | Acme" or "Acme — the tagline" into its parts. */
export const TITLE_SEPARATOR = /\s+[|–—·:-]\s+|\s*\|\s*/;

/**
 * A blog post that announces a release: its title names a version, a release,
 * a launch or what is new. It is a changelog entry written as a post, and the
 * company speaking about its own product.
 */
const RELEASE_POST_TITLE =
  /\bv?\d+\.\d+(?:\.\d+)?\b|\bv\d+\b|\brelease(?:d|s| notes)?\b|\bintroducing\b|\bannouncing\b|\blaunch(?:es|ed|ing)?\b|\bwhat(?:'|’)s new\b|\bnow (?:generally )?available\b|\bis here\b|\bchangelog\b/i;

export function classifyPage(page: PageArtifact): ReadonlySet<PageKind> {
  const kinds = new Set<PageKind>();
  let url: URL;
  try {
    url = new URL(page.finalUrl);
  } catch {
    return kinds;
  }
  const segments = url.pathname
    .toLowerCase()
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/\.(?:html?|php|aspx?)$/, ''));
  for (const [kind, pattern] of Object.entries(SEGMENT_PATTERNS) as [PageKind, RegExp][]) {
    if (segments.some((segment) => pattern.test(segment))) kinds.add(kind);
  }
  const host = url.hostname.toLowerCase();
  for (const [kind, pattern] of Object.entries(HOST_PREFIXES) as [PageKind, RegExp][]) {
    if (pattern.test(host)) kinds.add(kind);
  }
  // The root of docs.example.com is the docs, not the company's home page.
  const isRoot = segments.length === 0 || (segments.length === 1 && segments[0] === 'index');
  if (isRoot && kinds.size === 0) kinds.add('home');
  const topHeading = page.headings.find((heading) => heading.level === 1)?.text ?? '';
  const titleHead = (page.title.split(TITLE_SEPARATOR)[0] ?? '').trim();
  for (const [kind, pattern] of Object.entries(TITLE_PATTERNS) as [PageKind, RegExp][]) {
    if (pattern.test(titleHead) || pattern.test(topHeading)) kinds.add(kind);
  }
  // A post, not the blog's index (/blog) itself.
  const isPost = kinds.has('blog') && segments.length > 0 && !SEGMENT_PATTERNS.blog!.test(segments.at(-1)!);
  if (isPost && (RELEASE_POST_TITLE.test(topHeading) || RELEASE_POST_TITLE.test(titleHead))) kinds.add('release');
  return kinds;
}
