/**
 * Feedback on a score, as the result page offers it (issue 15, part 3): a
 * disclosure beside each dimension, and one for the score as a whole, each
 * a form of verdicts (radio buttons), an optional comment and Send, that
 * assets/feedback.js posts to POST /api/feedback. A member's earlier verdict
 * is shown ("You said: too high") and preselected: a later one replaces it.
 * A visitor gets one quiet invitation to sign in instead.
 */
import type { DimensionId } from '../../framework/dimensions.ts';
import type { FeedbackVerdict } from '../../modules/feedback/tables.ts';
import { FEEDBACK_COMMENT_MAX_LENGTH } from '../../modules/feedback/routes/feedback-schemas.ts';
import { html } from '../view.ts';

export interface SavedVerdict {
  verdict: FeedbackVerdict;
  comment: string | null;
}

/** The member's verdicts on one result, by dimension; null: the score as a whole. */
export type SavedVerdicts = ReadonlyMap<DimensionId | null, SavedVerdict>;

/** Each verdict as a choice, and as "You said: ..." repeats it. */
const VERDICT_CHOICES: readonly { verdict: FeedbackVerdict; label: string; said: string; dimensionOnly: boolean }[] = [
  { verdict: 'too_high', label: 'Too high', said: 'too high', dimensionOnly: false },
  { verdict: 'too_low', label: 'Too low', said: 'too low', dimensionOnly: false },
  // Evidence is quoted per dimension: the API takes this verdict on a dimension only.
  { verdict: 'wrong_evidence', label: 'Wrong evidence', said: 'wrong evidence', dimensionOnly: true },
  { verdict: 'helpful', label: 'Helpful', said: 'helpful', dimensionOnly: false },
];

function saidText(saved: SavedVerdict | undefined): string {
  const choice = saved && VERDICT_CHOICES.find((c) => c.verdict === saved.verdict);
  return choice ? `You said: ${choice.said}` : '';
}

interface VerdictFormProps {
  resultId: string;
  /** null: the score as a whole. */
  dimension: { id: DimensionId; name: string } | null;
  saved: SavedVerdict | undefined;
}

/** One verdict, closed until opened: its summary shows what the member said, if anything. */
export function VerdictDisclosure({ resultId, dimension, saved }: VerdictFormProps) {
  const idPrefix = `verdict-${dimension?.id ?? 'score'}`;
  const about = dimension ? dimension.name : 'the score as a whole';
  const choices = VERDICT_CHOICES.filter((choice) => dimension !== null || !choice.dimensionOnly);
  return html`<details class="verdict" data-verdict>
    <summary>
      <span class="verdict-prompt">${dimension ? 'Is this level right?' : 'Tell us about the score as a whole'}</span>
      ${dimension ? html`<span class="visually-hidden"> (${dimension.name})</span>` : null}
      <span class="verdict-said" data-verdict-said>${saidText(saved)}</span>
    </summary>
    <form class="verdict-form" data-verdict-form data-result-id=${resultId} data-dimension-id=${dimension?.id}>
      <fieldset>
        <legend>Your verdict on ${about}</legend>
        <div class="verdict-choices">
          ${choices.map(
            (choice) => html`<label class="verdict-choice" for=${`${idPrefix}-${choice.verdict}`}>
              <input type="radio" id=${`${idPrefix}-${choice.verdict}`} name="verdict" value=${choice.verdict} data-said=${choice.said} required
                checked=${saved?.verdict === choice.verdict} />
              ${choice.label}
            </label>`,
          )}
        </div>
      </fieldset>
      <label class="verdict-comment-label" for=${`${idPrefix}-comment`}>Comment <span class="optional">(optional)</span></label>
      <textarea id=${`${idPrefix}-comment`} name="comment" rows="2" maxlength=${FEEDBACK_COMMENT_MAX_LENGTH}>${saved?.comment ?? ''}</textarea>
      <div class="verdict-actions">
        <button class="button button-quiet" type="submit" disabled data-needs-script>Send<span class="visually-hidden"> your verdict on ${about}</span></button>
        <p class="verdict-status" role="status" data-verdict-status></p>
      </div>
      <div class="verdict-problem" role="alert" data-verdict-problem></div>
    </form>
  </details>`;
}

/** For a member: the verdict on the score as a whole, and where the ones per dimension are. */
export function ScoreVerdictSection({ resultId, saved }: { resultId: string; saved: SavedVerdicts }) {
  return html`<section class="verdict-section" aria-labelledby="verdict-heading">
    <h2 id="verdict-heading">Is this score right?</h2>
    <p class="muted">Tell us beside any dimension below, or about the score as a whole here. You can change what you said at any time; we read every verdict to improve the scoring.</p>
    <${VerdictDisclosure} resultId=${resultId} dimension=${null} saved=${saved.get(null)} />
    <noscript><p class="hint">Sending a verdict needs JavaScript.</p></noscript>
  </section>`;
}

/** For a visitor: once per page, not beside each of the 27 dimensions. */
export function SignInToGiveVerdict({ pagePath }: { pagePath: string }) {
  return html`<p class="verdict-invite"><a href=${`/sign-in?${new URLSearchParams({ next: pagePath })}`}>Sign in to tell us a score is wrong</a></p>`;
}
