import type { ProgressReporter } from '../data-import/progress';

/** The indices of 0 … count−1 that are not among `kept` (sorted). */
export function missingChunks(kept: readonly number[], count: number): number[] {
  const have = new Set(kept);
  const missing: number[] = [];
  for (let index = 0; index < count; index += 1) if (!have.has(index)) missing.push(index);
  return missing;
}

/**
 * The uploaded file from its chunks, read one at a time in order into one buffer of the size
 * that was checked: at most one chunk besides the file is in memory. A chunk gone since the
 * check (an upload older than a day) or a size that differs fails.
 */
export async function assembleUpload(
  count: number,
  bytes: number,
  read: (index: number) => Promise<Buffer | null>,
  progress: ProgressReporter,
): Promise<Buffer> {
  const file = Buffer.allocUnsafe(bytes);
  let offset = 0;
  for (let index = 0; index < count; index += 1) {
    const chunk = await read(index);
    if (chunk === null)
      throw new Error(`chunk ${index} of the upload is gone: upload the file again`);
    if (offset + chunk.length > bytes) throw new Error('the upload changed while it was read');
    chunk.copy(file, offset);
    offset += chunk.length;
    progress('reading the upload', index + 1, count);
  }
  if (offset !== bytes) throw new Error('the upload changed while it was read');
  return file;
}
