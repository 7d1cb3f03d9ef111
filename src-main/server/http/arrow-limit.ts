/**
 * Arrow bodies are limited on the size they inflate to: their compressed buffers (LZ4_FRAME,
 * ZSTD) declare their uncompressed lengths, which are added up and checked here from the message
 * headers alone, before anything is inflated. The inflation itself is capped at each declared
 * length (catalog/arrow-ipc/arrow-compression.ts), so a body that lies is refused there. The walk runs in
 * time slices: a body of 20,000 batches has 20,000 headers.
 */
import { declaredInflatedSizeInSlices } from '../../catalog/arrow-ipc/arrow-compression';
import type { TimeSlicer } from '../../catalog/time-slices';
import { errors } from '../../../src-shared/vocabulary/errors';
import { HttpRefusal } from './refusal';

export async function checkInflatedSize(
  bytes: Uint8Array,
  limit: number,
  slicer?: TimeSlicer,
): Promise<void> {
  const size = await declaredInflatedSizeInSlices(bytes, slicer);
  if (size > limit) {
    throw new HttpRefusal(
      413,
      errors.InvalidInput(
        `The Arrow stream inflates to ${size} bytes, more than the limit of ${limit} bytes`,
      ),
    );
  }
}
