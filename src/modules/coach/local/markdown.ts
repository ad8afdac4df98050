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

/** Cut at a word boundary to at most maxChars, marking the cut with an ellipsis. */
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
