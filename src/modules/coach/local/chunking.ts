/**
 * Splits an answer into small pieces for streaming, at word boundaries, so a
 * client can render text as it arrives. Joining the pieces gives back the
 * answer exactly, whitespace included.
 */

/** Small enough to feel live, large enough not to drown the stream in events. */
export const DEFAULT_MAX_CHUNK_CHARS = 48;

/**
 * Each chunk holds whole words with their trailing whitespace and is at most
 * maxChunkChars UTF-16 units long. A single word longer than that is cut
 * between code points, so a chunk never splits a surrogate pair; a lone
 * astral character can therefore make a chunk of 2 units when the limit is 1.
 */
export function chunkForStreaming(answer: string, maxChunkChars: number = DEFAULT_MAX_CHUNK_CHARS): string[] {
  if (!Number.isInteger(maxChunkChars) || maxChunkChars < 1) {
    throw new RangeError(`maxChunkChars must be a positive integer, got ${maxChunkChars}`);
  }
  const chunks: string[] = [];
  let current = '';
  for (const token of answer.match(/\s+|\S+\s*/g) ?? []) {
    if (current.length + token.length <= maxChunkChars) {
      current += token;
      continue;
    }
    if (current.length > 0) chunks.push(current);
    current = '';
    if (token.length <= maxChunkChars) {
      current = token;
      continue;
    }
    for (const codePoint of token) {
      if (current.length > 0 && current.length + codePoint.length > maxChunkChars) {
        chunks.push(current);
        current = '';
      }
      current += codePoint;
    }
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
