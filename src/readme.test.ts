import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvironmentSchema } from './config.ts';

const root = path.resolve(import.meta.dirname, '..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

describe('README', () => {
  it('opens with the two set-up commands', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock).toContain('npm install && npm start');
    expect(firstBlock).toContain('npm test');
  });

  it('documents every environment variable the configuration reads, and no other', () => {
    const read = new Set(Object.keys(EnvironmentSchema.properties));
    const documented = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]!));
    expect(read.size).toBeGreaterThan(30);
    expect([...read].filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !read.has(name))).toEqual([]);
  });
});
