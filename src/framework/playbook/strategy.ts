import type { DimensionId } from '../dimensions.ts';
import type { DimensionPlaybook } from './dimension-playbook.ts';

/** The playbook entries for the Strategy function's dimensions, in the framework's order. */
export const STRATEGY_PLAYBOOK = {
  market_intelligence: {
    whyItMatters:
      'Teams that read their market early pick problems worth solving; publishing that knowledge (segment pages, research, trend pieces) also tells buyers you understand their world.',
    steps: [
      {
        practices: [
          'A named owner keeps a living market map: target segments, buyer roles, the top trends and the sources behind them.',
          'Segment or industry pages on the site describe each target market in its own terms, not just a generic feature list.',
          'Win/loss and churn reasons are recorded after every lost deal or cancelled account and read monthly.',
        ],
        firstSteps: [
          'Write a one-page market map this month: three target segments, their buyers, their top jobs and who else serves them.',
          'Interview five recent wins and five recent losses about why they chose what they chose, and tag the reasons.',
          'Publish one industry or use-case page for your largest segment, in the words those customers used in the interviews.',
        ],
        metrics: [
          'Share of closed deals with a recorded win/loss reason',
          'Target segments with a dedicated page on the site',
          'Pipeline share from the segments on the map',
        ],
        pitfall: 'Buying an analyst report and calling it market intelligence: second-hand summaries age fast and nobody acts on them.',
        effort: 'weeks',
      },
      {
        practices: [
          'A quarterly market review turns trends, competitor moves and win/loss themes into written roadmap and positioning decisions.',
          'The company publishes original research: a yearly state-of-the-industry report, survey or benchmark built on its own data.',
          'Market sizing and segment priorities are revisited at least twice a year against evidence, and unprofitable segments are dropped.',
        ],
        firstSteps: [
          'Run a 20-question survey of users and prospects and publish the findings as a short report with charts.',
          'Book a quarterly 90-minute market review and record the one roadmap decision each insight changes.',
          'Add a "who we serve" hub linking every segment page, each with a segment-specific proof point.',
        ],
        metrics: [
          'Roadmap items that cite a market insight as their reason',
          'Inbound leads and backlinks earned by the published research',
          'Win rate per priority segment, quarter over quarter',
        ],
        pitfall: 'Research that is published for marketing but never changes a product decision.',
        effort: 'quarter',
      },
      {
        practices: [
          'Anonymised, aggregated data from the product powers a recurring market index that analysts, press and customers cite.',
          'Market signals (search trends, job postings, funding, review sites) are monitored continuously and trigger explicit bets.',
          "The company's research sets the category's vocabulary: buyers and competitors repeat its framing.",
        ],
        firstSteps: [
          'Pick one measure only your product can observe across customers and design a quarterly index around it, with a privacy review.',
          'Automate a weekly digest of competitor releases, hiring, funding and review themes for product and sales leads.',
          'Commit to a publication calendar for the index and brief three analysts or journalists before the first issue.',
        ],
        metrics: [
          'Citations of and backlinks to your research per quarter',
          'Time from a market signal to a roadmap or positioning decision',
          'Share of new opportunities that mention your research',
        ],
        pitfall: 'Publishing data that identifies customers or cannot be reproduced: one retraction costs the authority you built.',
        effort: 'investment',
      },
    ],
    sustain: {
      practices: [
        'Refresh the flagship research on a fixed calendar and publish the method so others can rely on it.',
        'Treat segment assumptions as hypotheses with review dates; retire segments that stopped paying off.',
        'Feed the market index back into the product as in-app benchmarks, so research and product reinforce each other.',
      ],
      metrics: ['Year-on-year growth in citations of your research', "Accuracy of last year's trend calls"],
    },
  },

  decision_quality: {
    whyItMatters:
      'Explained decisions let teams move without escalation and let customers trust changes; unexplained ones get relitigated internally and read as arbitrary outside.',
    steps: [
      {
        practices: [
          'Significant product decisions are written down in a short decision record: context, options considered, choice and who decided.',
          'Three to seven product principles are written and actually used to settle trade-offs.',
          'Customer-facing changes (deprecations, removals, price changes) are announced with their reasons, not only the facts.',
        ],
        firstSteps: [
          'Adopt a one-page decision record template and use it for the next five product decisions.',
          'Draft product principles in one leadership workshop and test them against three past disagreements.',
          'Rewrite the next change announcement to include "why we made this change" and the alternatives weighed.',
        ],
        metrics: [
          'Share of roadmap-level decisions with a written record',
          'Decisions reopened within 90 days',
          'Support tickets or complaints calling a change unexplained',
        ],
        pitfall: 'Writing decision records after the fact to justify a choice already made; they then record opinions, not evidence.',
        effort: 'weeks',
      },
      {
        practices: [
          'Each decision names its evidence (data, research, experiments) and the metric that will show whether it was right.',
          'Product principles are public and quoted in blog posts, changelogs or docs whenever the company explains a trade-off.',
          'Reversible and irreversible decisions are handled differently: two-way doors move fast, one-way doors get a review.',
        ],
        firstSteps: [
          'Add "evidence" and "how we will know" fields to the decision template and send back records without them.',
          'Publish your product principles on the site with one real example per principle.',
          'Label every open decision as a one-way or two-way door and give the two-way ones a decision deadline this week.',
        ],
        metrics: [
          'Median time from question raised to decision made',
          'Share of decisions with a success metric and a review date',
          'Share of reviewed decisions judged right in hindsight',
        ],
        pitfall: 'Treating every decision as a one-way door, so the process slows everything without improving quality.',
        effort: 'weeks',
      },
      {
        practices: [
          'Decisions are reviewed after the fact against their stated success metric, and the lessons change how later decisions are made.',
          'Major strategic changes are explained in public (memos, open letters, requests for comment) before they are final.',
          'A searchable decision log lets anyone see what was decided, why, and what happened next.',
        ],
        firstSteps: [
          'Hold a quarterly decision review: take five decisions from six months ago and compare outcomes with their predictions.',
          'Publish the next major change as a request for comments with a feedback window and a date for the final call.',
          'Move decision records into one searchable log with owners, links to evidence and recorded outcomes.',
        ],
        metrics: [
          'Prediction accuracy of reviewed decisions (expected vs actual outcome)',
          'Public requests for comment per year and the share changed by feedback',
          'Time for a new joiner to find why a past decision was made',
        ],
        pitfall: 'Blame in decision reviews: once a wrong call is punished, people stop writing predictions down.',
        effort: 'quarter',
      },
    ],
    sustain: {
      practices: [
        'Calibrate: record the confidence attached to each decision and compare it with outcomes every quarter.',
        'Rotate who runs decision reviews so the habit does not depend on one leader.',
        'Rewrite or retire any principle that no longer settles real disputes.',
      ],
      metrics: ['Gap between stated confidence and hit rate', 'Share of decisions that cite a principle'],
    },
  },

  roadmap_discipline: {
    whyItMatters:
      'A visible, maintained roadmap aligns teams and customers on direction and shows that what ships is on purpose; a stale one does more harm than none.',
    steps: [
      {
        practices: [
          'One roadmap lives in a shared place, organised as now / next / later rather than dated feature promises.',
          'Each roadmap item states the problem it solves and the customer it serves.',
          'The roadmap is reviewed monthly and stale items are removed rather than left to rot.',
        ],
        firstSteps: [
          'Put the current plan on a now / next / later board with no more than five items in "now".',
          'Rewrite each item as a problem statement naming the customer segment it serves.',
          'Book a monthly 45-minute roadmap review and send the changes to the whole company afterwards.',
        ],
        metrics: ['Share of roadmap items with a problem statement', 'Age of the oldest item in "now"', 'Share of shipped work that was on the roadmap'],
        pitfall: 'A roadmap of dated features promised to individual customers: it turns into a list of sales commitments.',
        effort: 'weeks',
      },
      {
        practices: [
          'A public roadmap shows planned, in-progress and shipped work, and customers can follow or vote on items.',
          'Roadmap themes map to company objectives with outcome metrics (OKRs or similar), not output counts.',
          'Shipped roadmap items link to their changelog entry, closing the loop for customers.',
        ],
        firstSteps: [
          'Publish a public roadmap page or board with the "next" column and last quarter\'s shipped items.',
          'Tie each theme to one objective and one outcome metric; drop themes that fit no objective.',
          'When an item ships, move it to "shipped" with a link to its release note the same day.',
        ],
        metrics: [
          'Followers or votes on public roadmap items',
          'Share of themes whose outcome metric moved as intended',
          'Time an item waits in "next" before work starts',
        ],
        pitfall: 'A public roadmap updated twice a year: stale public promises cost more trust than silence.',
        effort: 'quarter',
      },
      {
        practices: [
          'Bets are scored on impact, confidence and effort, sequenced accordingly, and stopped openly when evidence says stop.',
          'Portfolio balance is explicit: a stated split between core improvements, new bets and platform work.',
          'A quarterly public roadmap review reports what shipped, what moved and what was cut, and why.',
        ],
        firstSteps: [
          'Score each roadmap item on impact, confidence and effort and share the scoring rule with every team.',
          'Set a target split (for example 60% core, 25% new bets, 15% platform) and report the actual split each quarter.',
          'Write the first quarterly roadmap review post, including at least one item you cut and why.',
        ],
        metrics: [
          'Planned vs delivered themes per quarter',
          'Actual vs target portfolio split',
          'Share of cut items stopped on evidence rather than deadline pressure',
        ],
        pitfall: 'Optimising for roadmap predictability alone, which quietly kills the risky bets that compound.',
        effort: 'quarter',
      },
    ],
    sustain: {
      practices: [
        'Keep the public roadmap and the changelog linked both ways, so every promise has a visible ending.',
        "Review last year's roadmap against outcomes once a year and adjust the scoring rule.",
        'Let usage and feedback data re-rank "later" items as demand shifts.',
      ],
      metrics: ['Outcome hit rate of completed themes', 'Median age of public roadmap items'],
    },
  },

  competitive_positioning: {
    whyItMatters:
      'Buyers compare you with alternatives whether you help them or not; saying clearly where you win against named alternatives shortens evaluations and lifts win rates.',
    steps: [
      {
        practices: [
          'The team can name its top three alternatives, including spreadsheets or doing nothing, and where it wins and loses against each.',
          'A one-page battlecard per main competitor is kept current for sales and support.',
          'The site states what makes the product different in one or two concrete, provable claims instead of superlatives.',
        ],
        firstSteps: [
          'List the alternatives prospects mentioned in the last 20 deals and count how often each came up.',
          'Write a battlecard for the most frequent competitor: where you win, where you lose, three questions to ask the buyer.',
          'Replace one generic homepage claim ("the best platform") with a specific difference you can prove.',
        ],
        metrics: [
          'Win rate against each named competitor',
          'Share of deals where the competing alternative is known',
          'Sales cycle length in competitive deals',
        ],
        pitfall: 'Listing features the competitors also have; a difference that is not different persuades nobody.',
        effort: 'weeks',
      },
      {
        practices: [
          'Honest comparison pages ("X vs Y", "alternatives to Y") explain where you fit best and where the alternative may suit better.',
          'Migration guides or import tools exist for customers switching from the main competitors.',
          'Competitor releases are tracked and battlecards refreshed on a fixed cadence from win/loss interviews.',
        ],
        firstSteps: [
          'Publish a comparison page against your most frequent competitor that admits one case where they are the better choice.',
          'Ship or document a migration path from that competitor: an importer, a CSV mapping or a step-by-step guide.',
          'Set up release tracking for the top three competitors and review their changes monthly with product and sales.',
        ],
        metrics: [
          'Traffic to and conversion from comparison pages',
          'Accounts migrated from competitors per quarter',
          'Win-rate change after battlecards are refreshed',
        ],
        pitfall: 'Comparison pages so one-sided that buyers discount them and trust the rest of the site less.',
        effort: 'weeks',
      },
      {
        practices: [
          'The company defines the category: its framing of the problem and the buying criteria is what buyers use to judge everyone.',
          'Differentiation rests on assets that strengthen with each customer (data, network, ecosystem) rather than on features.',
          'Likely moves of the top competitors are anticipated with scenario plans, so responses are chosen, not improvised.',
        ],
        firstSteps: [
          'Write the evaluation criteria you believe buyers should use and publish them as a buying guide.',
          'Name the one asset that gets stronger with every customer and put it at the centre of your positioning.',
          'Run a half-day war game where each team plays a competitor for the next 12 months and you plan your responses.',
        ],
        metrics: [
          'Share of evaluations or RFPs that use your criteria and vocabulary',
          'Head-to-head win rate over time',
          'Retention of accounts actively courted by competitors',
        ],
        pitfall: 'Reacting to every competitor release: the leader sets the pace instead of chasing it.',
        effort: 'investment',
      },
    ],
    sustain: {
      practices: [
        'Re-test your claims against the market each quarter and drop the ones competitors have matched.',
        "Keep comparison pages honest and dated; update them within a month of a competitor's major release.",
        'Invest in the compounding asset (data, network, ecosystem) ahead of feature-parity work.',
      ],
      metrics: ['Head-to-head win rate trend', 'Share of churn going to a named competitor'],
    },
  },
} satisfies Partial<Record<DimensionId, DimensionPlaybook>>;
