import { describe, expect, it } from 'vitest';
import type { Transaction } from './db/client.ts';
import { DomainEvents } from './domain-events.ts';

// The bus only hands the publisher's transaction on; these tests never open one.
const tx = {} as Transaction;

describe('DomainEvents', () => {
  it('runs the subscribers of an event in the order they subscribed, with the publisher’s transaction', async () => {
    const events = new DomainEvents();
    const seen: string[] = [];
    events.subscribe('member.added', async (given, { member }) => seen.push(`first ${member.userId} ${given === tx}`));
    events.subscribe('member.added', async (_, { accountId }) => seen.push(`second ${accountId}`));
    events.subscribe('member.removed', async () => seen.push('not this one'));
    await events.publish(tx, 'member.added', { accountId: 'a1', member: { userId: 'u1', role: 'member' } });
    expect(seen).toEqual(['first u1 true', 'second a1']);
  });

  it('fails the publish when a subscriber fails, and runs none after it: the change rolls back with its reactions', async () => {
    const events = new DomainEvents();
    const seen: string[] = [];
    events.subscribe('account.created', async () => {
      throw new Error('billing record refused');
    });
    events.subscribe('account.created', async () => seen.push('welcome mail'));
    await expect(events.publish(tx, 'account.created', { accountId: 'a1' })).rejects.toThrow('billing record refused');
    expect(seen).toEqual([]);
  });

  it('publishes an event nobody subscribed to as nothing', async () => {
    await expect(new DomainEvents().publish(tx, 'score.linked', { accountId: 'a1', linked: null as never })).resolves.toBeUndefined();
  });
});
