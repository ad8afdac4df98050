import { describe, expect, it } from 'vitest';
import { redactUrl, serializeError } from './logging.ts';

describe('redactUrl', () => {
  it('masks the value of the checkout session parameter wherever it sits, and keeps everything else byte for byte', () => {
    expect(redactUrl('/payment/local-checkout?session=eyJ.abc')).toBe('/payment/local-checkout?session=[redacted]');
    expect(redactUrl('/x?a=1&session=eyJ.abc&b=%20+')).toBe('/x?a=1&session=[redacted]&b=%20+');
    expect(redactUrl('/x?%73ession=eyJ&session')).toBe('/x?%73ession=[redacted]&session');
    expect(redactUrl('/x?sessions=1&my_session=2')).toBe('/x?sessions=1&my_session=2');
    expect(redactUrl('/api/account')).toBe('/api/account');
    expect(redactUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
  });
});

describe('serializeError', () => {
  it('serializes an error that has nothing to do with the database as pino does', () => {
    const logged = serializeError(Object.assign(new Error('boom'), { status: 502 }));
    expect(logged).toMatchObject({ type: 'Error', message: 'boom', status: 502 });
    expect(logged.stack).toContain('boom');
  });
});
