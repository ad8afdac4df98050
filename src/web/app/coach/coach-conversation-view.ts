/**
 * The coach on one result: which result is being discussed, suggested first
 * questions from its gaps, the conversation (filled by coach.js as the
 * answer streams in) and the question form. Everything the script needs
 * (the result, the API's bounds, where refusals point) rides on the form's
 * data attributes: the page has no inline script.
 */
import { pagesRead } from '../../../modules/scoring/result-depth.ts';
import type { ScoringResult } from '../../../modules/scoring/result-schema.ts';
import { describeDelta, type ScoreChange } from '../../../modules/scoring/score-change.ts';
import { QuickScoreBadge } from '../../components/quick-score-notice.ts';
import { comparePath } from '../../pages/compare-view.ts';
import { resultPath } from '../../pages/result-page.ts';
import { companyLabel, MAX_TOTAL_SCORE, scoredOn } from '../../result-summary.ts';
import { html } from '../../view.ts';
import { APP_PATHS } from '../app-layout.ts';
import { ScoreMoment } from '../dashboard/score-dates.ts';
import { coachPath, conversationPath, newConversationPath } from './coach-paths.ts';

/** What coach.js is told: the API's bounds on a conversation and where a refusal's action leads. */
export interface CoachScriptSettings {
  /** Each dimension's name and id, and its place on the result page, for the links in the advice. */
  dimensionLinks: readonly { id: string; name: string; href: string }[];
  maxMessages: number;
  maxMessageChars: number;
  maxConversationChars: number;
  /** Upgrading or buying a pack: the billing page for those who may, else the plans. */
  billingHref: string;
  onboardingHref: string;
  signInHref: string;
}

/** The stored conversation the page continues, and the person's others about the same result. */
export interface KeptConversation {
  id: string;
  startedAt: string;
  messages: readonly { role: 'user' | 'assistant'; content: string }[];
}

export interface CoachConversationProps {
  result: ScoringResult;
  /** The conversation resumed; null for a new one (created with the first question). */
  kept?: KeptConversation | null;
  /** The person's other conversations about this result, newest first. */
  others?: readonly { id: string; title: string; updatedAt: string }[];
  /** A second result the conversation compares with (?compare=), when one was chosen. */
  comparedWith?: ScoringResult | null;
  change: ScoreChange;
  questions: readonly string[];
  /** Why asking would answer 403, if it would: the form then gives way to a note saying so. */
  paused: 'read_only' | 'no_permission' | null;
  script: CoachScriptSettings;
}

function ChangeLine({ change }: { change: ScoreChange }) {
  const quick = change.depth === 'quick';
  if (!change.previous || change.totalDelta === null) {
    return html`<p class="muted">${quick ? 'This is the first quick score of this site in the account: it is not compared with full scores.' : 'This is the first score of this site in the account.'}</p>`;
  }
  const stage = change.stageChanged ? `, from ${change.previous.stageName}` : '';
  return html`<p class="muted">Since the previous ${quick ? 'quick score' : 'score'} (${scoredOn(change.previous)}): ${describeDelta(change.totalDelta)}${stage}.</p>`;
}

function ComparedWith({ result, comparedWith }: { result: ScoringResult; comparedWith: ScoringResult }) {
  return html`<p class="coach-compared" data-compared-with>
    Compared with <strong>${companyLabel(comparedWith)}</strong>, ${comparedWith.totalScore} of ${MAX_TOTAL_SCORE} (${comparedWith.stageName}), scored on ${scoredOn(comparedWith)}.
    <a href=${comparePath(result.id, comparedWith.id)}>See them side by side</a> · <a href=${coachPath(result.id)}>Stop comparing</a>
  </p>`;
}

function Subject({ result, comparedWith, change }: { result: ScoringResult; comparedWith: ScoringResult | null; change: ScoreChange }) {
  return html`<section class="card coach-subject" aria-labelledby="coach-subject-heading">
    <div>
      <h2 id="coach-subject-heading">The result being discussed</h2>
      <p class="coach-subject-site"><strong>${companyLabel(result)}</strong> · ${result.url} · scored on ${scoredOn(result)}</p>
      <${ChangeLine} change=${change} />
      ${comparedWith ? html`<${ComparedWith} result=${result} comparedWith=${comparedWith} />` : null}
      <p class="coach-subject-links"><a href=${resultPath(result.id)}>Open the full result</a> <a href=${coachPath()}>Discuss another result</a></p>
    </div>
    <p class="total">
      <span class="total-number">${result.totalScore}</span> <span class="total-out-of">of ${MAX_TOTAL_SCORE}</span><br />
      <span class="tier">${result.stageName}</span>
      <${QuickScoreBadge} facts=${{ depth: result.depth, pagesRead: pagesRead(result) }} />
    </p>
  </section>`;
}

function QuestionForm({
  result,
  comparedWith,
  kept,
  script,
}: {
  result: ScoringResult;
  comparedWith: ScoringResult | null;
  kept: KeptConversation | null;
  script: CoachScriptSettings;
}) {
  return html`<form
    class="coach-form"
    method="get"
    action=${APP_PATHS.coach}
    data-coach-form
    data-result-id=${result.id}
    data-compare-id=${comparedWith?.id}
    data-conversation-id=${kept?.id}
    data-dimension-links=${JSON.stringify(script.dimensionLinks)}
    data-max-messages=${script.maxMessages}
    data-max-message-chars=${script.maxMessageChars}
    data-max-conversation-chars=${script.maxConversationChars}
    data-billing-href=${script.billingHref}
    data-onboarding-href=${script.onboardingHref}
    data-sign-in-href=${script.signInHref}
  >
    <input type="hidden" name="result" value=${result.id} />
    ${comparedWith ? html`<input type="hidden" name="compare" value=${comparedWith.id} />` : null}
    <label for="coach-question">Your question</label>
    <textarea id="coach-question" name="question" rows="3" maxlength=${script.maxMessageChars} required aria-describedby="coach-question-hint"></textarea>
    <p class="hint" id="coach-question-hint">Enter sends, Shift+Enter starts a new line. Each question uses one chat message and one credit.</p>
    <div class="coach-actions">
      <button class="button" type="submit" data-coach-send>Ask the coach</button>
      <button class="button button-quiet" type="button" data-coach-stop hidden>Stop the answer</button>
    </div>
  </form>`;
}

function PausedNote({ paused, result }: { paused: 'read_only' | 'no_permission'; result: ScoringResult }) {
  const why =
    paused === 'read_only'
      ? 'Asking the coach is paused while the account is read-only; the banner above says how to lift it.'
      : 'Your role in this account does not include the coach.';
  return html`<p class="notice">${why} The <a href=${resultPath(result.id)}>result</a> stays open to read.</p>`;
}

/** The turns said so far: a question as it was typed, an answer as Markdown text that coach.js draws (as text without it). */
function KeptTurns({ kept }: { kept: KeptConversation | null }) {
  return (kept?.messages ?? []).map((message) =>
    message.role === 'user'
      ? html`<div class="coach-turn coach-turn-user"><p class="coach-speaker">You</p><div class="coach-question">${message.content}</div></div>`
      : html`<div class="coach-turn coach-turn-assistant"><p class="coach-speaker">Coach</p><div class="coach-answer coach-kept" data-markdown>${message.content}</div></div>`,
  );
}

/** Where this conversation stands: kept in the account, when it began, how to start afresh, and the others about this result. */
function KeptNote({
  result,
  comparedWith,
  kept,
  others,
}: {
  result: ScoringResult;
  comparedWith: ScoringResult | null;
  kept: KeptConversation | null;
  others: CoachConversationProps['others'];
}) {
  return html`<div class="coach-kept-note">
    <p class="muted">
      ${
        kept
          ? html`Kept in your account since <${ScoreMoment} iso=${kept.startedAt} />: it is here when you come back, on any device.`
          : 'Your questions and the answers are kept in your account, so you can come back to this conversation later, on any device.'
      }
      ${kept ? html` <a href=${newConversationPath(result.id, comparedWith?.id)}>Start a new conversation</a>` : null}
    </p>
    ${
      others && others.length > 0
        ? html`<details class="coach-others">
          <summary>Your other conversations about this result (${others.length})</summary>
          <ul>${others.map((other) => html`<li><a href=${conversationPath(other.id)}>${other.title}</a> <span class="muted">· <${ScoreMoment} iso=${other.updatedAt} /></span></li>`)}</ul>
        </details>`
        : null
    }
  </div>`;
}

export function CoachConversation({ result, kept = null, others = [], comparedWith = null, change, questions, paused, script }: CoachConversationProps) {
  const hasTurns = (kept?.messages.length ?? 0) > 0;
  return html`
    <h1>Coach: ${companyLabel(result)}</h1>
    <${Subject} result=${result} comparedWith=${comparedWith} change=${change} />
    ${
      paused
        ? html`<${PausedNote} paused=${paused} result=${result} />
          ${
            hasTurns
              ? html`<section class="coach-conversation" aria-labelledby="coach-conversation-heading">
                <h2 id="coach-conversation-heading">Conversation so far</h2>
                <div class="coach-log" role="log" aria-labelledby="coach-conversation-heading"><${KeptTurns} kept=${kept} /></div>
              </section>`
              : null
          }`
        : html`<section aria-labelledby="coach-suggested-heading">
            <h2 id="coach-suggested-heading">Suggested questions</h2>
            <ul class="coach-suggestions">
              ${questions.map((question) => html`<li><button class="button button-quiet" type="button" data-coach-question>${question}</button></li>`)}
            </ul>
          </section>
          <section class="coach-conversation" aria-labelledby="coach-conversation-heading">
            <h2 id="coach-conversation-heading">Conversation</h2>
            <${KeptNote} result=${result} comparedWith=${comparedWith} kept=${kept} others=${others} />
            <p class="muted" data-coach-empty hidden=${hasTurns}>Ask a question, or choose one of the suggestions. The coach answers from this result.</p>
            <div class="coach-log" role="log" aria-live="polite" aria-labelledby="coach-conversation-heading" data-coach-log><${KeptTurns} kept=${kept} /></div>
            <div class="coach-problem" role="alert" data-coach-problem></div>
            <${QuestionForm} result=${result} comparedWith=${comparedWith} kept=${kept} script=${script} />
            <noscript><p class="notice">The coach streams its answers with JavaScript: turn it on to ask questions.</p></noscript>
          </section>`
    }
  `;
}
