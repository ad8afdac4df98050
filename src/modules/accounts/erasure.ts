import type { Transaction } from '../../db/client.ts';
import type { OutboxMessage } from '../../queue/outbox.ts';

/**
 * A module whose data outside our database must be cleaned up when an account
 * is erased. It is asked, inside the erasure transaction and before the rows
 * go, which side effects to enqueue; the outbox runs them after the commit.
 */
export interface ErasureParticipant {
  sideEffectsOnErasure(tx: Transaction, accountId: string): Promise<OutboxMessage[]>;
}
