import type { DeskUpload } from '@upright/contracts';
import { chunkRanges } from './desk-view';

/** The calls an upload makes (the API's, or a test's). */
export interface UploadCalls {
  startUpload(): Promise<DeskUpload>;
  uploadChunk(uploadId: string, index: number, bytes: Blob): Promise<void>;
}

/**
 * Sends a file in chunks of the size the BFF gave, one after another (decision 0077): no request
 * is larger than a chunk, and the progress is the chunks sent. `progress` hears of each chunk as
 * it leaves.
 */
export async function uploadInChunks(
  file: Blob,
  calls: UploadCalls,
  progress: (index: number, total: number) => void,
): Promise<{ uploadId: string; chunks: number }> {
  const { upload_id: uploadId, chunk_bytes: chunkBytes } = await calls.startUpload();
  const ranges = chunkRanges(file.size, chunkBytes);
  for (const [index, [start, end]] of ranges.entries()) {
    progress(index, ranges.length);
    await calls.uploadChunk(uploadId, index, file.slice(start, end));
  }
  return { uploadId, chunks: ranges.length };
}
