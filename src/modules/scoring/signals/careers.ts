/**
 * Hiring, read only from careers pages (a "Product Manager" quoted in a
 * testimonial is a job title, not an opening). Role titles are matched
 * case-sensitively, as job boards write them.
 */
import { detectByPageKind, detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';

const ON_CAREERS = ['careers'] as const;

const TEXT_RULES = new TextRuleSet([
  {
    signal: 'careers.product_roles', words: ['product'],
    pattern: /\b(?:(?:Senior|Staff|Principal|Lead|Group|Associate) )?Product (?:Manager|Owner|Lead|Director)\b|\b(?:Head|VP|Vice President|Director) of Product\b|\bProduct Operations\b/,
    onlyOn: ON_CAREERS,
  },
  {
    signal: 'careers.design_roles', words: ['design'],
    pattern: /\b(?:Product|UX|UI\/UX|Interaction|Content|Visual) Designer\b|\b(?:Head|Director|VP) of Design\b|\bDesign (?:Lead|Manager)\b/,
    onlyOn: ON_CAREERS,
  },
  { signal: 'careers.research_roles', words: ['research'], pattern: /\b(?:UX|User|Design|Product) Researcher\b|\bResearch Operations\b/, onlyOn: ON_CAREERS },
  { signal: 'careers.analytics_roles', words: ['analyst', 'analytics'], pattern: /\b(?:Product|Data|Growth|Business|Marketing) Analyst\b|\bAnalytics Engineer\b/, onlyOn: ON_CAREERS },
  { signal: 'careers.data_roles', words: ['data'], pattern: /\bData (?:Scientist|Engineer|Platform Engineer)\b|\bHead of Data\b/, onlyOn: ON_CAREERS },
  {
    signal: 'careers.ml_roles', words: ['machine', 'ml', 'ai', 'llm', 'applied', 'research'],
    pattern: /\b(?:Machine Learning|ML|AI|LLM) (?:Engineer|Researcher|Scientist)\b|\bApplied (?:AI |ML )?Scientist\b|\bResearch Scientist\b/,
    onlyOn: ON_CAREERS,
  },
  {
    signal: 'careers.design_engineering_roles', words: ['design', 'ui'],
    pattern: /\bDesign (?:Systems )?Engineer\b|\bUI Engineer\b|\bDesign Technologist\b/,
    onlyOn: ON_CAREERS,
  },
  {
    signal: 'careers.team_structure', words: ['cross', 'autonomous', 'mission', 'stream', 'trio', 'squads'],
    pattern: /\bcross-functional (?:teams?|squads?|pods?)\b|\b(?:autonomous|mission|stream-aligned) (?:teams|squads|pods)\b|\bproduct trios?\b|\bsquads\b/i,
    onlyOn: ['careers', 'about', 'handbook', 'blog', 'engineering'],
  },
]);

export const detectCareersSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'careers.careers_page', kind: 'careers' }]),
  ...detectByTextRules(pages, TEXT_RULES),
];
