/**
 * What a mail carries so its recipient controls their mail: a footer with the
 * preference page's link (every mail, transactional too, so the recipient can
 * always find their settings) and, on mail they may opt out of, the RFC 8058
 * one-click headers. Pure: the token comes from EmailPreferences.
 */
import type { OutgoingMail } from '../../mail/mailer.ts';
import { isOptOutCategory, type OptOutCategory } from '../../vocabulary/mail-categories.ts';
import { escapeHtml } from '../../escape-html.ts';

export const PREFERENCES_PAGE_PATH = '/unsubscribe';
export const ONE_CLICK_PATH = '/api/unsubscribe/one-click';
/** RFC 8058 section 3.1: the exact header value and the form body it asks for. */
export const ONE_CLICK_POST_VALUE = 'List-Unsubscribe=One-Click';

/** What a person reads for each category, on the page and in footers. */
export const CATEGORY_LABELS: Record<OptOutCategory, string> = {
  product_updates: 'Product updates',
  ritual_emails: 'Ritual emails',
  score_decay_reminders: 'Score decay reminders',
  peer_benchmark_updates: 'Peer benchmark updates',
  weekly_digest: 'Weekly digest',
  anomaly_alerts: 'Anomaly alerts',
};

export function preferencesPageUrl(token: string, publicBaseUrl: string): string {
  const url = new URL(PREFERENCES_PAGE_PATH, publicBaseUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export function oneClickUrl(token: string, category: OptOutCategory, publicBaseUrl: string): string {
  const url = new URL(ONE_CLICK_PATH, publicBaseUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('category', category);
  return url.toString();
}

/**
 * RFC 8058 headers. The address is PUBLIC_BASE_URL's, which is https in
 * production (RFC 8058 requires it; mailbox providers ignore an http one); a
 * development instance on http://localhost gets its own address, which no
 * provider would act on anyway.
 */
export function unsubscribeHeaders(token: string, category: OptOutCategory, publicBaseUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUrl(token, category, publicBaseUrl)}>`,
    'List-Unsubscribe-Post': ONE_CLICK_POST_VALUE,
  };
}

/** The mail with the footer in both parts and, unless transactional, the one-click headers. */
export function withPreferenceFooter(mail: OutgoingMail, token: string, publicBaseUrl: string): OutgoingMail {
  const pageUrl = preferencesPageUrl(token, publicBaseUrl);
  const category = mail.category;
  const optOut = isOptOutCategory(category);
  const reason = optOut
    ? `You get this mail because you are subscribed to ${CATEGORY_LABELS[category].toLowerCase()}.`
    : 'This mail is about your account and is sent whatever your preferences.';
  const text = `${mail.text.replace(/\s+$/, '')}\n\n-- \n${reason}\nManage which emails you get: ${pageUrl}\n`;
  const footerHtml =
    `<hr><p style="font-size:12px;color:#667085">${escapeHtml(reason)} ` + `<a href="${escapeHtml(pageUrl)}">Manage which emails you get</a>.</p>`;
  const html = /<\/body>/i.test(mail.html) ? mail.html.replace(/<\/body>/i, `${footerHtml}</body>`) : `${mail.html}${footerHtml}`;
  const headers = optOut ? { ...mail.headers, ...unsubscribeHeaders(token, category, publicBaseUrl) } : { ...mail.headers };
  return { ...mail, text, html, headers };
}
