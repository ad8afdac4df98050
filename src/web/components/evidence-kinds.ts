/**
 * A result's three kinds of evidence (issue 27), for the result page of an
 * account's own product: per dimension where the tools or the team said
 * something, what the site shows, what the tools measure (each with the
 * published band it was levelled on) and what the team reports, each marked.
 * Shown inside the account; on the public page only once an admin published it.
 */
import type { CombinedDimension, CombinedEvidence } from '../../modules/scoring/evidence-kinds/combine-evidence.ts';
import { html } from '../view.ts';

/** Where a note was said, when not in the notes field. */
const NOTE_ORIGIN_WORDS: Record<string, string> = { score_context: 'said when scoring', interview: 'said in the welcome interview' };

function Dimension({ dimension }: { dimension: CombinedDimension }) {
  return html`<li class="evidence-dimension">
    <h3>${dimension.dimensionName}: level ${dimension.level} <span class="muted">(${dimension.levelFrom === 'tools' ? 'from what the tools measure' : 'from the site'})</span></h3>
    ${dimension.contradiction ? html`<p class="notice evidence-contradiction">${dimension.contradiction}</p>` : null}
    <dl class="evidence-kinds">
      <div><dt><span class="evidence-kind evidence-site">Site</span> What the site shows</dt><dd>Level ${dimension.site.level}: ${dimension.site.evidence}</dd></div>
      ${
        dimension.tools.length > 0
          ? html`<div><dt><span class="evidence-kind evidence-measured">Measured</span> What the tools measure</dt><dd><ul>
            ${dimension.tools.map(
              (entry) =>
                html`<li>${entry.link ? html`<a href=${entry.link} rel="nofollow noopener">${entry.summary}</a>` : entry.summary}${entry.level !== null ? html` <span class="muted">(level ${entry.level} on ${entry.bandSource === 'DORA 2023' ? "DORA's bands" : 'our published bands'})</span>` : null}</li>`,
            )}
          </ul></dd></div>`
          : null
      }
      ${
        dimension.team.length > 0
          ? html`<div><dt><span class="evidence-kind evidence-reported">Self-reported</span> What the team reports</dt><dd><ul>
            ${dimension.team.map((note) => html`<li>“${note.body}”${NOTE_ORIGIN_WORDS[note.origin] ? html` <span class="muted">(${NOTE_ORIGIN_WORDS[note.origin]})</span>` : null}</li>`)}
          </ul></dd></div>`
          : null
      }
    </dl>
  </li>`;
}

export function EvidenceKindsSection({ evidence, own, published }: { evidence: CombinedEvidence; own: boolean; published: boolean }) {
  const spoken = evidence.dimensions.filter((dimension) => dimension.tools.length > 0 || dimension.team.length > 0);
  if (spoken.length === 0) return null;
  return html`<section class="card evidence-section" aria-labelledby="evidence-kinds-title">
    <h2 id="evidence-kinds-title">Beside the site: your tools and your team</h2>
    <p class="muted">
      ${
        own
          ? published
            ? 'Published: anyone with the link sees this section. '
            : 'Only your account sees this section: measured signals and notes are private until an admin publishes them. '
          : 'Published by the company: measured in its own tools and reported by its team. '
      }
      A note is self-reported: it is shown, and never moves a level.
    </p>
    <ul class="evidence-dimensions">${spoken.map((dimension) => html`<${Dimension} dimension=${dimension} />`)}</ul>
  </section>`;
}
