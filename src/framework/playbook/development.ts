import type { DimensionId } from '../dimensions.ts';
import type { DimensionPlaybook } from './dimension-playbook.ts';

/** The playbook entries for the Development function's dimensions, in the framework's order. */
export const DEVELOPMENT_PLAYBOOK = {
  architecture_systems: {
    whyItMatters:
      'Reliability is a feature buyers check before they commit; uptime commitments, a status page and engineering writing show the platform will hold as they grow.',
    steps: [
      {
        practices: [
          'A public status page reports incidents and uptime for the main components.',
          'Customer-facing services have monitoring, alerting and an on-call rotation.',
          'Backups are automated and a restore has actually been tested.',
        ],
        firstSteps: [
          'Launch a status page (hosted or self-built) covering the app, the API and sign-in.',
          'Define the three alerts that mean customers are hurting and route them to an on-call person.',
          "Restore last night's backup into a fresh environment and time how long it takes.",
        ],
        metrics: ['Monthly uptime of customer-facing services', 'Mean time to detect and to restore incidents', 'Restore time in the latest backup test'],
        pitfall: 'A status page that always shows green: customers learn to ignore it.',
        effort: 'weeks',
      },
      {
        practices: [
          'A published SLA (for example 99.9% uptime with service credits) backed by internal SLOs and error budgets.',
          'The platform runs across availability zones or regions, with data-residency options stated on the site.',
          'Engineers write publicly about architecture, scaling and reliability choices on an engineering blog.',
        ],
        firstSteps: [
          'Set SLOs for availability and latency on the three most important user journeys and track error budgets weekly.',
          'Publish an SLA for paid plans that matches what the SLOs show you can deliver.',
          'Write one engineering blog post about a real reliability problem and how you solved it.',
        ],
        metrics: ['SLO attainment and error-budget burn', 'p95 latency of key endpoints', 'Engineering blog posts per quarter'],
        pitfall: 'Promising an SLA the architecture cannot meet: every service credit paid is a visible failure.',
        effort: 'quarter',
      },
      {
        practices: [
          'The system is designed for failure: failure drills, automated failover and region isolation are routine.',
          'Public post-incident reports explain causes and fixes within days of any major incident.',
          'Capacity is planned from usage forecasts, so the platform scales ahead of demand.',
        ],
        firstSteps: [
          'Run a game day: break one dependency in staging, then production, and measure recovery.',
          'Adopt a blameless incident report template and publish reports for customer-visible incidents.',
          "Build a capacity model from last year's growth and set scaling triggers well before limits are hit.",
        ],
        metrics: ['Recovery time in failure drills', 'Days from incident to public incident report', 'Headroom before capacity limits on the busiest services'],
        pitfall: 'Reliability work without an end because nobody decided what "reliable enough" means; SLOs settle that.',
        effort: 'investment',
      },
    ],
    sustain: {
      practices: [
        'Keep error budgets binding: when a budget is spent, feature work yields to reliability.',
        'Repeat failure drills each quarter with new scenarios.',
        'Publish a yearly reliability review with uptime, incidents and the changes they caused.',
      ],
      metrics: ['Adherence to the error-budget policy', 'Repeat incidents with the same root cause'],
    },
  },

  spec_context_quality: {
    whyItMatters:
      "Documentation is the product's specification seen from outside: it cuts support load, speeds integrations and shows the rigour behind the product.",
    steps: [
      {
        practices: [
          'A public documentation site or help centre covers the main tasks, organised by what users want to do.',
          'If there is an API, its reference lists every endpoint with parameters, examples and errors.',
          'Internally, features start from a written spec with acceptance criteria shared by engineering and design.',
        ],
        firstSteps: [
          'List the 20 most common support questions and write a task-based page for each.',
          'Generate the API reference from the OpenAPI definition so it cannot drift from the code.',
          'Adopt a one-page spec template (problem, user story, acceptance criteria, out of scope) for every feature.',
        ],
        metrics: ['Support tickets answered with a docs link', 'Docs page views per active user', 'Share of features with a written spec before build'],
        pitfall: 'Docs written once at launch and never updated: wrong docs are worse than none.',
        effort: 'weeks',
      },
      {
        practices: [
          'Docs are structured as tutorials, how-to guides, reference and explanations, with a quickstart that works in minutes.',
          'Docs are versioned with the product, reviewed like code, and each page shows when it was last updated.',
          'Specs give implementers, human or AI, the context they need: constraints, examples, edge cases and links to decisions.',
        ],
        firstSteps: [
          'Write a quickstart that takes a newcomer from zero to a first result in under ten minutes, and time it with one.',
          'Move the docs into the repository (docs-as-code) so every feature pull request updates them.',
          'Add an "edge cases and constraints" section to the spec template and check it in spec reviews.',
        ],
        metrics: ['Time to first successful API call or first result', 'Share of feature pull requests that update the docs', '"Was this page helpful?" score'],
        pitfall: 'Reference without tutorials: complete, but useless to someone who does not know where to start.',
        effort: 'quarter',
      },
      {
        practices: [
          'Docs are interactive: runnable examples, an API explorer and sandbox keys let users try before they build.',
          'Content is improved weekly from docs search data, failed searches and page feedback.',
          "Docs are machine-readable for AI assistants (llms.txt, clean Markdown, OpenAPI), so customers' tools can use them.",
        ],
        firstSteps: [
          'Add an interactive API explorer with sandbox credentials to the reference.',
          'Review failed docs searches weekly and write the missing page for the top three.',
          'Publish an llms.txt and Markdown versions of the docs, then test them by having an AI assistant answer real support questions.',
        ],
        metrics: [
          'Failed-search rate in the docs',
          'Sandbox calls before the first production call',
          'Share of support questions resolved by docs or a docs-powered assistant',
        ],
        pitfall: 'Measuring docs by page count: more pages can mean more places to be wrong.',
        effort: 'quarter',
      },
    ],
    sustain: {
      practices: [
        'Run every code sample in continuous integration so examples never break silently.',
        'Prune and redirect outdated pages every quarter.',
        'Invite corrections through a visible "edit this page" flow and merge them quickly.',
      ],
      metrics: ['Broken code samples caught in CI', 'Docs helpfulness score trend'],
    },
  },

  build_vs_buy: {
    whyItMatters:
      'Every hour spent rebuilding commodity infrastructure is an hour not spent on what makes you different; buying well and building where you win is a strategic skill.',
    steps: [
      {
        practices: [
          'The team can say which parts of the product differentiate it and which are commodity.',
          'Commodity needs such as authentication, payments, email and analytics use proven services rather than home-grown code.',
          'Each vendor choice is written down with its reason and the cost of leaving.',
        ],
        firstSteps: [
          'Map the system into "core" (why customers pay) and "context" (everything else) in a one-hour session.',
          'Price a proven replacement for the most painful home-grown commodity component.',
          'Start a vendor register: what each service does, its cost, its owner and how you would leave it.',
        ],
        metrics: [
          'Engineering time on core vs context work',
          'Incidents caused by home-grown commodity components',
          'Vendors with a named owner and a documented exit path',
        ],
        pitfall: 'Building your own because it looks simple: the maintenance bill arrives after the demo.',
        effort: 'weeks',
      },
      {
        practices: [
          'Build, buy or partner choices follow a written framework: strategic value, total cost of ownership, time to market and lock-in.',
          'Bought services sit behind clean internal interfaces, so a vendor can be swapped.',
          'The product integrates with the tools customers already use instead of rebuilding them.',
        ],
        firstSteps: [
          'Write a build-vs-buy checklist (differentiation, three-year cost, time to market, lock-in, data ownership) and use it for the next choice.',
          'Wrap your two most critical vendors behind an internal interface.',
          'Ask customers which of their tools the product should connect to, and integrate with the top one instead of copying it.',
        ],
        metrics: [
          'Time to market for capabilities bought vs built',
          'Three-year total cost of ownership per major component',
          'Share of customer-requested capabilities met through integrations',
        ],
        pitfall: 'Buying everything and stitching it together until the glue code becomes the real product.',
        effort: 'quarter',
      },
      {
        practices: [
          'Differentiating capabilities are deep and owned; everything else is bought, integrated or shared through open source.',
          "Choices are revisited as markets move: yesterday's differentiator becomes today's commodity and is replaced.",
          'The company contributes to, or maintains, the open-source components it depends on.',
        ],
        firstSteps: [
          'Review the core/context map yearly and move whatever the market now commoditises to "buy".',
          'Budget engineering time to contribute upstream to the two open-source projects you rely on most.',
          'Publish an engineering post on one build-vs-buy decision and the reasoning behind it.',
        ],
        metrics: [
          'Share of engineering capacity on differentiating work',
          'Components replaced after a core/context review',
          'Upstream contributions and maintainer roles in key dependencies',
        ],
        pitfall: 'Keeping a once-differentiating component in-house out of pride after the market has caught up.',
        effort: 'quarter',
      },
    ],
    sustain: {
      practices: [
        'Re-run the core/context review every year with fresh market data.',
        'Keep exit plans current for every critical vendor.',
        'Talk publicly about your core engineering so strong engineers want to work on it.',
      ],
      metrics: ['Capacity share on core work', 'Spend concentration with the largest vendor'],
    },
  },

  delivery_velocity: {
    whyItMatters: 'A steady, visible rhythm of improvements tells customers the product is alive and shortens the time between a reported problem and its fix.',
    steps: [
      {
        practices: [
          'A public changelog or release-notes page lists what shipped, with dates.',
          'Releases happen at least every few weeks through an automated build and deploy pipeline.',
          'Work is sliced small enough to ship within one iteration.',
        ],
        firstSteps: [
          'Start a dated changelog page and backfill the last three months of notable changes.',
          'Automate deployment of the main application so a release takes one command or one merge.',
          'Split the largest feature in flight into slices that each deliver something usable.',
        ],
        metrics: ['Changelog entries per month', 'Deployment frequency', 'Lead time from merge to production'],
        pitfall: 'Saving changes for a big quarterly release: large batches hide risk and delay feedback.',
        effort: 'weeks',
      },
      {
        practices: [
          'Continuous delivery: changes reach production daily or weekly behind flags, and the changelog is updated as they land.',
          'Delivery is measured with the DORA metrics: deployment frequency, lead time, change failure rate and time to restore.',
          "Release notes explain the benefit in the user's terms, with a screenshot and a link to the docs.",
        ],
        firstSteps: [
          'Measure the four DORA metrics for the main service and share them every iteration.',
          'Write release notes from the user\'s point of view ("you can now...") with a visual and a docs link.',
          'Make the changelog entry part of the definition of done, so it is written when the change ships.',
        ],
        metrics: ['Deployment frequency and lead time for changes (DORA)', 'Change failure rate', 'Opens and clicks on release notes'],
        pitfall: 'Shipping faster while the change failure rate climbs: speed without safety erodes trust.',
        effort: 'quarter',
      },
      {
        practices: [
          'Several deploys a day with a low change failure rate: small changes flow to users continuously.',
          'The changelog is a channel people subscribe to (RSS, email, in-app "what\'s new") and it drives feature adoption.',
          'Delivery bottlenecks (review waits, flaky tests, environments) are measured and removed systematically.',
        ],
        firstSteps: [
          'Map the path from commit to production, measure the wait at each step and fix the longest one.',
          'Offer changelog subscriptions (RSS, email digest, in-app "what\'s new") and track adoption of the features they announce.',
          'Quarantine flaky tests automatically and report the flake rate weekly.',
        ],
        metrics: [
          'Lead time for changes (median and 90th percentile)',
          'Adoption of features announced in the changelog',
          'Share of CI time lost to flaky tests',
        ],
        pitfall: 'Celebrating deploy counts while customers see no meaningful change: velocity is about outcomes shipped.',
        effort: 'quarter',
      },
    ],
    sustain: {
      practices: [
        'Review the slowest delivery stage each quarter and keep the DORA metrics at their best levels.',
        'Publish a monthly "what\'s new" roundup that ties small changes into stories customers care about.',
        'Protect small batches as the company grows: add teams, not release trains.',
      ],
      metrics: ['DORA metrics trend', 'Feature adoption within 30 days of release'],
    },
  },

  developer_ecosystem: {
    whyItMatters:
      'A public API and integrations let customers fit the product into their systems and let partners extend it; an ecosystem raises switching costs by adding value, not friction.',
    steps: [
      {
        practices: [
          'A documented public API covers the core objects, with API keys or OAuth for authentication.',
          'Integrations with the two or three tools customers use most are listed on the site.',
          'Webhooks tell other systems when key events happen.',
        ],
        firstSteps: [
          'Expose the two core objects over a documented REST API with API keys, read access first.',
          'Build, or partner for, the single most requested integration and give it its own page.',
          'Add webhooks for the three events customers most want to react to.',
        ],
        metrics: ['Accounts with an active API key', 'API calls per active account', 'Installs of the top integration'],
        pitfall: 'An API that mirrors internal database tables rather than customer tasks: developers give up on it.',
        effort: 'quarter',
      },
      {
        practices: [
          'Official SDKs in the main languages, a developer portal, sandbox environments and a published versioning and deprecation policy.',
          'An integrations directory with many connectors, some of them built by partners.',
          'Developer relations: sample apps, tutorials and a place where developers get answers.',
        ],
        firstSteps: [
          "Publish SDKs for your customers' top two languages, generated from the OpenAPI definition.",
          'Write an API versioning and deprecation policy and publish it in the developer portal.',
          'Open a developer community channel (forum or chat) and answer every question within a working day.',
        ],
        metrics: [
          'Time to first successful API call for new developers',
          'Partner-built integrations',
          'Share of active accounts using at least one integration',
        ],
        pitfall: 'Breaking API changes without notice: one broken integration costs years of developer trust.',
        effort: 'quarter',
      },
      {
        practices: [
          'A marketplace where third parties publish, and sometimes sell, extensions after a review process.',
          'A partner programme with certification, co-marketing and revenue sharing.',
          'The product is extensible from inside (apps, plugins, custom actions), so partners build what you will not.',
        ],
        firstSteps: [
          'Turn the integrations page into a marketplace listing with submission guidelines for partners.',
          'Define partner tiers and benefits, and recruit the first five partners personally.',
          'Ship one in-product extension point (custom action, embedded app or plugin) and build its first extension yourself.',
        ],
        metrics: [
          'Third-party apps and their installs',
          'Revenue influenced by partners and marketplace apps',
          'Retention of accounts using integrations vs those without',
        ],
        pitfall: 'Opening a marketplace before there is enough customer demand for partners to earn from it.',
        effort: 'investment',
      },
    ],
    sustain: {
      practices: [
        'Keep the API stable: count breaking changes (aim for zero) and give long deprecation windows.',
        'Plan jointly with top partners and give them early access to what is coming.',
        'Prune abandoned marketplace listings so quality stays high.',
      ],
      metrics: ['Marketplace installs per active account', 'Breaking API changes per year'],
    },
  },
} satisfies Partial<Record<DimensionId, DimensionPlaybook>>;
