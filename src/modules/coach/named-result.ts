/**
 * "How do we compare to Rival?": the account's own score of the company a
 * question names, found by the company's name or its site's name (rival
 * from rival.example), as a whole word. The newest score of that site wins;
 * a score of the site the conversation is about never does.
 */
import { siteOf } from '../scoring/result-comparison.ts';

export interface NamedCandidate {
  id: string;
  url: string;
  companyName: string | null;
}

function escapePattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The names a company goes by in a question: its name, and its site's first label (at least three letters). */
function namesOf(candidate: NamedCandidate): string[] {
  const names = [candidate.companyName?.trim() ?? ''];
  const site = siteOf(candidate.url);
  if (site) names.push(site.split('.')[0]!);
  return names.filter((name) => name.length >= 3);
}

/** The first candidate (newest first) the question names, other than the result's own site; null when it names none. */
export function namedResult<T extends NamedCandidate>(question: string, candidates: readonly T[], ownUrl: string): T | null {
  const own = siteOf(ownUrl);
  for (const candidate of candidates) {
    if (siteOf(candidate.url) === own) continue;
    if (namesOf(candidate).some((name) => new RegExp(`(?<![\\p{L}\\p{N}])${escapePattern(name)}(?![\\p{L}\\p{N}])`, 'iu').test(question))) return candidate;
  }
  return null;
}
