import type { DimensionId } from '../dimensions.ts';
import type { DimensionPlaybook } from './dimension-playbook.ts';

/** The playbook entries for the Operations function's dimensions, in the framework's order. */
export const OPERATIONS_PLAYBOOK = {
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
        metrics: ['Share of releases behind flags', 'Change failure rate of releases', 'Problems caught during staged rollout'],
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
        metrics: ['Share of launches validated by an experiment', 'Guardrail breaches caught before full rollout', 'Time from hypothesis to result'],
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
        metrics: ['Product areas with a named owner', 'Engineers per product manager and per designer', 'Time to fill product and design roles'],
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
        metrics: ['Hand-offs per feature and the waiting time between them', 'Internal mobility rate', 'Offer acceptance rate for product roles'],
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
        metrics: ['Retrospective actions completed', 'Postmortems written per incident', 'Process pages updated in the last quarter'],
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
        metrics: ['Handbook pages and how often they change', 'Time from incident to published postmortem', 'Process experiments run and kept'],
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
        metrics: ['Recurring root causes across postmortems', 'Cycle time and work-in-progress trends', 'External references to your handbook or practices'],
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
    whyItMatters: 'AI features have a real marginal cost per use; pricing and engineering them with unit economics in mind keeps growth from eroding margins.',
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
        metrics: ['AI cost per active account per month', 'Gross margin on AI-heavy plans', 'Share of requests served by the cheapest adequate model'],
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
        metrics: ['Cost per successful AI outcome', 'Cache hit rate on AI requests', 'Evaluation scores per model and prompt version'],
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
        metrics: ['Cost per outcome, trend', 'Share of customers with budgets or alerts set', 'Provider fallback success rate'],
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
        metrics: ['Certification status and audit exceptions', 'Deals delayed or lost in security review', 'Business accounts using SSO and audit logs'],
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
} satisfies Partial<Record<DimensionId, DimensionPlaybook>>;
