import { assembleUpload, missingChunks } from './chunks';

describe('an upload in chunks (decision 0077 §7)', () => {
  const chunks = [Buffer.from('{"indus'), Buffer.from('tries":'), Buffer.from('[]}')];
  const bytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const reader = (parts: Array<Buffer | null>) => (index: number) =>
    Promise.resolve(parts[index] ?? null);

  it('names the chunks not received, in order', () => {
    expect(missingChunks([0, 2, 5], 6)).toEqual([1, 3, 4]);
    expect(missingChunks([2, 1, 0], 3)).toEqual([]);
    // Chunks past the count announced are not part of the file.
    expect(missingChunks([0, 1, 7], 2)).toEqual([]);
  });

  it('puts the chunks back together in index order and reports each one read', async () => {
    const read: number[] = [];
    const file = await assembleUpload(3, bytes, reader(chunks), (_phase, done) => read.push(done));
    expect(file.toString('utf8')).toBe('{"industries":[]}');
    expect(read).toEqual([1, 2, 3]);
  });

  it('fails when a chunk is gone since the upload was checked', async () => {
    await expect(
      assembleUpload(3, bytes, reader([chunks[0]!, null, chunks[2]!]), () => undefined),
    ).rejects.toThrow('chunk 1 of the upload is gone');
  });

  it('fails when the chunks add up to another size than was checked', async () => {
    await expect(assembleUpload(3, bytes - 1, reader(chunks), () => undefined)).rejects.toThrow(
      'the upload changed while it was read',
    );
    await expect(assembleUpload(3, bytes + 1, reader(chunks), () => undefined)).rejects.toThrow(
      'the upload changed while it was read',
    );
  });
});
