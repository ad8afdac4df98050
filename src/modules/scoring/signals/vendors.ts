/**
 * The third-party vendors a site's markup can reveal: their script sources,
 * inline snippets and links. A vendor on every page is one vendor: each is
 * sighted once per site, on the first page (in canonical order) where it
 * shows. Not a detector: tech.ts reads the stack (and its breadth) from these
 * sightings, arch.ts the hosted status pages.
 */
import type { SignalId } from '../../../framework/signal-types.ts';
import type { Finding } from '../artifacts.ts';
import { finding, type PageContext } from './detection-rules.ts';

export interface Vendor {
  name: string;
  signal: SignalId;
  /** Tested against each absolute script source URL. */
  script?: RegExp;
  /** Tested against each inline script; the match itself is the observation. */
  inline?: RegExp;
  /** Tested against link addresses (feedback portals, status pages live on the vendor's host). */
  link?: RegExp;
}

export const VENDORS: readonly Vendor[] = [
  // Product analytics
  {
    name: 'Amplitude',
    signal: 'tech.product_analytics',
    script: /\/\/(?:cdn|api\d?)\.amplitude\.com\//,
    inline: /\bamplitude\.(?:getInstance\(\)\.init|init)\([^)\n]{0,80}\)/,
  },
  { name: 'Mixpanel', signal: 'tech.product_analytics', script: /\/\/cdn\d?\.mxpnl\.com\/|mixpanel/, inline: /\bmixpanel\.init\([^)\n]{0,80}\)/ },
  { name: 'Heap', signal: 'tech.product_analytics', script: /\/\/cdn\.(?:us\.)?heapanalytics\.com\//, inline: /\bheap\.load\([^)\n]{0,80}\)/ },
  // A shared PostHog dashboard linked from the site shows PostHog in use as well as its script does.
  {
    name: 'PostHog',
    signal: 'tech.product_analytics',
    script: /posthog\.com\/|\/posthog(?:-js)?[./]/,
    inline: /\bposthog\.init\([^)\n]{0,80}\)/,
    link: /^https?:\/\/(?:[\w-]+\.)?posthog\.com\/shared\//,
  },
  {
    name: 'OpenPanel',
    signal: 'tech.product_analytics',
    script: /\/\/(?:[\w-]+\.)?openpanel\.dev\/op\d?\.js|\/op1\.js\b/,
    inline: /\bwindow\.op\s*=|\bop\(['"]init['"]/,
  },
  { name: 'Pendo', signal: 'tech.product_analytics', script: /\/\/cdn\.(?:eu\.)?pendo\.io\//, inline: /\bpendo\.initialize\(/ },
  { name: 'June', signal: 'tech.product_analytics', script: /\/\/(?:unpkg\.com\/@june-so|cdn\.june\.so)\b/ },
  // Customer-data platforms
  { name: 'Segment', signal: 'tech.customer_data_platform', script: /\/\/cdn\.segment\.(?:com|io)\//, inline: /\banalytics\.load\(["'][\w-]{8,}["']\)/ },
  { name: 'RudderStack', signal: 'tech.customer_data_platform', script: /\/\/cdn\.rudderlabs\.com\//, inline: /\brudderanalytics\.load\([^)\n]{0,80}\)/ },
  { name: 'mParticle', signal: 'tech.customer_data_platform', script: /\/\/jssdkcdns?\.mparticle\.com\//, inline: /\bmParticle\.init\(/ },
  { name: 'Snowplow', signal: 'tech.customer_data_platform', script: /snowplow/, inline: /\bsnowplow\(['"]newTracker['"]/ },
  // Session replay and heatmaps
  { name: 'Hotjar', signal: 'tech.session_replay', script: /\/\/static\.hotjar\.com\//, inline: /\b_hjSettings\s*=\s*\{[^}\n]{0,60}\}/ },
  { name: 'FullStory', signal: 'tech.session_replay', script: /\/\/(?:edge\.)?fullstory\.com\//, inline: /\b_fs_org['"]?\]?\s*=\s*['"][\w-]+['"]/ },
  {
    name: 'LogRocket',
    signal: 'tech.session_replay',
    script: /\/\/cdn\.(?:logrocket\.io|lr-ingest\.(?:io|com))\//,
    inline: /\bLogRocket\.init\([^)\n]{0,80}\)/,
  },
  { name: 'Microsoft Clarity', signal: 'tech.session_replay', script: /\/\/www\.clarity\.ms\/tag\//, inline: /clarity\.ms\/tag\// },
  { name: 'Smartlook', signal: 'tech.session_replay', script: /\/\/(?:web-sdk|rec)\.smartlook\.com\//, inline: /\bsmartlook\(['"]init['"]/ },
  // Web analytics
  {
    name: 'Google Analytics',
    signal: 'tech.web_analytics',
    script: /\/\/www\.googletagmanager\.com\/(?:gtag\/js|gtm\.js)|\/\/www\.google-analytics\.com\//,
    inline: /\bgtag\(['"]config['"],\s*['"][\w-]+['"]\)/,
  },
  // Plausible's script, hosted or self-hosted: its variants are named after the events they add ("script.tagged-events.js").
  {
    name: 'Plausible',
    signal: 'tech.web_analytics',
    script:
      /\/\/plausible\.io\/js\/|\/js\/(?:script|plausible)(?:\.(?:tagged-events|outbound-links|file-downloads|hash|manual|pageview-props|revenue|exclusions|local))+\.js\b/,
  },
  { name: 'Umami', signal: 'tech.web_analytics', script: /\/\/(?:cloud|analytics|[\w-]+)\.umami\.is\/|\/umami\.js\b/ },
  { name: 'Simple Analytics', signal: 'tech.web_analytics', script: /\/\/scripts\.simpleanalyticscdn\.com\// },
  { name: 'Fathom', signal: 'tech.web_analytics', script: /\/\/cdn\.usefathom\.com\// },
  { name: 'Matomo', signal: 'tech.web_analytics', script: /\/(?:matomo|piwik)\.js\b/, inline: /\b_paq\.push\(\[['"]trackPageView['"]\]\)/ },
  { name: 'Adobe Analytics', signal: 'tech.web_analytics', script: /\/\/assets\.adobedtm\.com\// },
  // Feature flags
  {
    name: 'LaunchDarkly',
    signal: 'tech.feature_flags',
    script: /launchdarkly\.com\/|\/launchdarkly-js-client-sdk/,
    inline: /\bLDClient\.initialize\([^)\n]{0,80}\)/,
  },
  { name: 'Split', signal: 'tech.feature_flags', script: /\/\/cdn\.split\.io\//, inline: /\bSplitFactory\(/ },
  { name: 'Flagsmith', signal: 'tech.feature_flags', script: /flagsmith/, inline: /\bflagsmith\.init\(/ },
  { name: 'Unleash', signal: 'tech.feature_flags', script: /unleash-proxy-client/, inline: /\bnew UnleashClient\(/ },
  { name: 'ConfigCat', signal: 'tech.feature_flags', script: /configcat/ },
  // Experimentation
  { name: 'Optimizely', signal: 'tech.ab_testing', script: /\/\/cdn\.optimizely\.com\// },
  { name: 'VWO', signal: 'tech.ab_testing', script: /\/\/dev\.visualwebsiteoptimizer\.com\//, inline: /\b_vwo_code\b/ },
  { name: 'AB Tasty', signal: 'tech.ab_testing', script: /\/\/try\.abtasty\.com\// },
  { name: 'Statsig', signal: 'tech.ab_testing', script: /statsig/, inline: /\bstatsig\.initialize\(/ },
  { name: 'GrowthBook', signal: 'tech.ab_testing', script: /growthbook/, inline: /\bnew GrowthBook\(/ },
  { name: 'Eppo', signal: 'tech.ab_testing', script: /\/\/(?:cdn\.)?geteppo\.com\// },
  // In-product surveys and research
  { name: 'Sprig', signal: 'tech.survey_tooling', script: /\/\/cdn\.(?:sprig|userleap)\.com\//, inline: /\bwindow\.(?:Sprig|UserLeap)\b/ },
  { name: 'Maze', signal: 'tech.survey_tooling', script: /\/\/snippet\.maze\.co\// },
  { name: 'Qualtrics', signal: 'tech.survey_tooling', script: /\.siteintercept\.qualtrics\.com\// },
  { name: 'Survicate', signal: 'tech.survey_tooling', script: /\/\/survey\.survicate\.com\// },
  // Feedback boards and widgets
  {
    name: 'Canny',
    signal: 'tech.feedback_widget',
    script: /\/\/canny\.io\/sdk\.js/,
    inline: /\bCanny\(['"](?:identify|render)['"]/,
    link: /^https?:\/\/[\w-]+\.canny\.io\//,
  },
  { name: 'UserVoice', signal: 'tech.feedback_widget', script: /\/\/widget\.uservoice\.com\//, link: /^https?:\/\/[\w-]+\.uservoice\.com\// },
  { name: 'Productboard', signal: 'tech.feedback_widget', script: /productboard/, link: /^https?:\/\/portal\.productboard\.com\// },
  { name: 'Featurebase', signal: 'tech.feedback_widget', script: /featurebase\.app/, link: /^https?:\/\/[\w-]+\.featurebase\.app\// },
  { name: 'Frill', signal: 'tech.feedback_widget', script: /\/\/widget\.frill\.co\//, link: /^https?:\/\/[\w-]+\.frill\.co\// },
  { name: 'Nolt', signal: 'tech.feedback_widget', script: /\/\/cdn\.nolt\.io\//, link: /^https?:\/\/[\w-]+\.nolt\.io\// },
  // Support platforms
  { name: 'Intercom', signal: 'tech.support_platform', script: /\/\/(?:widget\.intercom\.io|js\.intercomcdn\.com)\//, inline: /\bIntercom\(['"]boot['"]/ },
  { name: 'Zendesk', signal: 'tech.support_platform', script: /\/\/(?:static|ekr)\.zdassets\.com\//, inline: /\bzE\(['"](?:webWidget|messenger)/ },
  { name: 'Freshdesk', signal: 'tech.support_platform', script: /\/\/(?:widget\.freshworks\.com|wchat\.freshchat\.com)\// },
  { name: 'Help Scout', signal: 'tech.support_platform', script: /\/\/beacon-v2\.helpscout\.net/, inline: /\bBeacon\(['"]init['"]/ },
  { name: 'Drift', signal: 'tech.support_platform', script: /\/\/js\.driftt\.com\//, inline: /\bdrift\.load\(['"][\w-]+['"]\)/ },
  { name: 'Crisp', signal: 'tech.support_platform', script: /\/\/client\.crisp\.chat\//, inline: /\bCRISP_WEBSITE_ID\s*=\s*['"][\w-]+['"]/ },
  // Documentation platforms
  { name: 'ReadMe', signal: 'tech.docs_platform', script: /\/\/cdn\.readme\.io\// },
  { name: 'Mintlify', signal: 'tech.docs_platform', script: /mintlify/ },
  { name: 'GitBook', signal: 'tech.docs_platform', script: /gitbook/ },
  { name: 'DocSearch', signal: 'tech.docs_platform', script: /@docsearch\/|docsearch/, inline: /\bdocsearch\(\{/ },
  // Status pages
  { name: 'Atlassian Statuspage', signal: 'arch.status_page', script: /\.statuspage\.io\/embed\/|statuspage\.io\// },
  { name: 'Instatus', signal: 'arch.status_page', script: /instatus\.com\/.*widget/ },
];

export interface VendorSighting {
  vendor: Vendor;
  finding: Finding;
}

function sightVendor(vendor: Vendor, { page }: PageContext): Finding | null {
  const script = vendor.script && page.scriptSources.find((src) => vendor.script!.test(src));
  if (script) return finding(vendor.signal, page, { kind: 'observation', source: 'script', text: script });
  if (vendor.inline) {
    for (const code of page.inlineScripts) {
      const match = vendor.inline.exec(code);
      if (match) return finding(vendor.signal, page, { kind: 'observation', source: 'inlineScript', text: match[0] });
    }
  }
  const link = vendor.link && page.links.find((l) => vendor.link!.test(l.href));
  if (link) return finding(vendor.signal, page, { kind: 'observation', source: 'link', text: link.href });
  return null;
}

export function sightVendors(vendors: readonly Vendor[], pages: readonly PageContext[]): VendorSighting[] {
  const sightings: VendorSighting[] = [];
  for (const vendor of vendors) {
    for (const context of pages) {
      const found = sightVendor(vendor, context);
      if (found) {
        sightings.push({ vendor, finding: found });
        break;
      }
    }
  }
  return sightings;
}
