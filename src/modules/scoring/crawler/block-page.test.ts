import { describe, expect, it } from 'vitest';
import { ACCESS_DENIED_PAGE, CAPTCHA_WALL, CLOUDFLARE_INTERSTITIAL } from '../../../../test/fixtures/hostile/challenge-page.ts';
import { extractPage } from '../extract/extract-page.ts';
import { ACCESS_DENIED_REASON, BOT_CHALLENGE_REASON, detectBlockPage } from './block-page.ts';

function verdict(html: string, headers: Record<string, string> = {}): string | null {
  const artifact = extractPage({ requestedUrl: 'https://a.com/', finalUrl: 'https://a.com/', status: 200, contentType: 'text/html', body: html, headers });
  return detectBlockPage(artifact, html, headers);
}

const LONG_TEXT = '<p>We help product teams ship with confidence, from planning to analytics and feedback.</p>'.repeat(30);

describe('detectBlockPage', () => {
  it('recognises a Cloudflare "Just a moment..." interstitial', () => {
    expect(verdict(CLOUDFLARE_INTERSTITIAL)).toBe(BOT_CHALLENGE_REASON);
  });

  it('recognises a challenge from the cf-mitigated header alone', () => {
    expect(verdict('<html><body>hi</body></html>', { 'cf-mitigated': 'challenge' })).toBe(BOT_CHALLENGE_REASON);
  });

  it('recognises Cloudflare\'s "Attention Required!" block page by its title', () => {
    expect(verdict('<html><head><title>Attention Required! | Cloudflare</title></head><body><h1>Sorry, you have been blocked</h1></body></html>')).toBe(
      BOT_CHALLENGE_REASON,
    );
  });

  it('recognises a captcha wall', () => {
    expect(verdict(CAPTCHA_WALL)).toBe(BOT_CHALLENGE_REASON);
  });

  it('recognises an "Access denied" page', () => {
    expect(verdict(ACCESS_DENIED_PAGE)).toBe(ACCESS_DENIED_REASON);
  });

  it('leaves an ordinary page alone, even with a captcha on its contact form', () => {
    const html = `<html><head><title>Acme</title><script src="https://www.google.com/recaptcha/api.js"></script></head>
      <body><main><h1>Acme</h1>${LONG_TEXT}<form><div class="g-recaptcha"></div></form></main></body></html>`;
    expect(verdict(html)).toBeNull();
  });

  it('leaves a long article about access control alone', () => {
    expect(verdict(`<html><head><title>Access denied errors explained</title></head><body><main>${LONG_TEXT}</main></body></html>`)).toBeNull();
  });

  it("leaves an ordinary page with Cloudflare's bot-detection script alone", () => {
    const html = `<html><head><title>Acme</title></head><body><main><p>Short page.</p></main>
      <script>a.src='/cdn-cgi/challenge-platform/scripts/jsd/main.js'</script></body></html>`;
    expect(verdict(html)).toBeNull();
  });
});
