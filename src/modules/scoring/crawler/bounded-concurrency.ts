/**
 * Fetch, then process, over `items`: at most `limit` fetches in flight, and
 * each fetched value's processing (CPU work, such as reading a page, done
 * here or handed to a worker thread) overlapped with the network wait of the
 * next fetches. A worker starts its next fetch first and processes the value
 * it has just received on a later turn of the event loop, after the new
 * request has gone out; without this, every page's reading would delay the
 * request after it, and a crawl's wall time would be its latency plus all of
 * its CPU time.
 *
 * A worker holds at most one fetched value waiting while its previous one is
 * processed, so at most `limit` fetched values (response bodies) wait at
 * once, besides the at most `limit` being processed. Results keep the items'
 * order. A `process` that throws or rejects rejects the whole map.
 */
export async function mapPipelined<T, F, R>(
  items: readonly T[],
  limit: number,
  fetch: (item: T) => Promise<F>,
  process: (fetched: F, item: T) => R | Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    let processing: Promise<void> = Promise.resolve();
    while (next < items.length) {
      const index = next++;
      const item = items[index] as T;
      const fetched = await fetch(item);
      await processing;
      processing = onLaterTurn(() => process(fetched, item)).then((result) => {
        results[index] = result;
      });
      // Handled here for the runtime's sake; the worker still rethrows it when it next awaits.
      processing.catch(ignore);
    }
    await processing;
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function ignore(): void {}

/** Runs `work` after pending I/O callbacks (setImmediate), so requests just issued go out first. */
function onLaterTurn<R>(work: () => R | Promise<R>): Promise<R> {
  return new Promise((resolve, reject) => {
    setImmediate(() => {
      try {
        resolve(work());
      } catch (error) {
        reject(error);
      }
    });
  });
}
