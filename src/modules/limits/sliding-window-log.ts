import type { HitRequest, WindowState } from './counting-store.ts';

/**
 * Decides one hit against a log of hit timestamps sorted oldest first, and
 * updates the log in place. The Redis script does the same steps; this is
 * the in-process twin and the reference the shared tests hold both to.
 *
 * The log keeps at most `limit` entries, the newest. That loses nothing: a
 * hit is refused exactly when `limit` hits are in the window, and whenever
 * that many are, the newest `limit` hits are all of them that matter. The
 * oldest kept entry is then the one whose departure frees the next slot. It
 * also bounds memory when refused requests count and a client floods.
 */
export function recordHit(log: number[], request: HitRequest): WindowState {
  const { nowMs, windowMs, limit, countRefused } = request;
  const firstInWindow = log.findIndex((at) => nowMs - at < windowMs);
  log.splice(0, firstInWindow === -1 ? log.length : firstInWindow);

  const allowed = log.length < limit;
  if (allowed || countRefused) {
    insertSorted(log, nowMs);
    if (log.length > limit) log.splice(0, log.length - limit);
  }
  return { allowed, count: log.length, oldestMs: log[0] ?? null };
}

/** A clock may step back (another instance's, or a test's); keep the log sorted anyway. */
function insertSorted(log: number[], at: number): void {
  let index = log.length;
  while (index > 0 && log[index - 1]! > at) index--;
  log.splice(index, 0, at);
}
