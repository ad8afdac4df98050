/**
 * Hiring, read only from careers pages (a "Product Manager" quoted in a
 * testimonial is a job title, not an opening). Role titles are matched
 * case-sensitively, as job boards write them.
 */
import { detectByPageKind, detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

/**
 * Where a role title says who the company employs or hires: its careers
 * pages, and its team and handbook pages (a team page lists its product
 * designer; a handbook its product managers). Elsewhere a title is a
 * customer's or a speaker's (and bylines never count: page-anatomy.ts).
 */
const ON_CAREERS = ['careers', 'about', 'handbook'] as const;

export const TEXT_RULES = textRules([
  {
    signal: 'careers.product_roles',
    words: ['product'],
    pattern:
      /\b(?:(?:Senior|Staff|Principal|Lead|Group|Associate) )?Product (?:Manager|Owner|Lead|Director)\b|\b(?:Head|VP|Vice President|Director) of Product\b|\bProduct Operations\b/,
    onlyOn: ON_CAREERS,
    examples: ['Senior Product Manager, Growth', 'Head of Product'],
    nonExamples: ['Our product manages itself.'],
  },
  {
    signal: 'careers.design_roles',
    words: ['design'],
    pattern: /\b(?:Product|UX|UI\/UX|Interaction|Content|Visual) Designer\b|\b(?:Head|Director|VP) of Design\b|\bDesign (?:Lead|Manager)\b/,
    onlyOn: ON_CAREERS,
    examples: ['Product Designer (Remote)', 'Design Lead, Mobile'],
    nonExamples: ['Designed in California.'],
  },
  {
    signal: 'careers.research_roles',
    words: ['research'],
    pattern: /\b(?:UX|User|Design|Product) Researcher\b|\bResearch Operations\b/,
    onlyOn: ON_CAREERS,
    examples: ['UX Researcher', 'Research Operations Lead'],
    nonExamples: ['Research scientist wanted.'],
  },
  {
    signal: 'careers.analytics_roles',
    words: ['analyst', 'analytics'],
    pattern: /\b(?:Product|Data|Growth|Business|Marketing) Analyst\b|\bAnalytics Engineer\b/,
    onlyOn: ON_CAREERS,
    examples: ['Data Analyst, Finance', 'Analytics Engineer'],
    nonExamples: ['We analyse data.'],
  },
  {
    signal: 'careers.data_roles',
    words: ['data'],
    pattern: /\bData (?:Scientist|Engineer|Platform Engineer)\b|\bHead of Data\b/,
    onlyOn: ON_CAREERS,
    examples: ['Data Engineer (Platform)', 'Head of Data'],
    nonExamples: ['Data engineering blog.'],
  },
  {
    signal: 'careers.ml_roles',
    words: ['machine', 'ml', 'ai', 'llm', 'applied', 'research'],
    pattern: /\b(?:Machine Learning|ML|AI|LLM) (?:Engineer|Researcher|Scientist)\b|\bApplied (?:AI |ML )?Scientist\b|\bResearch Scientist\b/,
    onlyOn: ON_CAREERS,
    examples: ['Machine Learning Engineer', 'Applied Scientist'],
    nonExamples: ['Machine learning is everywhere.'],
  },
  {
    signal: 'careers.design_engineering_roles',
    words: ['design', 'ui'],
    pattern: /\bDesign (?:Systems )?Engineer\b|\bUI Engineer\b|\bDesign Technologist\b/,
    onlyOn: ON_CAREERS,
    examples: ['Design Engineer', 'Design Systems Engineer'],
    nonExamples: ['Designed by engineers.'],
  },
  {
    signal: 'careers.team_structure',
    words: ['cross', 'autonomous', 'mission', 'stream', 'trio', 'squads'],
    pattern: /\bcross-functional (?:teams?|squads?|pods?)\b|\b(?:autonomous|mission|stream-aligned) (?:teams|squads|pods)\b|\bproduct trios?\b|\bsquads\b/i,
    onlyOn: ['careers', 'about', 'handbook', 'blog', 'engineering'],
    examples: ['We work in cross-functional teams.', 'Small autonomous squads own each area.'],
    nonExamples: ['A team of one.'],
  },
  {
    // How the teams are built: levels and ladders per discipline, team handbooks.
    signal: 'careers.team_structure',
    words: ['career', 'levels', 'ladder', 'proficiencies', 'team', 'titles'],
    pattern:
      /\bcareer (?:ladders?|levels?|paths?|framework|tracks?)\b|\b(?:levels|proficiencies) (?:expected|for each|by level)\b|\b(?:product|design|engineering|data|support|QA|ops) team handbook\b|\btitles for [A-Z]?\w+/i,
    examples: ['Our career ladder is public.', 'The engineering team handbook explains it.'],
    nonExamples: ['Climb the ladder.'],
  },
  {
    signal: 'careers.careers_page',
    words: ['hiring', 'join', 'open', 'careers'],
    pattern: /\bwe(?:'|’)re hiring\b|\bwe are hiring\b|\b(?:see|view|browse) (?:our )?open (?:roles|positions|jobs)\b|\bjoin (?:our|the) team\b/i,
    examples: ["We're hiring!", 'See our open roles.'],
    nonExamples: ['Hire a freelancer.'],
  },
]);

export const detectCareersSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'careers.careers_page', kind: 'careers' }]),
  ...detectByTextRules(pages, TEXT_RULES),
];
