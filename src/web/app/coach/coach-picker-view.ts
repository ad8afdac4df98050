/**
 * The coach's first step when no result is chosen (or the one named is not
 * the account's): the person's own conversations to resume, newest first;
 * then the account's results to start one about, one line per site (its
 * newest score, with the day and the time), the site's earlier scores
 * folded beneath it, so a rescored site is not listed as look-alike twins.
 * An account with no result is sent to the dashboard to score first.
 */
import type { ScoreSummary } from '../../../modules/scoring/scoring-service.ts';
import { depthFacts, QuickScoreBadge } from '../../components/quick-score-notice.ts';
import { companyLabel, MAX_TOTAL_SCORE } from '../../result-summary.ts';
import { html } from '../../view.ts';
import { APP_PATHS } from '../app-layout.ts';
import { momentText, ScoreMoment } from '../dashboard/score-dates.ts';
import { coachPath, conversationPath } from './coach-paths.ts';

/** A stored conversation as the picker lists it. */
export interface ConversationChoice {
  id: string;
  title: string;
  messageCount: number;
  updatedAt: string;
  /** The company of the result it is about; null when that result is no longer the account's to show. */
  company: string | null;
}

export interface CoachPickerProps {
  accountName: string;
  conversations: readonly ConversationChoice[];
  results: readonly ScoreSummary[];
  /** How many results the list shows at most: more means only the newest are listed. */
  limit: number;
  /** The ?result the address named, when it is not one of the account's. */
  unknownResult: boolean;
}

/** A site, as results are grouped: the host without www., lower case; the address itself when it does not parse. */
function siteKey(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** The results grouped by site, each group newest first, groups in the order of their newest score. */
export function bySite(results: readonly ScoreSummary[]): ScoreSummary[][] {
  const groups = new Map<string, ScoreSummary[]>();
  for (const result of results) {
    const key = siteKey(result.url);
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  return [...groups.values()];
}

function nameOf(result: ScoreSummary): string {
  return companyLabel({ url: result.url, companyName: result.companyName ?? undefined });
}

function SiteChoice({ scores }: { scores: ScoreSummary[] }) {
  const [latest, ...earlier] = scores;
  return html`<li class="coach-choice">
    <a href=${coachPath(latest!.id)}>${nameOf(latest!)}</a>
    <span class="coach-choice-score">${latest!.totalScore} of ${MAX_TOTAL_SCORE} · ${latest!.stageName} <${QuickScoreBadge} facts=${depthFacts(latest!)} /></span>
    <span class="muted coach-choice-meta">${latest!.url} · scored <${ScoreMoment} iso=${latest!.createdAt} /></span>
    ${
      earlier.length > 0
        ? html`<details class="coach-earlier">
          <summary>${earlier.length} earlier ${earlier.length === 1 ? 'score' : 'scores'} of this site</summary>
          <ul>
            ${earlier.map(
              (score) => html`<li>
                <a href=${coachPath(score.id)}>Score of ${momentText(score.createdAt)}</a>
                <span class="muted"> · ${score.totalScore} of ${MAX_TOTAL_SCORE}, ${score.stageName}</span> <${QuickScoreBadge} facts=${depthFacts(score)} />
              </li>`,
            )}
          </ul>
        </details>`
        : null
    }
  </li>`;
}

function Conversations({ conversations }: { conversations: readonly ConversationChoice[] }) {
  if (conversations.length === 0) return null;
  return html`<section aria-labelledby="coach-resume-heading">
    <h2 id="coach-resume-heading">Your conversations</h2>
    <p class="muted">Kept in your account: pick one up where you left it, here or on another device.</p>
    <ul class="coach-conversations">
      ${conversations.map(
        (conversation) => html`<li>
          <a href=${conversationPath(conversation.id)}>${conversation.title}</a>
          <span class="muted">${conversation.company ? `${conversation.company} · ` : ''}${conversation.messageCount} ${conversation.messageCount === 1 ? 'message' : 'messages'} · last <${ScoreMoment} iso=${conversation.updatedAt} /></span>
        </li>`,
      )}
    </ul>
  </section>`;
}

export function CoachPicker({ accountName, conversations, results, limit, unknownResult }: CoachPickerProps) {
  return html`
    <h1>Coach</h1>
    <p class="lead">The coach answers questions about one of your scores: where you stand, what to fix first, and how to reach the next tier.</p>
    ${
      unknownResult
        ? html`<div class="notice notice-error" role="status">
          <p>That result or conversation is not one of yours in ${accountName}, or it no longer exists. The coach works on your account's own results: choose one below.</p>
        </div>`
        : null
    }
    <${Conversations} conversations=${conversations} />
    ${
      results.length === 0
        ? html`<section class="card" aria-labelledby="coach-empty-heading">
          <h2 id="coach-empty-heading">Score a site first</h2>
          <p>${accountName} has no scores yet. Score your product's site on the dashboard, then come back to talk it through.</p>
          <p><a class="button" href=${APP_PATHS.dashboard}>Go to the dashboard to score</a></p>
        </section>`
        : html`<section aria-labelledby="coach-pick-heading">
          <h2 id="coach-pick-heading">${conversations.length > 0 ? 'Or start a new one about a result' : 'Choose a result to discuss'}</h2>
          <ul class="coach-choices">
            ${bySite(results).map((scores) => html`<${SiteChoice} scores=${scores} />`)}
          </ul>
          ${results.length >= limit ? html`<p class="hint">The ${limit} newest results are listed; every result can be opened from the dashboard.</p>` : null}
        </section>`
    }
  `;
}
