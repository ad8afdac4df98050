/**
 * Work under a renewed lease, shared by the job runner and the outbox: the
 * lease is short (a process that dies mid-work gives its work up about a
 * lease later), so while the work runs its lease is renewed every
 * `everyMs`. When the work ends, renewing stops, and a renewal already
 * under way is waited for, so it cannot land after the outcome is written.
 * A failed renewal is reported and the work goes on: the next one may land.
 */
export async function underRenewedLease<T>(renew: () => Promise<unknown>, everyMs: number, onRenewalError: (error: unknown) => void, work: () => Promise<T>): Promise<T> {
  let renewing: Promise<unknown> = Promise.resolve();
  const heartbeat = setInterval(() => {
    renewing = renew().catch(onRenewalError);
  }, Math.max(1, everyMs));
  heartbeat.unref();
  try {
    return await work();
  } finally {
    clearInterval(heartbeat);
    await renewing;
  }
}
