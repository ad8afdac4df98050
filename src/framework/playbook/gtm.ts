import type { DimensionId } from '../dimensions.ts';
import type { DimensionPlaybook } from './dimension-playbook.ts';

/** The playbook entries for the Go-to-market function's dimensions, in the framework's order. */
export const GTM_PLAYBOOK = {
  positioning_messaging: {
    whyItMatters: 'If visitors cannot tell in seconds who the product is for and why it matters, nothing downstream (trials, demos, pricing) gets its chance.',
    steps: [
      {
        practices: [
          'The first screen of the homepage says who the product is for, what it does and the main outcome.',
          "Messaging uses customers' words for the problem, not internal jargon.",
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
        metrics: ['Conversion by segment landing page', 'Winning value proposition and its margin in message tests', 'Share of claims backed by proof'],
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
        metrics: ['Share of reviews or referrals that echo your key message', 'Branded search volume', 'Consistency of the core message across channels'],
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
    whyItMatters: 'A feature nobody hears about does not exist for customers; coordinated launches turn shipped work into adoption and pipeline.',
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
        metrics: ['Launches with every checklist item done', 'Adoption of launched features within 30 days', 'Announcement open and click rates'],
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
        metrics: ['Pipeline sourced from launches', 'Webinar registrations and attendance', 'Adoption against the launch goal'],
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
        metrics: ['Reach and engagement per launch week', 'Share of launch reach coming from customers and partners', 'Share of launches that hit their goal'],
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
        metrics: ['Trial-to-paid conversion', 'Invites sent per new account', 'Upgrade rate from limit prompts'],
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
        metrics: ['Net revenue retention', 'New sign-ups arriving through shared artefacts', 'Product-qualified accounts converted'],
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
        metrics: ['Net revenue retention (aim above 110%)', 'Share of new revenue from existing customers', 'Conversion at each step of each growth loop'],
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
        metrics: ['Pricing-page visit-to-sign-up conversion', 'Sales-call time spent on basic pricing questions', 'Average revenue per account'],
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
        metrics: ['Plan mix: share of customers on each tier', 'Average discount depth', 'Revenue per account after a price change'],
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
        metrics: ['Net revenue retention by plan', 'Price realisation (list vs actual price)', 'Expansion revenue from add-ons'],
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
    whyItMatters: 'Retention is won after the sale; reachable support, good self-service and proactive onboarding decide whether customers renew and expand.',
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
        metrics: ['First response time', 'Tickets deflected by the help centre', 'Onboarding completed within 30 days'],
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
        metrics: ['Gross revenue retention', 'Share of at-risk accounts saved', 'Support service-level attainment by plan'],
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
        metrics: ['Churn prevented by proactive interventions', 'Accounts with a success plan and measured outcomes', 'Community answers per staff answer'],
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
} satisfies Partial<Record<DimensionId, DimensionPlaybook>>;
