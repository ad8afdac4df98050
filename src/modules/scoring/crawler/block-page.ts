/**
 * Recognises bot challenges and access-denied pages served with a 2xx status,
 * so they never become evidence. (403, 429 and 503 responses are refused by
 * status before their body is read.)
 *
 * Markers that only a challenge page carries are trusted anywhere in the
 * HTML. Words that an ordinary page may also contain ("verify you are human"
 * next to a contact form's captcha, "access denied" in a help article) count
 * only on a short page, where they are the page's whole message.
 */
import type { PageArtifact } from '../artifacts.ts';

export const BOT_CHALLENGE_REASON = 'The site showed a bot challenge page';
export const ACCESS_DENIED_REASON = 'The site showed an "Access denied" page';

/** Challenge pages are a few sentences; real pages that mention captchas say much more. */
const SHORT_PAGE_CHARACTERS = 1500;
/** A captcha widget with almost no text around it is a wall, not a contact form. */
const CAPTCHA_WALL_CHARACTERS = 400;

/** Titles of interstitials (Cloudflare, Imperva/Distil, Sucuri, DDoS-Guard). */
const CHALLENGE_TITLES = [
  /^just a moment\.{0,3}$/i,
  /^attention required!? \| cloudflare$/i,
  /^pardon our interruption/i,
  /^sucuri website firewall/i,
  /^ddos-guard$/i,
  /^checking your browser/i,
];

/**
 * Script and form fingerprints that only challenge pages carry. (Cloudflare's
 * '/cdn-cgi/challenge-platform/scripts/' and Imperva's '_Incapsula_Resource'
 * are also injected into ordinary pages, so they are not listed.)
 */
const CHALLENGE_MARKUP = [
  '/cdn-cgi/challenge-platform/h/',
  'window._cf_chl_opt',
  'cf-browser-verification',
  'captcha-delivery.com', // DataDome's captcha frame
  'px-captcha', // HUMAN (PerimeterX)
  'sec-if-cpt-container', // Akamai
];

/** Captcha widgets; with almost no text around them they are the page. */
const CAPTCHA_MARKUP = ['g-recaptcha', 'h-captcha', 'cf-turnstile', 'hcaptcha.com/1/api.js', 'google.com/recaptcha/api.js'];

const CHALLENGE_WORDS = [
  /verify (that )?you are (a )?human/i,
  /are you a robot/i,
  /checking (if the site connection is secure|your browser)/i,
  /enable javascript and cookies to continue/i,
  /complete the security check/i,
  /press (&|and) hold/i,
];

const ACCESS_DENIED_WORDS = [/^access denied/i, /^403 forbidden/i, /^forbidden$/i, /^request blocked/i, /you have been blocked/i, /^error 1020/i];

/** The reason a fetched page must not be used, or null when it is an ordinary page. */
export function detectBlockPage(artifact: PageArtifact, html: string, headers: Record<string, string>): string | null {
  if (headers['cf-mitigated'] === 'challenge') return BOT_CHALLENGE_REASON;
  if (CHALLENGE_TITLES.some((title) => title.test(artifact.title))) return BOT_CHALLENGE_REASON;
  if (CHALLENGE_MARKUP.some((marker) => html.includes(marker))) return BOT_CHALLENGE_REASON;
  if (artifact.mainText.length > SHORT_PAGE_CHARACTERS) return null;

  const isCaptchaWall = artifact.mainText.length <= CAPTCHA_WALL_CHARACTERS && CAPTCHA_MARKUP.some((marker) => html.includes(marker));
  if (isCaptchaWall) return BOT_CHALLENGE_REASON;
  if (CHALLENGE_WORDS.some((words) => words.test(artifact.mainText) || words.test(artifact.title))) return BOT_CHALLENGE_REASON;
  const headlines = [artifact.title, ...artifact.headings.map((heading) => heading.text)];
  if (headlines.some((headline) => ACCESS_DENIED_WORDS.some((words) => words.test(headline)))) return ACCESS_DENIED_REASON;
  return null;
}
