import { markdownBlocks } from './markdown';

describe('markdownBlocks', () => {
  it('splits headings, paragraphs and lists and keeps only text', () => {
    const blocks = markdownBlocks(
      '## Why\n\nSome **bold** [link](http://x) text\ncontinued.\n\n- one\n- two',
    );
    expect(blocks).toEqual([
      { kind: 'heading', text: 'Why' },
      { kind: 'paragraph', text: 'Some bold link text continued.' },
      { kind: 'list', items: ['one', 'two'] },
    ]);
  });

  it('never produces markup from input', () => {
    expect(markdownBlocks('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', text: '<script>alert(1)</script>' },
    ]);
    expect(markdownBlocks('')).toEqual([]);
  });
});
