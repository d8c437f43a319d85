import type { IndustryPreview } from '@upright/contracts';
import { batchesOf, companiesReached } from './preview-reach';

const company = (upright_cid: string) => ({ upright_cid, company_name: upright_cid });

describe("a preview's reach", () => {
  it('names each moved, added and removed company once', () => {
    const preview = {
      moves: [{ ...company('a'), before: 1, after: 2, scores: [] }],
      added: [company('b'), company('a')],
      removed: [company('c')],
    } as unknown as IndustryPreview;
    expect(companiesReached(preview)).toEqual(['a', 'b', 'c']);
  });

  it('names none when nothing changes', () => {
    const preview = { moves: [], added: [], removed: [] } as unknown as IndustryPreview;
    expect(companiesReached(preview)).toEqual([]);
  });

  it('cuts a list into batches of at most the size, in order', () => {
    expect(batchesOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batchesOf([1, 2], 2)).toEqual([[1, 2]]);
    expect(batchesOf([], 2)).toEqual([]);
  });
});
