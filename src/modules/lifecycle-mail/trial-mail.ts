/**
 * The trial's mails (issue 13, point 5), as pure functions: which position's
 * mail is due for an account at a given time, and what it says. The days and
 * blockers come from the onboarding module's coverage record, so the mails
 * and GET /api/onboarding/coverage never disagree.
 */
import type { CoverageRecord } from '../onboarding/trial.ts';
import type { MailCategory } from '../../vocabulary/mail-categories.ts';
import { escapeHtml } from '../../escape-html.ts';

/**
 * A position's mail goes out only while the position is this recent. A sweep
 * that finds an account late (every instance down for days, or the feature
 * deployed mid-trial) sends the latest position's mail if it was reached
 * within this window, and never a stale one: a "welcome" on Day 20 would
 * mislead more than it helps.
 */
export const TRIAL_MAIL_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;

export type TrialPosition = 0 | 7 | 14 | 25 | 30;

export interface TrialMailContent {
  day: TrialPosition;
  category: MailCategory;
  subject: string;
  text: string;
  html: string;
}

/** What every trial mail says is missing, one line per incomplete milestone. */
function missingLines(coverage: CoverageRecord): string[] {
  return Object.values(coverage.milestones)
    .filter((milestone) => milestone.completedAt === null)
    .map((milestone) => milestone.blocker);
}

/**
 * The position whose mail is due now, or null: the latest position reached,
 * if reached within TRIAL_MAIL_WINDOW_MS, and only when its mail has
 * something to say (see trialMailFor). Earlier positions are never sent late.
 */
export function duePosition(coverage: CoverageRecord, now: Date): TrialPosition | null {
  const reached = coverage.positions.filter((position) => position.reached);
  const latest = reached.at(-1);
  if (!latest) return null;
  if (now.getTime() - new Date(latest.at).getTime() >= TRIAL_MAIL_WINDOW_MS) return null;
  return latest.day as TrialPosition;
}

interface Section {
  heading: string;
  lines: string[];
  links: { label: string; url: string }[];
}

function render(day: TrialPosition, category: MailCategory, subject: string, section: Section): TrialMailContent {
  const text = [section.heading, '', ...section.lines.map((line) => `- ${line}`), '', ...section.links.map((link) => `${link.label}: ${link.url}`)].join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<p>${escapeHtml(section.heading)}</p>`,
    section.lines.length > 0 ? `<ul>${section.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : '',
    `<p>${section.links.map((link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`).join('<br>')}</p>`,
    '</body></html>',
  ].join('');
  return { day, category, subject, text, html };
}

/**
 * The mail for a position, or null when it would say nothing useful: the
 * Day 7 nudge only while a milestone is missing, the Day 14 notice only if
 * the account is read-only then. Welcome, the read-only notice and the end
 * of the trial are about the account itself (transactional, `account`); the
 * nudge and the last call are encouragement (`ritual_emails`), which a
 * recipient may opt out of.
 */
export function trialMailFor(day: TrialPosition, coverage: CoverageRecord, publicBaseUrl: string): TrialMailContent | null {
  const missing = missingLines(coverage);
  // The app's onboarding pages (web/app/onboarding/): a signed-out reader signs in and lands on them.
  const coverageLink = { label: 'Your onboarding checklist', url: `${publicBaseUrl}/app/onboarding` };
  const pricingLink = { label: 'Plans and upgrade', url: `${publicBaseUrl}/pricing` };
  const interviewLink = { label: 'Answer the welcome interview', url: `${publicBaseUrl}/app/onboarding/interview` };
  const registryLink = { label: 'Map your team (the org map)', url: `${publicBaseUrl}/app/onboarding/org-map` };
  const stepLinks = [
    ...(coverage.milestones.welcomeInterview.completedAt === null ? [interviewLink] : []),
    ...(coverage.milestones.orgMap.completedAt === null ? [registryLink] : []),
    coverageLink,
  ];
  switch (day) {
    case 0:
      return render(day, 'account', 'Welcome: your 30-day trial has started', {
        heading: `Welcome. Your trial runs for ${coverage.trialDaysRemaining} days. Two steps complete onboarding before Day 14, when an account with a step missing becomes read-only:`,
        lines: missing,
        links: stepLinks,
      });
    case 7:
      if (missing.length === 0) return null;
      return render(day, 'ritual_emails', 'Day 7 of your trial: onboarding is not complete yet', {
        heading: `One week in, ${coverage.trialDaysRemaining} days left. From Day 14 the account becomes read-only until these are done:`,
        lines: missing,
        links: stepLinks,
      });
    case 14:
      if (!coverage.readOnly) return null;
      return render(day, 'account', 'Your account is now read-only', {
        heading:
          'Day 14 of your trial has passed with onboarding incomplete, so the account is read-only: reads keep working; new scores, chats, products and keys are refused. Completing what is missing lifts it at once:',
        lines: missing,
        links: [...stepLinks, pricingLink],
      });
    case 25:
      return render(day, 'ritual_emails', `Your trial ends in ${coverage.trialDaysRemaining} days`, {
        heading: `${coverage.trialDaysRemaining} days of your trial are left.${missing.length > 0 ? ' Still missing:' : ' Onboarding is complete; choose a plan to keep every feature after the trial.'}`,
        lines: missing,
        links: [...(missing.length > 0 ? stepLinks : []), pricingLink],
      });
    case 30:
      return render(day, 'account', 'Your trial has ended', {
        heading: `Your 30-day trial has ended and the account continues on the Free plan.${missing.length > 0 ? ' It stays read-only until these are done:' : ''}`,
        lines: missing,
        links: [...(missing.length > 0 ? stepLinks : []), pricingLink],
      });
  }
}
