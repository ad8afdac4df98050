/** The light Markdown the coach writes: a bold heading line, bullet lists, short quotes. */

export function heading(text: string): string {
  return `**${text}**`;
}

export function bullets(items: readonly string[]): string {
  return items.map((item) => `- ${item}`).join('\n');
}

/** Paragraphs and lists joined by blank lines; empty parts are dropped. */
export function joinBlocks(blocks: readonly (string | null | false | undefined)[]): string {
  return blocks.filter((block): block is string => typeof block === 'string' && block.length > 0).join('\n\n');
}

/**
 * Whole sentences from the start of `text`, as many as fit in `maxChars`:
 * the first always, however long, so an excerpt never stops mid-sentence
 * (an answer that read "on the 13 pages we…" said nothing).
 */
export function wholeSentences(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  // A sentence ends at . ! ? (or a closing quote or bracket after one) before a space and a capital, a digit or a quote.
  const sentences = flat.match(/.+?[.!?…]["'”’)\]]*(?=\s+["“'‘(]?[A-Z0-9]|$)|.+$/g) ?? [flat];
  let kept = sentences[0]!.trim();
  for (const sentence of sentences.slice(1)) {
    const next = `${kept} ${sentence.trim()}`;
    if (next.length > maxChars) break;
    kept = next;
  }
  return kept;
}

/** The first quote or observation of an evidence string (`"quote" (url); ...`), whole and without its page; the text itself when it has no such form. */
export function firstEvidence(evidence: string): string {
  const first = /^(.+?) \((https?:\/\/[^\s()]+)\)(?:; |$)/s.exec(evidence.trim());
  if (!first) return wholeSentences(evidence, 0);
  const text = first[1]!.trim();
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}

/** Cut at a word boundary to at most maxChars, marking the cut with an ellipsis (for a model's prompt, never for an answer). */
export function shorten(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  const cut = flat.slice(0, maxChars - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** A practice or step written as a sentence, turned into a bullet without its final full stop. */
export function asItem(sentence: string): string {
  return sentence.replace(/\.$/, '');
}

/** "Acme's", "Atlas'": the possessive of a company or function name. */
export function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

/** Lower-case the first letter, to continue a sentence with a playbook item; acronyms (API, A/B, SOC 2) stay. */
export function lowerFirst(text: string): string {
  if (/^[A-Z][A-Z0-9/]/.test(text)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}
