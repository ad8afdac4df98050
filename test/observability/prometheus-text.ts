/** Reading the Prometheus text exposition format, as a scraper does, for the metrics tests. */

/** The value of the sample `name` whose labels are exactly `labels`; undefined when the scrape has no such sample. */
export function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).sort(([a], [b]) => a.localeCompare(b));
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1]!, pair[2]!] as const);
    found.sort(([a], [b]) => a.localeCompare(b));
    if (found.length === wanted.length && found.every(([key, value], index) => wanted[index]![0] === key && wanted[index]![1] === value))
      return Number(match[3]);
  }
  return undefined;
}
