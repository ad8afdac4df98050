/**
 * Reading a response body within a byte budget counted after decompression.
 * Decompression runs as a stream and stops at the budget, so a decompression
 * bomb is cut off after `maxBytes` of output instead of being inflated.
 */
import { Writable, type Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { FetchFailure } from './crawl-errors.ts';

/** The content codings we ask for (Accept-Encoding) and can undo. */
export const ACCEPTED_ENCODINGS = 'gzip, deflate, br';

/** More layers than this is not a real server. */
const MAX_ENCODING_LAYERS = 2;

const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  // RFC 9110: "deflate" is the zlib format; raw deflate streams are not accepted.
  deflate: createInflate,
  br: createBrotliDecompress,
};

export interface LimitedBody {
  bytes: Buffer;
  /** The body had more than `maxBytes` bytes; `bytes` holds the first `maxBytes`. */
  truncated: boolean;
}

/** Raised by the sink to stop the pipeline; never leaves this module. */
class BudgetReached extends Error {}

export async function readLimitedBody(body: Readable, contentEncoding: string | undefined, maxBytes: number): Promise<LimitedBody> {
  const decoders = decodersFor(contentEncoding);
  const chunks: Buffer[] = [];
  let total = 0;
  let truncated = false;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const room = maxBytes - total;
      if (chunk.length <= room) {
        chunks.push(chunk);
        total += chunk.length;
        callback();
        return;
      }
      chunks.push(chunk.subarray(0, room));
      total += room;
      truncated = true;
      // Failing the write tears the pipeline down: decoders and socket stream are destroyed, nothing more is inflated.
      callback(new BudgetReached());
    },
  });
  try {
    await pipeline([body, ...decoders, sink]);
  } catch (error) {
    if (!(error instanceof BudgetReached)) throw error;
  }
  return { bytes: Buffer.concat(chunks, total), truncated };
}

function decodersFor(contentEncoding: string | undefined): Transform[] {
  const codings = (contentEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length > MAX_ENCODING_LAYERS) {
    throw new FetchFailure(`The site used too many content encodings (${codings.join(', ')})`);
  }
  // Codings are listed in the order they were applied; undo them in reverse.
  return codings.reverse().map((coding) => {
    const create = DECODERS[coding];
    if (create === undefined) throw new FetchFailure(`The site used an unsupported content encoding (${coding})`);
    return create();
  });
}
