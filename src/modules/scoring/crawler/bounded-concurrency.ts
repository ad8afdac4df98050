/**
 * Fetch, then process, over `items`: at most `limit` fetches in flight, and
 * each fetched value's processing (synchronous CPU work, such as reading a
 * page) overlapped with the network wait of the next fetches. A worker starts
 * its next fetch first and processes the value it has just received on a
 * later turn of the event loop, after the new request has gone out; without
 * this, every page's reading would delay the request after it, and a crawl's
 * wall time would be its latency plus all of its CPU time.
 *
 * A worker holds at most one value waiting to be processed, so no more than
 * `limit` fetched values (response bodies) are ever held at once. Results
 * keep the items' order. A `process` that throws rejects the whole map.
 */
export async function mapPipelined<T, F, R>(
  items: readonly T[],
  limit: number,
  fetch: (item: T) => Promise<F>,
  process: (fetched: F, item: T) => R,
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
      processing = onLaterTurn(() => {
        results[index] = process(fetched, item);
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
function onLaterTurn(work: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    setImmediate(() => {
      try {
        work();
        resolve();
      } catch (error) {
        reject(error);
      }
    });
  });
}
