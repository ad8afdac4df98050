import { describe, expect, it } from 'vitest';
import { parseStartScript, readStartScript } from './service-node-flags.ts';

describe('parseStartScript', () => {
  it('takes the NAME=value words before the command as its environment, and the words beginning with "--" as Node flags', () => {
    expect(parseStartScript('MALLOC_ARENA_MAX=2 TZ=UTC node --max-old-space-size=1000 --liftoff-only src/main.ts')).toEqual({
      environment: { MALLOC_ARENA_MAX: '2', TZ: 'UTC' },
      nodeFlags: ['--max-old-space-size=1000', '--liftoff-only'],
    });
  });

  it('reads no environment from a script that starts with its command, nor from an argument that looks like an assignment', () => {
    expect(parseStartScript('node --liftoff-only src/main.ts LEVEL=debug')).toEqual({ environment: {}, nodeFlags: ['--liftoff-only'] });
  });

  it("reads this checkout's package.json", () => {
    expect(readStartScript().nodeFlags).toContain('--max-old-space-size=1000');
  });
});
