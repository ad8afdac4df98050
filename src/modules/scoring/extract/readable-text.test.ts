import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collapseWhitespace, detached, MAX_MAIN_TEXT_CHARS, ReadableLines } from './readable-text.ts';

describe('collapseWhitespace', () => {
  it('turns runs of any whitespace into one space and trims the ends', () => {
    expect(collapseWhitespace('  Plans \n\t and\u00a0\u00a0pricing  ')).toBe('Plans and pricing');
    expect(collapseWhitespace('already clean')).toBe('already clean');
    expect(collapseWhitespace(' \n ')).toBe('');
  });

  it('is the same as replacing every whitespace run and trimming (property)', () => {
    const piece = fc.constantFrom('a', 'word', ' ', '  ', '\n', '\t', '\u00a0', '\u2003', '\ufeff', '.', 'é');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        expect(collapseWhitespace(text)).toBe(text.replace(/\s+/g, ' ').trim());
      }),
    );
  });
});

describe('detached', () => {
  it('returns an equal string', () => {
    const page = `<p>${'x'.repeat(100)}</p>`;
    const slice = page.slice(3, 60);
    expect(detached(slice)).toBe(slice);
    expect(detached('short')).toBe('short');
    expect(detached('')).toBe('');
  });
});

describe('ReadableLines', () => {
  it('keeps one collapsed line per flush and drops empty ones', () => {
    const lines = new ReadableLines();
    lines.add('  Pay ');
    lines.add('\n ');
    lines.add('monthly');
    lines.flush(false);
    lines.add('   ');
    lines.flush(false);
    lines.add('Next');
    lines.flush(false);
    expect(lines.text(false)).toBe('Pay monthly\nNext');
  });

  it('keeps at most MAX_MAIN_TEXT_CHARS characters, cutting the line that crosses the bound', () => {
    const lines = new ReadableLines();
    const line = `${'word '.repeat(999)}word`;
    let flushed = 0;
    while (lines.hasRoom(false)) {
      lines.add(line);
      lines.flush(false);
      flushed++;
    }
    const text = lines.text(false);
    expect(text.length).toBeLessThanOrEqual(MAX_MAIN_TEXT_CHARS);
    expect(text.length).toBeGreaterThan(MAX_MAIN_TEXT_CHARS - line.length);
    expect(text.startsWith(`${line}\n${line}`)).toBe(true);
    expect(line.startsWith(text.slice(text.lastIndexOf('\n') + 1))).toBe(true);
    expect(flushed).toBe(Math.ceil(MAX_MAIN_TEXT_CHARS / (line.length + 1)));
    lines.add('after the bound');
    lines.flush(false);
    expect(lines.text(false)).toBe(text);
  });

  it('keeps separate budgets for <main> and for the whole page', () => {
    const lines = new ReadableLines();
    lines.add('x'.repeat(MAX_MAIN_TEXT_CHARS + 10));
    lines.flush(false);
    expect(lines.hasRoom(false)).toBe(false);
    expect(lines.hasRoom(true)).toBe(true);
    lines.add('Inside main');
    lines.flush(true);
    expect(lines.text(true)).toBe('Inside main');
  });

  it('restores the budget with the lines', () => {
    const lines = new ReadableLines();
    const mark = lines.mark();
    lines.add('y'.repeat(MAX_MAIN_TEXT_CHARS));
    lines.flush(false);
    expect(lines.hasRoom(false)).toBe(false);
    lines.restore(mark);
    expect(lines.hasRoom(false)).toBe(true);
    expect(lines.text(false)).toBe('');
  });
});
