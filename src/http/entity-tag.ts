/** Conditional GETs: whether a request's If-None-Match names the representation it already holds. */

/** If-None-Match compares weakly (RFC 9110 §13.1.2): `*`, or any listed tag with or without `W/`. */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  for (const candidate of ifNoneMatch.split(',')) {
    if (candidate.trim() === '*' || bare(candidate) === bare(etag)) return true;
  }
  return false;
}
