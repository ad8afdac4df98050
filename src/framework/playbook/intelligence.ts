import type { DimensionId } from '../dimensions.ts';
import type { DimensionPlaybook } from './dimension-playbook.ts';

/** The playbook entries for the Intelligence function's dimensions, in the framework's order. */
export const INTELLIGENCE_PLAYBOOK = {
  customer_signal_synthesis: {
    whyItMatters: "Customers' own words and measured outcomes are the strongest proof that a product works, and synthesising them shows where to take it next.",
    steps: [
      {
        practices: [
          'Customer feedback from sales, support and success lands in one place and is tagged consistently.',
          'The site shows customer logos and attributed quotes with names and roles.',
          "A few case studies describe a customer's problem, the solution and the result.",
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
        metrics: ['Voice-of-customer themes acted on within a quarter', 'Case-study coverage of segments and use cases', 'Review volume and average rating'],
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
        metrics: ['Activation rate of new sign-ups', 'Weekly active accounts', 'Four-week retention of new cohorts'],
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
          "A north-star metric and its input metrics tie every team's goals to customer value, reviewed weekly.",
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
        metrics: ['Engagement with in-product insights and benchmarks', 'Opt-out rate from data use', 'Time to build a new data feature'],
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
    whyItMatters: 'Users keep giving feedback only when they see it acted on; a visible loop from request to release turns customers into collaborators.',
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
        metrics: ['Feedback items per 100 active users', 'Share of feedback with a decision within two weeks', 'Requesters notified when their request ships'],
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
} satisfies Partial<Record<DimensionId, DimensionPlaybook>>;
