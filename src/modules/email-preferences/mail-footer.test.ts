import { describe, expect, it } from 'vitest';
import { ONE_CLICK_POST_VALUE, unsubscribeHeaders, withPreferenceFooter } from './mail-footer.ts';

const BASE = 'https://maturity.example';

describe('unsubscribeHeaders (RFC 8058)', () => {
  it('names the https one-click address with the token and category, and asks for the one-click POST', () => {
    expect(unsubscribeHeaders('tok_en-1', 'weekly_digest', BASE)).toEqual({
      'List-Unsubscribe': '<https://maturity.example/api/unsubscribe/one-click?token=tok_en-1&category=weekly_digest>',
      'List-Unsubscribe-Post': ONE_CLICK_POST_VALUE,
    });
    expect(ONE_CLICK_POST_VALUE).toBe('List-Unsubscribe=One-Click');
  });
});

describe('withPreferenceFooter', () => {
  const mail = { to: 'a@example.com', subject: 'Hi', text: 'Hello.\n', html: '<html><body><p>Hello.</p></body></html>', headers: { 'X-Keep': '1' } };

  it('puts the preference link in both parts, the html one inside the body, and keeps other headers', () => {
    const out = withPreferenceFooter({ ...mail, category: 'product_updates' }, 'abc', BASE);
    expect(out.text).toBe(
      'Hello.\n\n-- \nYou get this mail because you are subscribed to product updates.\nManage which emails you get: https://maturity.example/unsubscribe?token=abc\n',
    );
    expect(out.html).toMatch(/<a href="https:\/\/maturity\.example\/unsubscribe\?token=abc">Manage which emails you get<\/a>\.<\/p><\/body><\/html>$/);
    expect(out.headers).toMatchObject({ 'X-Keep': '1', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('gives transactional mail the link but no List-Unsubscribe', () => {
    const out = withPreferenceFooter({ ...mail, html: '<p>Receipt</p>', category: 'billing' }, 'abc', BASE);
    expect(out.headers).toEqual({ 'X-Keep': '1' });
    expect(out.text).toContain('sent whatever your preferences');
    expect(out.html.startsWith('<p>Receipt</p><hr>')).toBe(true);
  });
});
