import { describe, expect, it } from 'vitest';
import { identityFromClaims, mapRole } from './claims.ts';

describe('identityFromClaims', () => {
  it('gives a personal account (no organisation) without org claims', () => {
    expect(identityFromClaims({ sub: 'user_1', email: 'a@b.test' }, {})).toEqual({ userId: 'user_1', email: 'a@b.test', organization: null });
  });

  it('reads the flat organisation claims', () => {
    expect(identityFromClaims({ sub: 'u', org_id: 'org_1', org_role: 'org:admin', org_slug: 'acme' }, {})).toEqual({
      userId: 'u',
      email: null,
      organization: { id: 'org_1', role: 'admin', slug: 'acme' },
    });
  });

  it('reads the compact organisation claim of current session tokens', () => {
    expect(identityFromClaims({ sub: 'u', v: 2, o: { id: 'org_2', rol: 'owner', slg: 'beta' } }, {})!.organization).toEqual({
      id: 'org_2',
      role: 'owner',
      slug: 'beta',
    });
  });

  it('refuses a token without a subject', () => {
    expect(identityFromClaims({ org_id: 'org_1' }, {})).toBeNull();
    expect(identityFromClaims({ sub: '' }, {})).toBeNull();
  });

  it('refuses a token whose kept claims hold text the database cannot store (NUL, unpaired surrogate)', () => {
    for (const bad of ['a\u0000b', '\ud800', 'x\udfff']) {
      expect(identityFromClaims({ sub: bad }, {}), JSON.stringify(bad)).toBeNull();
      expect(identityFromClaims({ sub: 'u', org_id: bad }, {}), JSON.stringify(bad)).toBeNull();
      expect(identityFromClaims({ sub: 'u', o: { id: 'org_1', slg: bad } }, {}), JSON.stringify(bad)).toBeNull();
      expect(identityFromClaims({ sub: 'u', email: bad }, {}), JSON.stringify(bad)).toBeNull();
    }
    expect(identityFromClaims({ sub: 'user_🦊' }, {})!.userId).toBe('user_🦊');
  });
});

describe('mapRole', () => {
  it('maps owner, admin and member with or without the org: prefix', () => {
    expect(['owner', 'org:owner', 'admin', 'org:admin', 'member', 'org:member', 'basic_member'].map((r) => mapRole(r, {}))).toEqual([
      'owner',
      'owner',
      'admin',
      'admin',
      'member',
      'member',
      'member',
    ]);
  });

  it('gives the least privilege to unknown or missing roles', () => {
    expect(mapRole('org:superuser', {})).toBe('member');
    expect(mapRole(undefined, {})).toBe('member');
  });

  it('ignores names that only an object prototype knows', () => {
    for (const role of ['constructor', 'toString', 'org:constructor', '__proto__', 'hasOwnProperty']) {
      expect(mapRole(role, {}), role).toBe('member');
      expect(mapRole(role, { admin: 'owner' }), role).toBe('member');
    }
    expect(identityFromClaims({ sub: 'u', org_id: 'org_1', org_role: 'constructor' }, {})!.organization!.role).toBe('member');
  });

  it('follows the configured mapping first, by full or unprefixed name', () => {
    expect(mapRole('org:admin', { 'org:admin': 'owner' })).toBe('owner');
    expect(mapRole('org:billing', { billing: 'admin' })).toBe('admin');
  });
});
