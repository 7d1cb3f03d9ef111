/** Messages between the page decoder worker and the grid. */
import type { DecodedPage } from '../grid/cell-model';

export interface DecodeRequest {
  id: number;
  bytes: Uint8Array;
}

export type DecodeReply = { id: number; page: DecodedPage } | { id: number; error: string };
