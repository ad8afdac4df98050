/**
 * The coaching playbook: for each of the 27 dimensions and each step up
 * (1 to 2, 2 to 3, 3 to 4), the practices that mark the next level, concrete
 * first steps and the metrics to watch; for a dimension already at level 4,
 * how to sustain it. The coach answers from this data and the scoring result
 * only, so every piece of advice here must be specific to its dimension.
 *
 * Practices are phrased as an outside observer (and our crawler) would see
 * them where possible, because the levels are judged from the public site:
 * doing the work privately helps the company, publishing it moves the score.
 */
import type { DimensionId } from './dimensions.ts';
import { MAX_LEVEL, MIN_LEVEL } from './tiers.ts';

/**
 * How much a step costs, so the coach can put cheap steps first:
 * weeks = a few weeks with the people already there; quarter = about a
 * quarter of focused work; investment = budget, new roles or a programme.
 */
export const STEP_EFFORTS = ['weeks', 'quarter', 'investment'] as const;
export type StepEffort = (typeof STEP_EFFORTS)[number];

export interface PlaybookStep {
  /** What the next level looks like once reached. */
  practices: readonly string[];
  /** Moves a small team can start this month. */
  firstSteps: readonly string[];
  /** What to measure to see the step taking hold. */
  metrics: readonly string[];
  /** The mistake teams most often make on this step. */
  pitfall: string;
  effort: StepEffort;
}

export interface DimensionPlaybook {
  whyItMatters: string;
  /** steps[0] leads from level 1 to 2, steps[1] from 2 to 3, steps[2] from 3 to 4. */
  steps: readonly [PlaybookStep, PlaybookStep, PlaybookStep];
  /** Level 4 has no step beyond it: how to keep the capability compounding. */
  sustain: { practices: readonly string[]; metrics: readonly string[] };
}

/** What a level means in any dimension, for answers that explain the scale. */
export const LEVEL_MEANINGS: Readonly<Record<1 | 2 | 3 | 4, string>> = {
  1: 'little or no public sign of the practice; it is absent or ad hoc',
  2: 'the practice exists and is visible, but it is basic or inconsistent',
  3: 'the practice is systematic, maintained and visible from outside',
  4: 'the practice compounds: it feeds itself with data, customers or an ecosystem',
};

export const PLAYBOOK: Readonly<Record<DimensionId, DimensionPlaybook>> = {
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
        metrics: [
          'Share of roadmap items with a problem statement',
          'Age of the oldest item in "now"',
          'Share of shipped work that was on the roadmap',
        ],
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
          "The company defines the category: its framing of the problem and the buying criteria is what buyers use to judge everyone.",
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

  research_discovery: {
    whyItMatters:
      'Discovery lowers the odds of building the wrong thing; teams that talk to users every week waste far less engineering time than teams that validate after launch.',
    steps: [
      {
        practices: [
          'Someone talks to customers about their problems (not only in sales calls) at least monthly, and the notes are shared.',
          'New features start from a written problem statement backed by real user conversations.',
          'Users can volunteer for research through a research panel or a "join our user research" sign-up.',
        ],
        firstSteps: [
          'Book five 30-minute problem interviews with active users this month and share a one-page summary.',
          'Add a "help shape the product" opt-in to the app or site and build a panel of 50 volunteers.',
          'Require a problem statement and two supporting interview quotes before the next feature goes into design.',
        ],
        metrics: [
          'Customer conversations per product team per month',
          'Research panel size and response rate',
          'Share of new features with a documented problem statement',
        ],
        pitfall: 'Asking users which features they want instead of what they are trying to do and what gets in the way.',
        effort: 'weeks',
      },
      {
        practices: [
          'Continuous discovery: each product trio (product manager, designer, engineer) has a customer touchpoint every week.',
          'Research roles exist (a researcher or research operations) with a searchable repository of insights.',
          'Assumptions are tested before building, with prototypes, fake-door tests or concierge tests.',
        ],
        firstSteps: [
          'Give each product team a recurring weekly interview slot, filled automatically from the research panel.',
          "Create an insights repository tagged by segment, job and pain, and move last quarter's notes into it.",
          'Test the riskiest assumption behind the next big feature with a clickable prototype and five users.',
        ],
        metrics: [
          'Consecutive weeks each team has talked to a customer',
          'Insights cited in later decisions',
          'Share of ideas killed or reshaped before build',
        ],
        pitfall: 'An insights repository nobody reads: without tagging and a weekly habit it becomes a graveyard.',
        effort: 'quarter',
      },
      {
        practices: [
          'Research operations run recruiting, consent, tooling and synthesis as a service every team uses.',
          'Behavioural data and qualitative research work together: analytics shows where to look, interviews explain why.',
          'The company publishes what it learned from research (studies, a research blog), which also recruits participants.',
        ],
        firstSteps: [
          'Appoint a research-operations owner and standardise recruiting, consent and incentives for all teams.',
          "Start a monthly ritual that turns the biggest analytics anomalies into next week's interview topics.",
          'Publish one research write-up per quarter on what you learned and what you changed because of it.',
        ],
        metrics: [
          'Time from research question to answer',
          'Share of roadmap items linked to a research insight',
          'Participants recruited through published research',
        ],
        pitfall: 'Centralising all research in one team, so product teams stop talking to users themselves.',
        effort: 'investment',
      },
    ],
    sustain: {
      practices: [
        'Audit each quarter which segments nobody has interviewed and fill those blind spots.',
        'Keep product teams running their own interviews as research operations grow.',
        'Refresh personas and jobs-to-be-done every year from fresh research, not memory.',
      ],
      metrics: ['Segments with research in the last 90 days', 'Decisions citing a research insight'],
    },
  },

  prototyping_speed: {
    whyItMatters:
      'The faster an idea reaches real users, the cheaper it is to be wrong; betas and early-access programmes turn guesses into evidence in weeks instead of quarters.',
    steps: [
      {
        practices: [
          'Ideas are prototyped, clickable or coded, and shown to users before the full build.',
          'An early-access or beta list exists, and new features reach a small group before everyone.',
          'A per-account switch lets unfinished work ship to a few accounts without a separate branch.',
        ],
        firstSteps: [
          'Build a clickable prototype of the next feature in days and test it with five users before writing production code.',
          'Create a beta programme page with a sign-up form and recruit 20 friendly customers.',
          'Add a simple per-account feature switch so the next feature ships to beta accounts first.',
        ],
        metrics: [
          'Days from idea to first user test',
          'Beta programme size and active participation',
          'Share of features released to a beta group first',
        ],
        pitfall: 'Polishing prototypes for weeks: the point is to learn cheaply, not to impress.',
        effort: 'weeks',
      },
      {
        practices: [
          'A public Labs, Preview or early-access area shows experimental features with clear labels and a feedback path.',
          'Every beta has exit criteria: what must be learned and which metric decides general availability.',
          'Throwaway code is normal: prototypes are built with disposable tools and deleted after the learning.',
        ],
        firstSteps: [
          'Launch a "Labs" or "Preview" section that labels experimental features and links to a feedback form.',
          'Write exit criteria for each running beta (adoption, error rate, satisfaction) with a decision date.',
          'Give teams a prototyping kit (design tool, no-code or AI-assisted builders) and a one-week timebox per prototype.',
        ],
        metrics: [
          'Median beta duration and share meeting their exit criteria',
          'Previews or experiments launched per quarter',
          'Feedback items per beta participant',
        ],
        pitfall: 'Betas that never end: features linger in "preview" for a year and users stop trusting the label.',
        effort: 'weeks',
      },
      {
        practices: [
          'Idea-to-user cycle time is measured in days, and competing prototypes are tested in parallel so evidence picks the winner.',
          'A large opted-in early-adopter community gets new capabilities first and shapes them in public.',
          'What each beta taught (kept, changed, killed) is recorded and shared, so the organisation learns faster each cycle.',
        ],
        firstSteps: [
          'Measure idea-to-first-user time for every initiative this quarter and share the distribution with all teams.',
          'Run the next big bet as two or three competing prototypes with one shared test plan.',
          'Publish a "what we learned in Labs" note for killed experiments, not only for successes.',
        ],
        metrics: [
          'Idea-to-first-user cycle time (median)',
          'Share of prototypes stopped before build (a healthy share is not zero)',
          'Monthly active members of the early-adopter community',
        ],
        pitfall: 'Rewarding shipped betas rather than learning, so teams stop killing weak ideas.',
        effort: 'quarter',
      },
    ],
    sustain: {
      practices: [
        'Keep cycle time visible and remove the slowest step each quarter.',
        'Rotate early adopters so feedback does not come only from the same power users.',
        'Graduate or retire every preview within a stated period, and say which it was.',
      ],
      metrics: ['Idea-to-first-user cycle time trend', 'Previews graduated or retired on time'],
    },
  },

  experience_design: {
    whyItMatters:
      'Experience quality decides whether people who sign up reach value; onboarding, accessibility and guided flows are where trials are won or lost.',
    steps: [
      {
        practices: [
          'The first-run experience is designed: a welcome flow, sample data or a checklist leading to the first useful result.',
          'Core flows share consistent patterns for navigation, forms, empty states and error messages.',
          'Basic accessibility is checked: colour contrast, keyboard navigation and labelled form fields.',
        ],
        firstSteps: [
          'Define the "first value" moment and cut every step and field not needed to reach it on day one.',
          'Design empty states for the five most visited screens so each tells the user what to do next.',
          'Run an automated accessibility check (axe or Lighthouse) on the top pages and fix the critical issues.',
        ],
        metrics: [
          'Time to first value for new sign-ups',
          'Onboarding checklist completion rate',
          'Critical and serious accessibility issues on core pages',
        ],
        pitfall: 'Product tours that explain the interface instead of getting the user to a first result.',
        effort: 'weeks',
      },
      {
        practices: [
          'Templates, examples and guided flows cover the main use cases, so users start from something that works.',
          'Accessibility is a public commitment: an accessibility statement or VPAT, with WCAG 2.1 AA as the target.',
          'Major flows are usability-tested before release, and UX debt is tracked like technical debt.',
        ],
        firstSteps: [
          'Ship templates for the three most common use cases and show them on the first screen a new user sees.',
          'Publish an accessibility statement naming the standard you target and how to report problems.',
          'Add a five-user usability test to the definition of done for major flows.',
        ],
        metrics: [
          'Share of new users who start from a template',
          'WCAG conformance of core flows',
          'Task success rate in usability tests',
        ],
        pitfall: 'Adding onboarding steps to fix activation instead of removing friction from the product itself.',
        effort: 'quarter',
      },
      {
        practices: [
          'The experience adapts to the user: role-based onboarding, contextual guidance and personalised starting points.',
          'Experience quality is measured continuously (task success, effort scores, activation by cohort) and owned by named teams.',
          'Design quality is visible outside: public design principles, awards, or a gallery of what users made.',
        ],
        firstSteps: [
          "Ask for the user's role or goal at sign-up and route them to a tailored first project.",
          'Measure a customer-effort score on the three key flows and review it monthly with design and engineering.',
          'Open a gallery where users share what they built, seeded with your best internal examples.',
        ],
        metrics: [
          'Activation rate by role or segment',
          'Customer effort score on key flows',
          'Templates or examples contributed by users',
        ],
        pitfall: 'Personalising before the basic flow is fast: personalisation cannot rescue a slow product.',
        effort: 'investment',
      },
    ],
    sustain: {
      practices: [
        'Go through sign-up as a brand-new user every month; new features quietly add friction.',
        'Keep accessibility checks in the release process, including for every new component.',
        'Grow the user gallery into a discovery surface that brings in new users.',
      ],
      metrics: ['Activation rate by monthly cohort', 'Accessibility regressions per release'],
    },
  },

  design_dev_handoff: {
    whyItMatters:
      'A shared design system makes every screen faster to build and more consistent; without one, design and engineering re-decide the same details on every feature.',
    steps: [
      {
        practices: [
          'A shared component library exists in code and in the design tool, covering the most used components.',
          'Design files carry what engineers need: states, spacing, responsive behaviour and final copy.',
          'Designers and engineers review work together before the build starts, not only after.',
        ],
        firstSteps: [
          'Inventory the UI: screenshot every button, input and modal variant, then choose one of each.',
          'Build the ten most used components once in code and link them from the design file.',
          'Add a 30-minute design-engineering kickoff to every feature before development starts.',
        ],
        metrics: [
          'Share of screens built from library components',
          'Design-related bugs or rework per release',
          'Number of one-off component variants',
        ],
        pitfall: 'A design system built as a side project with no owner: it drifts away from the product within months.',
        effort: 'weeks',
      },
      {
        practices: [
          'A published design system with usage guidelines and design tokens (colour, type, spacing) shared by design and code.',
          'The design system has an owner, versioned releases and a contribution model.',
          'Visual regression tests or component stories catch drift between design and implementation.',
        ],
        firstSteps: [
          'Extract design tokens into one source that generates both the design-tool styles and the CSS variables.',
          'Publish component documentation (Storybook or similar) with do and don\'t examples.',
          'Add visual regression snapshots of the core components to continuous integration.',
        ],
        metrics: [
          'Design-system adoption across products and teams',
          'Time from approved design to shipped screen',
          'Visual regressions caught before release',
        ],
        pitfall: 'Documenting components without the reasons behind them, so teams fork them instead of using them.',
        effort: 'quarter',
      },
      {
        practices: [
          'The design system is public (a public site or open source) and partners use it to build consistent extensions.',
          'Tokens and components flow automatically from one source to every platform, so design and code stay in sync.',
          'Adoption and health are measured, and the system evolves through an open contribution process.',
        ],
        firstSteps: [
          'Publish the design-system site publicly with a changelog and versioned releases.',
          'Automate the token pipeline so a change in the design source opens a pull request in every code base.',
          'Track component usage across repositories and retire unused components each quarter.',
        ],
        metrics: [
          'External contributions to, or partner use of, the design system',
          'Share of UI code coming from the design system',
          'Time for a token change to reach production on all platforms',
        ],
        pitfall: 'Freezing the system to protect consistency: when it cannot change, teams route around it.',
        effort: 'quarter',
      },
    ],
    sustain: {
      practices: [
        'Run a quarterly design-system health review: adoption, open issues and components due for retirement.',
        'Fund the design system as a product with its own roadmap and users.',
        'Let partners contribute components through the same review process as internal teams.',
      ],
      metrics: ['Design-system adoption trend', 'Median age of open design-system issues'],
    },
  },

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
          'Restore last night\'s backup into a fresh environment and time how long it takes.',
        ],
        metrics: [
          'Monthly uptime of customer-facing services',
          'Mean time to detect and to restore incidents',
          'Restore time in the latest backup test',
        ],
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
        metrics: [
          'SLO attainment and error-budget burn',
          'p95 latency of key endpoints',
          'Engineering blog posts per quarter',
        ],
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
        metrics: [
          'Recovery time in failure drills',
          'Days from incident to public incident report',
          'Headroom before capacity limits on the busiest services',
        ],
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
        metrics: [
          'Support tickets answered with a docs link',
          'Docs page views per active user',
          'Share of features with a written spec before build',
        ],
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
        metrics: [
          'Time to first successful API call or first result',
          'Share of feature pull requests that update the docs',
          '"Was this page helpful?" score',
        ],
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
    whyItMatters:
      'A steady, visible rhythm of improvements tells customers the product is alive and shortens the time between a reported problem and its fix.',
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
        metrics: [
          'Changelog entries per month',
          'Deployment frequency',
          'Lead time from merge to production',
        ],
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
        metrics: [
          'Deployment frequency and lead time for changes (DORA)',
          'Change failure rate',
          'Opens and clicks on release notes',
        ],
        pitfall: 'Shipping faster while the change failure rate climbs: speed without safety erodes trust.',
        effort: 'quarter',
      },
      {
        practices: [
          'Several deploys a day with a low change failure rate: small changes flow to users continuously.',
          "The changelog is a channel people subscribe to (RSS, email, in-app \"what's new\") and it drives feature adoption.",
          'Delivery bottlenecks (review waits, flaky tests, environments) are measured and removed systematically.',
        ],
        firstSteps: [
          'Map the path from commit to production, measure the wait at each step and fix the longest one.',
          "Offer changelog subscriptions (RSS, email digest, in-app \"what's new\") and track adoption of the features they announce.",
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
        "Publish a monthly \"what's new\" roundup that ties small changes into stories customers care about.",
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
        metrics: [
          'Accounts with an active API key',
          'API calls per active account',
          'Installs of the top integration',
        ],
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

  customer_signal_synthesis: {
    whyItMatters:
      "Customers' own words and measured outcomes are the strongest proof that a product works, and synthesising them shows where to take it next.",
    steps: [
      {
        practices: [
          'Customer feedback from sales, support and success lands in one place and is tagged consistently.',
          'The site shows customer logos and attributed quotes with names and roles.',
          'A few case studies describe a customer\'s problem, the solution and the result.',
        ],
        firstSteps: [
          'Route every feedback source (support, sales notes, reviews) into one tagged list this month.',
          'Ask your five happiest customers for a quote and permission to use their logo.',
          'Write one case study with a number in it: time saved, revenue gained or errors avoided.',
        ],
        metrics: [
          'Feedback items captured per month and the share tagged',
          'Case studies and attributed quotes on the site',
          'Share of customers willing to act as a reference',
        ],
        pitfall: 'Anonymous testimonials ("a customer said...") that read as invented.',
        effort: 'weeks',
      },
      {
        practices: [
          'Case studies report measured outcomes and cover each main segment and use case.',
          'A monthly voice-of-customer report turns signals into themes that product leaders act on.',
          'Presence on review sites (G2, Capterra or similar) is managed and reviews are analysed for themes.',
        ],
        firstSteps: [
          'Publish a monthly voice-of-customer summary: the top five themes, their trend and the decision each influenced.',
          'Fill the case-study gaps: one per main segment, each with a measured outcome.',
          'Invite recently successful customers to leave reviews and tag review themes with the same taxonomy as feedback.',
        ],
        metrics: [
          'Voice-of-customer themes acted on within a quarter',
          'Case-study coverage of segments and use cases',
          'Review volume and average rating',
        ],
        pitfall: 'Counting requests by volume alone: a theme from your best-fit segment outweighs many from poor-fit ones.',
        effort: 'quarter',
      },
      {
        practices: [
          'Signals are weighted by revenue, segment fit and retention impact, and synthesis runs continuously with AI-assisted tagging.',
          'Customer outcomes are measured in the product and reported back to customers as value reports.',
          'A customer advisory board shapes strategy, and its input is visible in roadmap decisions.',
        ],
        firstSteps: [
          'Link feedback to account revenue and segment in the CRM so themes can be weighted.',
          'Tag all incoming feedback with an AI classifier and check its accuracy against a human sample monthly.',
          'Form a customer advisory board of eight to twelve customers that meets quarterly.',
        ],
        metrics: [
          'Revenue represented by each top theme',
          'Customers receiving a measured value report',
          'Advisory-board input reflected in roadmap decisions',
        ],
        pitfall: 'Letting the loudest large customer steer the product away from the wider market.',
        effort: 'investment',
      },
    ],
    sustain: {
      practices: [
        'Re-validate the feedback taxonomy every half-year as the product changes.',
        'Publish long-running case studies that follow customers over years.',
        'Make the voice-of-customer report required reading for every team, not just product.',
      ],
      metrics: ['Time from emerging theme to decision', 'Reference customers per segment'],
    },
  },

  product_analytics: {
    whyItMatters:
      'Without instrumentation you cannot tell which features are used, where users get stuck or whether a change helped; analytics turns opinions into answerable questions.',
    steps: [
      {
        practices: [
          'Product analytics is installed and tracks key product events, not only page views.',
          'A small set of core metrics (activation, weekly active use, retention) is defined and visible to the team.',
          'Events follow a naming convention written down in a tracking plan.',
        ],
        firstSteps: [
          'Write a tracking plan for the ten events that define your funnel, from sign-up to first value to repeat use.',
          'Instrument those events in a product analytics tool (PostHog, Amplitude, Mixpanel or similar).',
          'Build one dashboard with activation, weekly active accounts and four-week retention, and review it weekly.',
        ],
        metrics: [
          'Activation rate of new sign-ups',
          'Weekly active accounts',
          'Four-week retention of new cohorts',
        ],
        pitfall: 'Tracking everything without a plan: hundreds of unnamed events that nobody trusts.',
        effort: 'weeks',
      },
      {
        practices: [
          'Funnel, cohort and retention analyses inform roadmap decisions, and every feature ships with a success metric.',
          'Data quality is managed: the tracking plan is versioned, events are validated and each has an owner.',
          'Qualitative insight (session recordings, in-app surveys) is paired with the numbers.',
        ],
        firstSteps: [
          'Add a "success metric and event" section to every feature spec and check it 30 days after launch.',
          'Validate events against the tracking plan in CI or a schema registry, so broken tracking is caught before release.',
          'Watch ten session recordings at the biggest funnel drop-off and write down three hypotheses.',
        ],
        metrics: [
          'Share of features whose success metric was checked after launch',
          'Tracking errors caught before production',
          'Feature adoption rate 30 days after release',
        ],
        pitfall: 'Dashboards that report numbers but answer no decision: every chart should serve a question.',
        effort: 'quarter',
      },
      {
        practices: [
          'A north-star metric and its input metrics tie every team\'s goals to customer value, reviewed weekly.',
          'Analytics is self-serve: product teams answer their own questions from trusted, documented data.',
          'Predictive signals such as churn risk and expansion propensity trigger product and customer-success actions.',
        ],
        firstSteps: [
          'Define a north-star metric with three to five input metrics and give each input to a team.',
          'Document the top 20 metrics with definitions and owners in a metrics catalogue.',
          'Build a first churn-risk score from usage signals and route high-risk accounts to customer success.',
        ],
        metrics: [
          'North-star metric and its inputs, weekly',
          'Share of product questions answered without a data request',
          'Precision of the churn-risk score',
        ],
        pitfall: 'A north-star that can be gamed, such as raw logins, rather than one tied to delivered value.',
        effort: 'quarter',
      },
    ],
    sustain: {
      practices: [
        'Audit metric definitions yearly and retire dashboards nobody opened in 90 days.',
        'Alert on event-volume anomalies so tracking quality never silently decays.',
        'Turn analytics into product value by showing customers insights about their own usage.',
      ],
      metrics: ['Dashboards in use vs dashboards existing', 'Event anomalies caught per month'],
    },
  },

  data_strategy_flywheel: {
    whyItMatters:
      'When usage data improves the product for every customer, each new customer makes the product better; that compounding advantage is the hardest kind to copy.',
    steps: [
      {
        practices: [
          'The company knows what data the product generates, who owns it and what customers have agreed to.',
          'Aggregated usage data is used internally to improve defaults, templates or recommendations.',
          'Customers can see their own usage data and export it.',
        ],
        firstSteps: [
          'Inventory the data the product collects, its consent basis and where it is stored.',
          'Use aggregate usage to choose a better default for one key setting, and measure the effect.',
          'Give customers a simple usage dashboard and a one-click data export.',
        ],
        metrics: [
          'Share of data assets with a recorded owner and consent basis',
          'Effect of data-informed defaults on activation',
          'Customers viewing their usage dashboard each month',
        ],
        pitfall: 'Collecting data "in case it is useful" without consent or purpose: it becomes a liability, not an asset.',
        effort: 'quarter',
      },
      {
        practices: [
          'Customer-facing insights (benchmarks, recommendations, reports) are built from aggregate data across customers.',
          'A governed, documented data platform lets teams build data features quickly.',
          'Data use is transparent: customers know what is used to improve the product and can opt out.',
        ],
        firstSteps: [
          'Ship one "you vs similar companies" benchmark built from anonymised aggregate data.',
          'Publish a plain-language page on how customer data improves the product, with an opt-out.',
          'Move core product data into a governed warehouse with documented tables and owners.',
        ],
        metrics: [
          'Engagement with in-product insights and benchmarks',
          'Opt-out rate from data use',
          'Time to build a new data feature',
        ],
        pitfall: 'Benchmarks built from too few customers per segment: noisy, and they can expose individual accounts.',
        effort: 'quarter',
      },
      {
        practices: [
          'A working flywheel: more usage yields better models, recommendations or benchmarks, which attract more usage.',
          'Data products (APIs, reports, indexes) create value or revenue of their own.',
          'Models are retrained on fresh data with measured quality gains and guardrails for privacy and bias.',
        ],
        firstSteps: [
          'Draw your flywheel (which data improves which feature, and how that feature drives more usage) and find the weakest link.',
          'Measure how one data-driven feature improves as data volume grows, to prove the flywheel turns.',
          'Package one data asset (benchmark, index or API) as a product with its own price or plan gate.',
        ],
        metrics: [
          'Model or recommendation quality as data volume grows',
          'Revenue or retention attributed to data products',
          'Share of accounts contributing to shared insights',
        ],
        pitfall: 'Calling a data lake a flywheel: if more data does not make the product better, it is not turning.',
        effort: 'investment',
      },
    ],
    sustain: {
      practices: [
        'Review privacy, consent and bias controls whenever data use expands.',
        'Measure the marginal value of more data and look for new loops as old ones saturate.',
        'Publish the method behind customer-facing benchmarks to keep their credibility.',
      ],
      metrics: ['Quality gain per increment of data', 'Privacy incidents (target zero)'],
    },
  },

  feedback_loop_quality: {
    whyItMatters:
      'Users keep giving feedback only when they see it acted on; a visible loop from request to release turns customers into collaborators.',
    steps: [
      {
        practices: [
          'Users can send feedback from inside the product and receive an acknowledgement.',
          'Feedback is triaged weekly by an owner who records a decision: planned, not now or will not do.',
          'Customers who asked for something are told when it ships.',
        ],
        firstSteps: [
          'Add an in-app feedback button that creates a tagged ticket and thanks the user.',
          'Hold a weekly 30-minute feedback triage and record a decision on every item.',
          'When the next requested feature ships, email every customer who asked for it.',
        ],
        metrics: [
          'Feedback items per 100 active users',
          'Share of feedback with a decision within two weeks',
          'Requesters notified when their request ships',
        ],
        pitfall: 'Collecting feedback into a black hole: silence teaches users not to bother.',
        effort: 'weeks',
      },
      {
        practices: [
          'A public feedback board lets users post ideas, vote and follow their status.',
          '"You asked, we built" updates link shipped work to the requests behind it.',
          'Satisfaction is measured at key moments (NPS, CSAT, in-app surveys) and low scores get a follow-up.',
        ],
        firstSteps: [
          'Open a public feedback board seeded with your top 20 requests and their honest status.',
          'Add a "you asked, we built" section to the changelog or the monthly update.',
          'Run a short in-app survey after the key workflow and call back every detractor within a week.',
        ],
        metrics: [
          'Active voters and new posts on the feedback board',
          'Share of shipped items traceable to user requests',
          'Detractor follow-up rate and NPS trend',
        ],
        pitfall: 'Treating vote counts as the roadmap: votes measure interest, not value or strategic fit.',
        effort: 'weeks',
      },
      {
        practices: [
          'Loops close automatically: status changes notify every voter, and users see the impact of their input.',
          'Feedback is joined with usage and revenue data to prioritise, and the prioritisation rule is public.',
          'Customers co-create: beta cohorts and advisory panels shape features before release.',
        ],
        firstSteps: [
          'Connect the feedback board to the roadmap and changelog so status changes notify voters automatically.',
          'Weight requests by segment fit and revenue, and explain the rule on the board.',
          'Invite the top voters on an idea into its beta and design reviews.',
        ],
        metrics: [
          'Time from request to closed-loop notification',
          'Retention of users who gave feedback vs those who did not',
          'Features co-designed with customers',
        ],
        pitfall: 'Over-promising on the board: "planned" must mean planned, or the board loses its credibility.',
        effort: 'quarter',
      },
    ],
    sustain: {
      practices: [
        'Audit the board each quarter and close stale ideas with an honest answer.',
        'Report the loop in public: requests shipped and the average time from request to release.',
        'Bring new voices into co-creation so the loop does not serve only power users.',
      ],
      metrics: ['Requests shipped with a notification per quarter', 'Median age of "planned" items'],
    },
  },

  quality_experimentation: {
    whyItMatters:
      'Feature flags, staged rollouts and A/B tests let you ship often without betting the business on each release, and show which changes actually work.',
    steps: [
      {
        practices: [
          'Feature flags separate deploy from release, so risky or unfinished work can be switched off.',
          'Automated tests run on every change, and a release checklist covers the critical paths.',
          'Risky changes roll out to a small share of users first.',
        ],
        firstSteps: [
          'Adopt a feature-flag service (or a simple configuration table) and put the next release behind a flag.',
          'Write automated tests for the three flows that would hurt most if they broke.',
          'Roll the next significant change out to 5% of users and watch errors before going wider.',
        ],
        metrics: [
          'Share of releases behind flags',
          'Change failure rate of releases',
          'Problems caught during staged rollout',
        ],
        pitfall: 'Flags that are never removed: stale flags become hidden complexity and bugs.',
        effort: 'weeks',
      },
      {
        practices: [
          'A/B tests run regularly, each with a hypothesis, a primary metric and a sample size fixed in advance.',
          'Staged rollouts are standard and automated, with automatic rollback when error thresholds are crossed.',
          "Quality is measured from the user's side: error rates, crash-free sessions and performance budgets.",
        ],
        firstSteps: [
          'Run a first proper A/B test on onboarding with a written hypothesis and a pre-computed sample size.',
          'Automate rollback when error rates pass a threshold during a rollout.',
          'Set performance budgets (page load, API p95) and fail builds that exceed them.',
        ],
        metrics: [
          'Experiments completed per quarter and their win rate',
          'Automatic rollbacks triggered',
          'Crash-free sessions and performance-budget breaches',
        ],
        pitfall: 'Stopping tests the moment they look significant: peeking produces false winners.',
        effort: 'quarter',
      },
      {
        practices: [
          'An experimentation platform lets any team run trustworthy tests with guardrail metrics and a results archive.',
          'Experiment results, failures included, are shared openly and inform strategy.',
          'Quality engineering is continuous: canary releases, testing in production and synthetic monitoring across regions.',
        ],
        firstSteps: [
          'Add guardrail metrics (revenue, errors, latency) that every experiment checks automatically.',
          'Start an experiment archive recording hypothesis, result and decision for every test.',
          'Run synthetic checks of the critical user journeys from several regions every few minutes.',
        ],
        metrics: [
          'Share of launches validated by an experiment',
          'Guardrail breaches caught before full rollout',
          'Time from hypothesis to result',
        ],
        pitfall: 'Testing only button colours: the value of experimentation is in testing the risky product bets.',
        effort: 'investment',
      },
    ],
    sustain: {
      practices: [
        'Review experiment quality (statistical power, peeking, sample-ratio mismatch) every quarter.',
        'Remove stale flags as part of the definition of done.',
        'Share a quarterly review of the experiments that changed direction.',
      ],
      metrics: ['Sample-ratio mismatch rate', 'Flags older than 90 days'],
    },
  },

  team_orchestration: {
    whyItMatters:
      'The shape of the product organisation decides what it can build; visible product, design, data and ML roles show the capability is staffed, not improvised.',
    steps: [
      {
        practices: [
          'Product management and design are named roles, not side duties of founders or engineers.',
          'Teams are organised around customer problems or product areas, each with a clear owner.',
          'The careers pages describe how the product team works, not only the open roles.',
        ],
        firstSteps: [
          'Write down who owns each product area today and assign the areas nobody owns.',
          'Hire or appoint a dedicated product manager or designer for the most important area.',
          'Describe on the careers page how product, design and engineering work together.',
        ],
        metrics: [
          'Product areas with a named owner',
          'Engineers per product manager and per designer',
          'Time to fill product and design roles',
        ],
        pitfall: 'Hiring product managers to write tickets for engineers: the role exists to own outcomes.',
        effort: 'quarter',
      },
      {
        practices: [
          'Stable cross-functional teams (product, design, engineering, data) own outcomes end to end.',
          'Specialist roles exist where the strategy needs them: research, data science, ML or AI engineering, product operations.',
          'Team responsibilities and interfaces are explicit: platform teams serve product teams through clear contracts.',
        ],
        firstSteps: [
          'Reorganise one product area into a stable cross-functional team with its own outcome metric.',
          'Identify the missing specialist skill that blocks the roadmap (often data or ML) and open that role.',
          "Publish an internal team map with each team's mission, owned services and how to request work.",
        ],
        metrics: [
          'Share of teams with every discipline they need',
          'Cross-team dependencies per team (fewer is better)',
          'Regretted attrition in product and engineering',
        ],
        pitfall: 'Reorganising every six months: teams need stability to own outcomes.',
        effort: 'investment',
      },
      {
        practices: [
          'Teams are designed for flow: few hand-offs, AI-assisted workflows, and leaders who coach rather than direct.',
          'The company shares how it works in public (team structure, rituals, career ladders), which attracts talent.',
          'Capacity and skills are planned against the strategy, with internal mobility and growth paths.',
        ],
        firstSteps: [
          'Count hand-offs per feature and redesign the team with the most.',
          'Publish career ladders for product, design and engineering.',
          "Plan next year's hiring from the capabilities the strategy needs, not from team requests.",
        ],
        metrics: [
          'Hand-offs per feature and the waiting time between them',
          'Internal mobility rate',
          'Offer acceptance rate for product roles',
        ],
        pitfall: 'Growing headcount faster than onboarding and management can absorb.',
        effort: 'investment',
      },
    ],
    sustain: {
      practices: [
        'Review team boundaries yearly against the architecture and the strategy.',
        'Invest in managers as coaches, not only as hirers.',
        'Keep publishing how you work; it attracts people who want to work that way.',
      ],
      metrics: ['Engagement scores by team', 'Time for a new hire to ship a first change'],
    },
  },

  process_iteration: {
    whyItMatters:
      'Companies that inspect and improve their own way of working get better every quarter; public handbooks and incident write-ups show that habit to customers and candidates.',
    steps: [
      {
        practices: [
          'Teams hold regular retrospectives and complete at least one improvement from each.',
          'Incidents get a blameless postmortem with tracked follow-up actions.',
          'How work is done (planning, reviews, releases) is written down in one place.',
        ],
        firstSteps: [
          'Hold a retrospective at the end of the next cycle and track its one agreed action to done.',
          'Write a blameless postmortem template and use it for the next incident.',
          'Start a handbook page describing the current planning and release process as it really is.',
        ],
        metrics: [
          'Retrospective actions completed',
          'Postmortems written per incident',
          'Process pages updated in the last quarter',
        ],
        pitfall: 'Retrospectives that repeat the same complaints because their actions are never done.',
        effort: 'weeks',
      },
      {
        practices: [
          'A public handbook or "how we work" pages describe processes, values and decision rights.',
          'Postmortems of significant incidents are published outside the company.',
          'Process changes are run as experiments with a measure and a review date.',
        ],
        firstSteps: [
          'Publish the first handbook sections: how we plan, how we ship, how we decide.',
          'Publish the postmortem of the next customer-visible incident within a week.',
          'Change one painful process (slow code reviews, say) for six weeks and measure it before and after.',
        ],
        metrics: [
          'Handbook pages and how often they change',
          'Time from incident to published postmortem',
          'Process experiments run and kept',
        ],
        pitfall: 'A handbook describing an ideal nobody follows: document what you do, then improve it.',
        effort: 'weeks',
      },
      {
        practices: [
          'Improvement is systemic: thresholds on flow, quality and satisfaction metrics trigger process reviews.',
          'Recurring themes from retrospectives and postmortems are analysed across teams and fixed at the root.',
          'The operating model is shared openly (handbook, talks, open-source tooling) and others adopt it.',
        ],
        firstSteps: [
          'Tag retrospective and postmortem actions, and review recurring themes across teams every quarter.',
          'Set thresholds on cycle time and work in progress that trigger a process review.',
          'Give a talk or write a post on one process change and its measured effect.',
        ],
        metrics: [
          'Recurring root causes across postmortems',
          'Cycle time and work-in-progress trends',
          'External references to your handbook or practices',
        ],
        pitfall: 'Process for its own sake: adding ceremonies instead of removing friction.',
        effort: 'quarter',
      },
    ],
    sustain: {
      practices: [
        'Retire one process each quarter that no longer earns its cost.',
        'Change the handbook in the same change as the process, so it stays the single source of truth.',
        'Share postmortem lessons across all teams, not only the team involved.',
      ],
      metrics: ['Process changes kept vs reverted', 'Repeat incidents'],
    },
  },

  cost_token_economics: {
    whyItMatters:
      'AI features have a real marginal cost per use; pricing and engineering them with unit economics in mind keeps growth from eroding margins.',
    steps: [
      {
        practices: [
          'The cost per AI request and per active customer is known and tracked.',
          'AI usage has stated limits or fair-use terms in each plan.',
          'Model choice is deliberate: the smallest model that meets the quality bar handles each task.',
        ],
        firstSteps: [
          'Log tokens, model and cost for every AI call and compute the cost per active account.',
          'State usage limits or fair-use terms for AI features on the pricing page.',
          'Test a smaller or cheaper model on one task against a quality set, and switch if it passes.',
        ],
        metrics: [
          'AI cost per active account per month',
          'Gross margin on AI-heavy plans',
          'Share of requests served by the cheapest adequate model',
        ],
        pitfall: 'Shipping unlimited AI in a flat-price plan without knowing what heavy users cost.',
        effort: 'weeks',
      },
      {
        practices: [
          'Pricing reflects AI cost: credits, token-based or usage tiers with included usage and clear overage.',
          'Caching, batching, prompt trimming and routing measurably reduce the cost per request.',
          'Quality, latency and cost are tracked together for each AI feature against an evaluation set.',
        ],
        firstSteps: [
          'Introduce included AI credits per plan with clear overage or top-up pricing.',
          'Add response caching and prompt trimming to the most used AI feature and measure the savings.',
          'Build an evaluation set per AI feature and report quality, latency and cost on one dashboard.',
        ],
        metrics: [
          'Cost per successful AI outcome',
          'Cache hit rate on AI requests',
          'Evaluation scores per model and prompt version',
        ],
        pitfall: 'Cutting cost until quality drops and users quietly stop using the feature.',
        effort: 'quarter',
      },
      {
        practices: [
          'A routing layer picks the model per request on cost and quality, with fallbacks across providers.',
          'AI unit economics are reported like any other margin line and improve every quarter.',
          'Customers see and control their own usage (dashboards, budgets, alerts), which builds trust in usage pricing.',
        ],
        firstSteps: [
          'Route requests by difficulty: a small model first, escalating to a larger one only when needed.',
          'Give customers usage dashboards and budget alerts.',
          'Review AI unit economics monthly with finance against a target cost per outcome.',
        ],
        metrics: [
          'Cost per outcome, trend',
          'Share of customers with budgets or alerts set',
          'Provider fallback success rate',
        ],
        pitfall: 'Locking into one model provider while prices and quality shift every few months.',
        effort: 'quarter',
      },
    ],
    sustain: {
      practices: [
        'Re-benchmark models every quarter; new releases change the best choice.',
        'Pass part of each efficiency gain on to customers to grow usage.',
        'Keep evaluation sets current so cost cuts never silently lower quality.',
      ],
      metrics: ['AI gross margin trend', 'Quality score per unit of cost'],
    },
  },

  trust_security: {
    whyItMatters:
      'Security and compliance are the entry ticket to larger customers; a trust centre and certifications shorten security reviews and unblock deals.',
    steps: [
      {
        practices: [
          'A security page explains how data is protected: encryption, access control, hosting and backups.',
          'A privacy policy and a data processing agreement (DPA) are published.',
          'Basic controls are in place: single sign-on and multi-factor authentication for staff, least-privilege access.',
        ],
        firstSteps: [
          'Publish a security page covering encryption in transit and at rest, hosting, access control and backups.',
          'Publish a DPA and the list of sub-processors.',
          'Enforce multi-factor authentication on every internal system and review who has admin access.',
        ],
        metrics: [
          'Security questionnaire answers covered by the security page',
          'Staff accounts with multi-factor authentication (target 100%)',
          'Time to complete a customer security review',
        ],
        pitfall: 'Claiming "bank-grade security" without specifics: security buyers read it as a red flag.',
        effort: 'weeks',
      },
      {
        practices: [
          'Independent certification (SOC 2 Type II, ISO 27001 or both) with reports available on request.',
          'A trust centre shows certifications, policies, sub-processors and status in one place.',
          'Customers get security features: SSO/SAML, audit logs, role-based access and data-residency options.',
        ],
        firstSteps: [
          'Start SOC 2 readiness with a compliance-automation tool, aiming for Type I first and Type II after.',
          'Launch a trust centre page with policies, sub-processors and a request form for audit reports.',
          'Ship SAML single sign-on and audit logs on business plans.',
        ],
        metrics: [
          'Certification status and audit exceptions',
          'Deals delayed or lost in security review',
          'Business accounts using SSO and audit logs',
        ],
        pitfall: 'Treating certification as the goal: auditors check that controls exist, not that you are secure.',
        effort: 'investment',
      },
      {
        practices: [
          'A vulnerability disclosure programme or bug bounty invites researchers, with a security.txt file published.',
          'Compliance is continuous: controls are monitored automatically and yearly penetration tests are shared with customers.',
          'Security is a product strength: customer-managed keys, fine-grained permissions and transparency reports.',
        ],
        firstSteps: [
          'Publish a vulnerability disclosure policy and a security.txt file, then consider a bug bounty.',
          'Commission an external penetration test and share its summary in the trust centre.',
          'Offer customer-managed encryption keys or regional data residency on enterprise plans.',
        ],
        metrics: [
          'Reported vulnerabilities and median time to fix',
          'Control failures detected by continuous monitoring',
          'Revenue from security-driven enterprise features',
        ],
        pitfall: 'A disclosure programme without capacity to triage: ignored researchers go public.',
        effort: 'investment',
      },
    ],
    sustain: {
      practices: [
        'Add certifications only where customers need them (HIPAA, FedRAMP and similar).',
        'Run a yearly incident-response exercise with the leadership team.',
        'Keep the trust centre current: stale documents undermine the trust it exists to build.',
      ],
      metrics: ['Time to fix critical vulnerabilities', 'Security review cycle time'],
    },
  },

  positioning_messaging: {
    whyItMatters:
      'If visitors cannot tell in seconds who the product is for and why it matters, nothing downstream (trials, demos, pricing) gets its chance.',
    steps: [
      {
        practices: [
          'The first screen of the homepage says who the product is for, what it does and the main outcome.',
          'Messaging uses customers\' words for the problem, not internal jargon.',
          'Home, product and pricing pages tell one consistent story.',
        ],
        firstSteps: [
          'Rewrite the homepage headline as "[outcome] for [audience]" and test it with five people from the target market.',
          'Collect the phrases customers use for the problem from sales calls and reviews, and replace jargon with them.',
          'Write a one-page messaging document (audience, problem, promise, proof, difference) and align the core pages to it.',
        ],
        metrics: [
          'Visitor-to-sign-up conversion on the homepage',
          'Five-second test: share of people who can say what the product does',
          'Sales-call time spent explaining what the product is',
        ],
        pitfall: 'Trying to speak to everyone: a message for everyone lands with no one.',
        effort: 'weeks',
      },
      {
        practices: [
          'Messaging is tailored per segment or role, with dedicated pages and proof for each.',
          'Positioning rests on a clear category and point of difference, tested with customers and refreshed with evidence.',
          'Every claim carries proof: numbers, customer names, awards or third-party validation.',
        ],
        firstSteps: [
          'Create landing pages for your two best-fit roles or segments, each with its own proof.',
          'Test two value propositions against each other with ads or landing-page variants and keep the winner.',
          'Attach a proof point to every homepage claim, or remove the claim.',
        ],
        metrics: [
          'Conversion by segment landing page',
          'Winning value proposition and its margin in message tests',
          'Share of claims backed by proof',
        ],
        pitfall: 'Changing messaging every quarter without testing: the market never hears a consistent story.',
        effort: 'quarter',
      },
      {
        practices: [
          'The company owns a point of view (a manifesto or category narrative) that shapes the conversation and is echoed by customers and press.',
          'Messaging is consistent across every channel, from ads to in-product copy, and driven by test data.',
          'Customers repeat the positioning in their own words in reviews and referrals.',
        ],
        firstSteps: [
          'Write and publish your point of view on how the problem should be solved, as a manifesto or narrative essay.',
          'Audit in-product copy, emails and sales decks against the messaging document and fix the inconsistencies.',
          'Study how customers describe you in reviews and referrals, and adopt their strongest phrasing.',
        ],
        metrics: [
          'Share of reviews or referrals that echo your key message',
          'Branded search volume',
          'Consistency of the core message across channels',
        ],
        pitfall: 'Creating a category without budget to educate the market: a category nobody searches for stays empty.',
        effort: 'quarter',
      },
    ],
    sustain: {
      practices: [
        'Re-test the core message yearly against new segments and competitors.',
        'Keep one owner for messaging across marketing, product and sales.',
        'Refresh proof points so they stay current and specific.',
      ],
      metrics: ['Branded search trend', 'Conversion of the main landing pages'],
    },
  },

  launch_execution: {
    whyItMatters:
      'A feature nobody hears about does not exist for customers; coordinated launches turn shipped work into adoption and pipeline.',
    steps: [
      {
        practices: [
          'Significant releases get announced: a blog post, an email to customers and an in-app message.',
          'A simple launch checklist coordinates product, marketing, sales and support.',
          'Launches are sized in tiers, so the effort matches the importance.',
        ],
        firstSteps: [
          'Write a launch checklist (docs, support briefing, announcement, sales note) and use it for the next release.',
          'Define three launch tiers and what each includes.',
          'Publish a launch post for the last significant feature, with a short demo video.',
        ],
        metrics: [
          'Launches with every checklist item done',
          'Adoption of launched features within 30 days',
          'Announcement open and click rates',
        ],
        pitfall: 'Launching the day the code ships, before sales and support have been briefed.',
        effort: 'weeks',
      },
      {
        practices: [
          'Major releases are coordinated campaigns: launch posts, webinars, demos, social, partners and press.',
          'Each launch has goals set in advance (adoption, pipeline) and a review afterwards.',
          'Product marketing owns launches, with messaging, enablement and customer evidence ready on day one.',
        ],
        firstSteps: [
          'Set a goal and a metric for the next tier-one launch and hold a review two weeks after it.',
          'Run a launch webinar with a live demo and a customer guest.',
          'Prepare a sales enablement pack (talk track, demo script, FAQ) before the next launch.',
        ],
        metrics: [
          'Pipeline sourced from launches',
          'Webinar registrations and attendance',
          'Adoption against the launch goal',
        ],
        pitfall: 'Treating every release as tier one, until the audience tunes out.',
        effort: 'quarter',
      },
      {
        practices: [
          'A launch calendar (launch weeks, an annual event) builds anticipation and concentrates attention.',
          'Launch results feed product and messaging decisions, and the launch engine itself is measured and improved.',
          'Customers, partners and the community amplify launches, with early-access customers as launch voices.',
        ],
        firstSteps: [
          "Bundle next quarter's releases into a launch week with one story per day.",
          'Invite early-access customers to co-present or write about the launch.',
          'Keep a launch scorecard across launches and drop tactics that never move the goal.',
        ],
        metrics: [
          'Reach and engagement per launch week',
          'Share of launch reach coming from customers and partners',
          'Share of launches that hit their goal',
        ],
        pitfall: 'Holding finished work back for the big launch until it has lost its value.',
        effort: 'quarter',
      },
    ],
    sustain: {
      practices: [
        'Keep a steady rhythm: small launches monthly, big moments twice a year.',
        'Reuse launch assets in sales, docs and onboarding so each launch keeps working.',
        'Review the launch scorecard yearly and refresh the launch playbook.',
      ],
      metrics: ['Launch-sourced pipeline trend', 'Adoption of launched features after 30 days'],
    },
  },

  adoption_expansion: {
    whyItMatters:
      'Growth after the first sale comes from more users, more use cases and upgrades; designed adoption paths make that happen without a sales call for each step.',
    steps: [
      {
        practices: [
          'Self-serve sign-up or a free trial lets people try the product without talking to sales.',
          'There is an obvious path from one user to a team: invitations and shared workspaces.',
          'Upgrade prompts appear where users hit plan limits.',
        ],
        firstSteps: [
          'Offer a free trial or free plan with instant sign-up and no credit card.',
          'Add a team-invitation step to onboarding and measure invites per new account.',
          'Show an upgrade prompt at the plan limit users hit most often.',
        ],
        metrics: [
          'Trial-to-paid conversion',
          'Invites sent per new account',
          'Upgrade rate from limit prompts',
        ],
        pitfall: 'A free plan so generous that nobody needs to upgrade, or so thin that nobody activates.',
        effort: 'quarter',
      },
      {
        practices: [
          'Product-led growth loops (sharing, collaboration, templates) bring new users in through existing ones.',
          'Expansion is tracked as net revenue retention and driven by usage signals.',
          'Each plan has a clear upgrade reason (team features, admin, security) matched to how customers grow.',
        ],
        firstSteps: [
          'Make one artefact shareable outside the account (a link, an export or an embed) with a sign-up path.',
          'Compute net revenue retention and expansion by cohort every month.',
          'Flag accounts whose usage suggests an upgrade and prompt them in-app or through their account manager.',
        ],
        metrics: [
          'Net revenue retention',
          'New sign-ups arriving through shared artefacts',
          'Product-qualified accounts converted',
        ],
        pitfall: 'Pushing upgrades before users have succeeded: expansion follows value, not prompts.',
        effort: 'quarter',
      },
      {
        practices: [
          'Several growth loops reinforce one another: viral sharing, content such as templates and galleries, and sales-assisted expansion.',
          'Land-and-expand is a system: usage data, in-product prompts and account teams act together on expansion signals.',
          'Net revenue retention sits well above 100%, and most growth comes from existing customers.',
        ],
        firstSteps: [
          "Map your growth loops and measure each loop's cycle time and conversion.",
          'Build a product-qualified-lead score and route it to the account team with context.',
          'Launch a public template or community gallery that brings new users in through search.',
        ],
        metrics: [
          'Net revenue retention (aim above 110%)',
          'Share of new revenue from existing customers',
          'Conversion at each step of each growth loop',
        ],
        pitfall: 'Optimising sign-ups while activation stalls: loops need activated users to turn.',
        effort: 'investment',
      },
    ],
    sustain: {
      practices: [
        'Look for the next growth loop before the current one saturates.',
        'Review upgrade prompts for annoyance as well as conversion.',
        'Watch gross retention as closely as expansion.',
      ],
      metrics: ['Net and gross revenue retention', 'Share of revenue from expansion'],
    },
  },

  pricing_packaging: {
    whyItMatters:
      'Pricing is the exchange rate between value and revenue; public, well-structured tiers let buyers qualify themselves and make each upgrade obvious.',
    steps: [
      {
        practices: [
          'A public pricing page shows plans and prices, or at least a starting price.',
          'Plans differ on a value metric customers understand: seats, usage or capabilities.',
          'An enterprise or "contact us" tier covers the needs of large buyers.',
        ],
        firstSteps: [
          'Publish a pricing page with two or three plans and a starting price for each.',
          'Choose a value metric that grows with customer value and test it in ten customer conversations.',
          'Add a short FAQ to the pricing page covering billing, trials, cancellation and discounts.',
        ],
        metrics: [
          'Pricing-page visit-to-sign-up conversion',
          'Sales-call time spent on basic pricing questions',
          'Average revenue per account',
        ],
        pitfall: 'Hiding every price behind "contact sales": buyers assume the worst and leave.',
        effort: 'weeks',
      },
      {
        practices: [
          'Good-better-best tiers with a clear upgrade reason at each step and a feature comparison table.',
          'Pricing is researched (willingness-to-pay studies, win/loss on price) and reviewed at least yearly.',
          'Annual and monthly terms, usage add-ons and discount rules are clear and consistently applied.',
        ],
        firstSteps: [
          'Run a willingness-to-pay survey (Van Westendorp, for example) with current customers and prospects.',
          'Add a comparison table that makes the main upgrade reason of each tier obvious.',
          'Write discount rules (who may approve what) and track discount depth per deal.',
        ],
        metrics: [
          'Plan mix: share of customers on each tier',
          'Average discount depth',
          'Revenue per account after a price change',
        ],
        pitfall: 'Too many tiers and add-ons: choice paralysis lowers conversion.',
        effort: 'quarter',
      },
      {
        practices: [
          'Value-based pricing: the price metric tracks customer value, with hybrid models (platform fee plus usage) where they fit.',
          'Prices and packages are tested continuously on new customers, with a clear grandfathering policy for existing ones.',
          'Packaging supports expansion: add-ons, usage tiers and enterprise features priced for the value they unlock.',
        ],
        firstSteps: [
          'Test a price or packaging change on new sign-ups only, with a success metric and a grandfathering rule.',
          "Model a hybrid price (base fee plus usage) against last year's accounts before launching it.",
          'Set up a pricing committee of product, finance and sales that meets quarterly.',
        ],
        metrics: [
          'Net revenue retention by plan',
          'Price realisation (list vs actual price)',
          'Expansion revenue from add-ons',
        ],
        pitfall: 'Frequent price changes for existing customers: they punish loyalty and trigger churn.',
        effort: 'investment',
      },
    ],
    sustain: {
      practices: [
        'Review pricing yearly against the value delivered and the competition; grandfather with care.',
        'Watch price realisation and discount creep every quarter.',
        'Package each new capability deliberately instead of adding it to every plan.',
      ],
      metrics: ['Price realisation trend', 'Net revenue retention by plan over time'],
    },
  },

  customer_success: {
    whyItMatters:
      'Retention is won after the sale; reachable support, good self-service and proactive onboarding decide whether customers renew and expand.',
    steps: [
      {
        practices: [
          'Customers reach support through a clear channel (email, chat or portal) with stated hours.',
          'A help centre answers the most common questions.',
          'New customers follow an onboarding path: welcome emails, and a kickoff call for larger accounts.',
        ],
        firstSteps: [
          'Put a visible "contact support" link in the app and on the site, with response hours.',
          'Publish help articles for the 20 most frequent tickets.',
          'Create a welcome email sequence that guides new customers through their first three actions.',
        ],
        metrics: [
          'First response time',
          'Tickets deflected by the help centre',
          'Onboarding completed within 30 days',
        ],
        pitfall: 'Measuring support by tickets closed rather than problems solved.',
        effort: 'weeks',
      },
      {
        practices: [
          'Support tiers with service levels (response times per plan), and a customer success team for key accounts.',
          'Health scores combine usage, support and sentiment to flag accounts at risk.',
          'Customer education at scale: an academy, webinars, certifications and a community forum.',
        ],
        firstSteps: [
          'Publish support response-time targets per plan and report against them.',
          'Build a first health score (usage trend, tickets, NPS) and review red accounts weekly.',
          'Launch a short self-paced course on the core workflow.',
        ],
        metrics: [
          'Gross revenue retention',
          'Share of at-risk accounts saved',
          'Support service-level attainment by plan',
        ],
        pitfall: 'Turning customer success into renewal sales: customers notice and disengage.',
        effort: 'quarter',
      },
      {
        practices: [
          'Success is proactive: the product and the team step in before usage drops or failed setups turn into churn.',
          'Key customers get outcome reviews with measured value and a success plan.',
          'Community and peer support scale help: customers answer one another and champions are recognised.',
        ],
        firstSteps: [
          'Alert on usage drops and failed setups, and have a success manager act within 48 hours.',
          'Hold business reviews with top accounts that report measured outcomes against their goals.',
          'Start a champions programme that recognises customers who help others in the community.',
        ],
        metrics: [
          'Churn prevented by proactive interventions',
          'Accounts with a success plan and measured outcomes',
          'Community answers per staff answer',
        ],
        pitfall: 'Scaling success headcount in step with customers instead of scaling through product and community.',
        effort: 'investment',
      },
    ],
    sustain: {
      practices: [
        'Feed support themes into the roadmap every month.',
        'Review the most-read help articles every quarter.',
        'Recognise customer champions in public.',
      ],
      metrics: ['Gross and net revenue retention', 'Customer effort score in support'],
    },
  },
};

/** The step that leads from `level` to the next one, or null at the top level. */
export function playbookStep(id: DimensionId, level: number): PlaybookStep | null {
  if (!Number.isInteger(level) || level < MIN_LEVEL || level > MAX_LEVEL) {
    throw new RangeError(`level ${level} is outside ${MIN_LEVEL}..${MAX_LEVEL}`);
  }
  if (level === MAX_LEVEL) return null;
  return PLAYBOOK[id].steps[level - MIN_LEVEL]!;
}
