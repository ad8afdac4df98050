import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../view.ts';
import { html } from '../view.ts';
import { inlinePieces, markdownBlocks, MarkdownLite } from './markdown-lite.ts';

const APP = 'https://maturity.example';

describe('markdown-lite', () => {
  it('reads headings, lists and paragraphs, lines joined until a blank line', () => {
    expect(markdownBlocks('## Why this move\nIt fell.\nSee below.\n\nEvidence: "x"\n## First steps\n- one\n- two\n* three\n\nThe end')).toEqual([
      { kind: 'heading', text: 'Why this move' },
      { kind: 'paragraph', text: 'It fell. See below.' },
      { kind: 'paragraph', text: 'Evidence: "x"' },
      { kind: 'heading', text: 'First steps' },
      { kind: 'list', items: ['one', 'two', 'three'] },
      { kind: 'paragraph', text: 'The end' },
    ]);
  });

  it('draws a link only when it leads to the app; another stays its text', () => {
    expect(inlinePieces(`It fell. [The result](${APP}/r/abc). [Win](https://evil.example/x) and [here](/app/moves)`, APP)).toEqual([
      { text: 'It fell. ' },
      { text: 'The result', href: `${APP}/r/abc` },
      { text: '. [Win](https://evil.example/x) and ' },
      { text: 'here', href: '/app/moves' },
    ]);
    expect(inlinePieces('[x](//evil.example/) [y](javascript:alert(1))', APP)).toEqual([{ text: '[x](//evil.example/) [y](javascript:alert(1))' }]);
    expect(inlinePieces('[z](/\\evil.example/)', APP)).toEqual([{ text: '[z](/\\evil.example/)' }]);
  });

  it('escapes every piece of text', () => {
    const markup = renderMarkup(
      html`<div><${MarkdownLite} source=${'## <b>Hi</b>\n- <script>x</script>\nA & [r](/r/1)'} appOrigin=${APP} headingLevel=${4} /></div>`,
    );
    expect(markup).toBe('<div><h4>&lt;b>Hi&lt;/b></h4><ul><li>&lt;script>x&lt;/script></li></ul><p>A &amp; <a href="/r/1">r</a></p></div>');
  });
});
