import { describe, expect, it } from 'vitest';
import { unstorableText } from './request-content.ts';

describe('unstorableText', () => {
  it('walks a deeply nested body without recursion', () => {
    let body: unknown = 'deep\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) body = [body];
    const problems = unstorableText(body, 'body');
    expect(problems).toHaveLength(1);
    expect(problems[0]!.field).toBe(`body${'.0'.repeat(100_000)}`);
  });

  it('reports at most 20 problems', () => {
    expect(
      unstorableText(
        Array.from({ length: 50 }, () => '\ud800'),
        'body',
      ),
    ).toHaveLength(20);
  });

  it('reads null-prototype objects (query strings, path parameters) and leaves raw bodies alone', () => {
    const params = Object.create(Object.create(null)) as Record<string, unknown>;
    params.userId = 'a\u0000b';
    expect(unstorableText(params, 'params')).toEqual([{ field: 'params.userId', message: 'contains a NUL character' }]);
    expect(unstorableText(Buffer.from('a\u0000b'), 'body')).toEqual([]);
  });
});
