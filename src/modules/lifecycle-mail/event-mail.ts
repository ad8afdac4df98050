/**
 * Mails that follow an event at once, as pure functions of what happened:
 * someone joined the account (to them, and to its owners and admins), the
 * subscribed plan changed, a score pack was bought. (The Day 0 welcome is
 * the trial's own mail, trial-mail.ts, sent when the account is created.)
 * Each says what happened, what it means for the account, and where to go.
 */
import { isHigherPlan, PLAN_LIMITS, PLAN_NAMES, SCORE_PACKS, type Plan, type ScorePack } from '../../vocabulary/plans.ts';
import { escapeHtml } from '../../escape-html.ts';
import type { MailContent } from './score-decay-mail.ts';

function render(subject: string, paragraphs: string[], links: { label: string; url: string }[]): MailContent {
  const text = [...paragraphs, '', ...links.map((link) => `${link.label}: ${link.url}`)].join('\n\n').replace(/\n{3,}/g, '\n\n');
  const html = [
    '<!doctype html><html><body>',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p>${links.map((link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`).join('<br>')}</p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html };
}

const count = (value: number | null, unit: string) => (value === null ? `unlimited ${unit}` : `${value.toLocaleString('en-US')} ${unit}`);

/** To the person who joined: which account, their role, and where to start. */
export function joinedMail(accountName: string, role: string, publicBaseUrl: string): MailContent {
  return render(
    `You joined ${accountName} on Maturity Scoring`,
    [
      `You are now a${role === 'admin' || role === 'owner' ? 'n' : ''} ${role} of ${accountName}.`,
      "The dashboard has the team's products and their scores; the coach answers questions about any of them, and keeps your conversations.",
    ],
    [
      { label: 'Open the dashboard', url: `${publicBaseUrl}/app` },
      { label: 'Ask the coach', url: `${publicBaseUrl}/app/coach` },
    ],
  );
}

/** To the owners and admins: who joined, with which role, and where the team is managed. */
export function memberJoinedMail(accountName: string, who: string, role: string, publicBaseUrl: string): MailContent {
  return render(
    `${who} joined ${accountName}`,
    [
      `${who} joined ${accountName} as ${role === 'admin' || role === 'owner' ? 'an' : 'a'} ${role}.`,
      'If you did not expect this, remove them from the team page; they are added again only if your identity provider still lets them in.',
    ],
    [{ label: 'Your team', url: `${publicBaseUrl}/app/settings/team` }],
  );
}

/** The plan changed: what it is now, what it includes, and where billing is managed. */
export function planChangedMail(accountName: string, from: Plan, to: Plan, publicBaseUrl: string): MailContent {
  const limits = PLAN_LIMITS[to];
  const upgrade = isHigherPlan(to, from);
  const subject =
    to === 'free'
      ? `${accountName} is back on the Free plan`
      : upgrade
        ? `${accountName} is on ${PLAN_NAMES[to]} now`
        : `${accountName} moved to ${PLAN_NAMES[to]}`;
  return render(
    subject,
    [
      `${accountName}'s plan changed from ${PLAN_NAMES[from]} to ${PLAN_NAMES[to]}.`,
      `Each month it includes ${count(limits.scores, 'scores')}, ${count(limits.chatMessages, 'coach messages')} and ${count(limits.monthlyCredits, 'credits')}, for ${limits.seats === null ? 'as many people as you agreed' : count(limits.seats, limits.seats === 1 ? 'seat' : 'seats')}.`,
      to === 'free' ? 'Scores you bought in packs stay yours and never expire.' : 'Invoices and the subscription are on the billing page.',
    ],
    [{ label: 'Billing', url: `${publicBaseUrl}/app/settings/billing` }],
  );
}

/** A score pack was paid for: how many scores it adds, and that they never expire. */
export function packBoughtMail(accountName: string, pack: ScorePack, publicBaseUrl: string): MailContent {
  return render(
    `${SCORE_PACKS[pack]} scores added to ${accountName}`,
    [
      `Payment received: the ${pack} score pack adds ${SCORE_PACKS[pack]} scores to ${accountName}.`,
      'Pack scores are used once the month’s scores run out, and never expire.',
    ],
    [{ label: 'Billing and invoices', url: `${publicBaseUrl}/app/settings/billing` }],
  );
}
