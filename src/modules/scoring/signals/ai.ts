/**
 * AI features and the economics around them: token pricing, credits and
 * limits, model choice and spend controls. "AI" alone is too common to count;
 * it must name a feature ("AI assistant", "AI-powered").
 */
import { detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'ai.features',
    words: ['ai'],
    pattern:
      /\bAI[- ](?:powered|assisted|native|assistants?|agents?|copilots?|features?|search|summar(?:y|ies|ization|isation)|writing|insights|models?|answers)\b|\b(?:Ask|with) AI\b/,
    examples: ['AI-powered search across your docs.', 'Ask AI about any page.'],
    nonExamples: ['Aid for every team.'],
  },
  {
    signal: 'ai.features',
    words: ['generative', 'machine', 'large', 'llm'],
    pattern: /\bgenerative AI\b|\bmachine learning\b|\blarge language models?\b|\bLLMs?\b/i,
    examples: ['Built with large language models.', 'Machine learning finds the anomalies.'],
    nonExamples: ['A learning machine shop.'],
  },
  {
    signal: 'ai.token_pricing',
    words: ['token'],
    pattern:
      /\bper (?:1M|1K|100K|1,000,000|1,000|million|thousand) (?:input |output )?tokens\b|\b(?:input|output) tokens\b|\btoken[- ]based (?:pricing|billing)\b|\bper token\b/i,
    examples: ['$3 per million input tokens.', 'Token-based pricing.'],
    nonExamples: ['Tokens for the arcade.'],
  },
  {
    signal: 'ai.usage_credits',
    words: ['credit', 'quota', 'allowance', 'fair'],
    pattern: /\b(?:AI|usage|compute) (?:credits|quotas?|allowances?)\b|\bcredits per (?:month|seat|user)\b|\bfair[- ]use (?:policy|limits?)\b/i,
    examples: ['Includes 500 AI credits per month.', 'Our fair-use policy applies.'],
    nonExamples: ['Credits roll at the end.'],
  },
  {
    // A choice of AI model ("choose the model" alone may be a laptop's).
    signal: 'ai.model_choice',
    words: ['choose', 'choice', 'pick', 'switch', 'select', 'model', 'bring', 'byok'],
    pattern:
      /\b(?:choose|choice of|pick|switch between|select) (?:your |the |from |between )?(?:AI|LLM|language|foundation) models?\b|\bmodel (?:providers?|choice|selection)\b|\bbring your own (?:key|model|LLM)\b|\bBYOK\b/i,
    examples: ['Choose your AI model.', 'Bring your own key.'],
    nonExamples: ['Models on the runway.'],
  },
  {
    signal: 'ai.spend_controls',
    words: ['limit', 'cap', 'alert', 'control', 'dashboard'],
    pattern: /\b(?:spend(?:ing)?|usage|budget) (?:limits|caps|alerts|controls)\b|\bcost (?:controls|dashboards?|alerts)\b|\bhard (?:spending )?caps?\b/i,
    examples: ['Set spend limits per workspace.', 'Usage alerts by email.'],
    nonExamples: ['Spend time with family.'],
  },
]);

export const detectAiSignals: SignalDetector = (pages) => detectByTextRules(pages, TEXT_RULES);
