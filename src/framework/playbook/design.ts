import type { DimensionId } from '../dimensions.ts';
import type { DimensionPlaybook } from './dimension-playbook.ts';

/** The playbook entries for the Design function's dimensions, in the framework's order. */
export const DESIGN_PLAYBOOK = {
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
        metrics: ['Days from idea to first user test', 'Beta programme size and active participation', 'Share of features released to a beta group first'],
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
        metrics: ['Time to first value for new sign-ups', 'Onboarding checklist completion rate', 'Critical and serious accessibility issues on core pages'],
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
        metrics: ['Share of new users who start from a template', 'WCAG conformance of core flows', 'Task success rate in usability tests'],
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
        metrics: ['Activation rate by role or segment', 'Customer effort score on key flows', 'Templates or examples contributed by users'],
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
        metrics: ['Share of screens built from library components', 'Design-related bugs or rework per release', 'Number of one-off component variants'],
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
          "Publish component documentation (Storybook or similar) with do and don't examples.",
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
} satisfies Partial<Record<DimensionId, DimensionPlaybook>>;
