import { Readable } from 'node:stream';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FetchFailure } from './crawl-errors.ts';
import { readLimitedBody } from './response-body.ts';

const TEXT = Buffer.from('<p>hello world</p>'.repeat(100));

/** A body stream delivered in small chunks, as a socket would. */
function streamOf(bytes: Buffer, chunkSize = 64): Readable {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  return Readable.from(chunks);
}

describe('readLimitedBody', () => {
  it.each([
    ['identity', undefined, TEXT],
    ['gzip', 'gzip', gzipSync(TEXT)],
    ['deflate', 'deflate', deflateSync(TEXT)],
    ['br', 'br', brotliCompressSync(TEXT)],
    ['gzip then br', 'gzip, br', brotliCompressSync(gzipSync(TEXT))],
  ])('decodes %s', async (_name, encoding, encoded) => {
    const body = await readLimitedBody(streamOf(encoded), encoding, 1_000_000);
    expect(body.truncated).toBe(false);
    expect(body.bytes.equals(TEXT)).toBe(true);
  });

  it('cuts the body at the limit, counted after decompression', async () => {
    const body = await readLimitedBody(streamOf(gzipSync(TEXT)), 'gzip', 100);
    expect(body.truncated).toBe(true);
    expect(body.bytes.equals(TEXT.subarray(0, 100))).toBe(true);
  });

  it('is not truncated when the body is exactly the limit', async () => {
    const body = await readLimitedBody(streamOf(TEXT), undefined, TEXT.length);
    expect(body).toMatchObject({ truncated: false });
    expect(body.bytes.length).toBe(TEXT.length);
  });

  it('stops inflating a decompression bomb at the limit and stops reading its source', async () => {
    // 4096 gzip members of 1 MiB of zeros each: 4 GiB inflated from about 4 MB.
    const member = gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
    const members = 4096;
    let served = 0;
    const source = Readable.from(
      (function* () {
        for (; served < members; served++) yield member;
      })(),
    );
    const body = await readLimitedBody(source, 'gzip', 256 * 1024);
    expect(body.bytes.length).toBe(256 * 1024);
    expect(body.truncated).toBe(true);
    expect(served).toBeLessThan(members / 10);
    expect(source.destroyed).toBe(true);
  });

  it('refuses content codings it cannot undo', async () => {
    await expect(readLimitedBody(streamOf(TEXT), 'zstd', 1000)).rejects.toThrow(FetchFailure);
    await expect(readLimitedBody(streamOf(TEXT), 'gzip, gzip, gzip', 1000)).rejects.toThrow(/too many content encodings/);
  });

  it('fails on a corrupt compressed body', async () => {
    await expect(readLimitedBody(streamOf(Buffer.from('definitely not gzip')), 'gzip', 1000)).rejects.toMatchObject({ code: 'Z_DATA_ERROR' });
  });
});
