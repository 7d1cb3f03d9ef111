/**
 * Frames Arrow IPC messages as they come, as a stream or as a file, without decoding a batch or
 * collecting the whole answer: each message's body is passed on as the very bytes it arrived in.
 *
 * A file is a stream between a leading magic and a trailing footer that indexes each batch by its
 * offset, so it can be written as it goes too; only the footer waits for the last batch.
 */
import type {
  Footer as FooterClass,
  FileBlock as FileBlockClass,
} from 'apache-arrow/ipc/metadata/file';
import type { Schema } from 'apache-arrow';
import { createRequire } from 'node:module';
import { MessageHeader } from 'apache-arrow/fb/message-header';
import { errors } from '../../../src-shared/vocabulary/errors';
import { arrow } from '../arrow';
import { END_OF_STREAM, FILE_MAGIC, frame, type RawMessage } from './arrow-ipc-messages';

// The footer's encoder is apache-arrow's own, from the same CommonJS copy as `arrow` (arrow.ts).
const require = createRequire(import.meta.url);
const { Footer, FileBlock } = require('apache-arrow/ipc/metadata/file') as {
  Footer: typeof FooterClass;
  FileBlock: typeof FileBlockClass;
};

/** Below this size a message goes out as one chunk (one write) rather than framing and body. */
const COALESCE_BELOW = 64 * 1024;

export async function* ipcStreamBytes(
  messages: AsyncIterable<RawMessage>,
): AsyncGenerator<Uint8Array> {
  for await (const message of messages) {
    const parts = nonEmpty(frame(message.metadata, message.body));
    if (message.body.byteLength < COALESCE_BELOW) yield Buffer.concat(parts);
    else yield* parts;
  }
  yield END_OF_STREAM;
}

export async function* ipcFileBytes(
  messages: AsyncIterable<RawMessage>,
): AsyncGenerator<Uint8Array> {
  const opening = new Uint8Array(8);
  opening.set(FILE_MAGIC);
  yield opening;
  let offset = opening.byteLength;
  let schema: Schema | undefined;
  const recordBatches: FileBlockClass[] = [];
  const dictionaryBatches: FileBlockClass[] = [];
  for await (const message of messages) {
    const [prefix, metadata, body] = frame(message.metadata, message.body);
    const metadataLength = prefix.byteLength + metadata.byteLength;
    if (message.type === MessageHeader.Schema) {
      schema = arrow.Message.decode(message.metadata).header() as Schema;
    } else if (message.type === MessageHeader.RecordBatch) {
      recordBatches.push(new FileBlock(metadataLength, body.byteLength, offset));
    } else if (message.type === MessageHeader.DictionaryBatch) {
      dictionaryBatches.push(new FileBlock(metadataLength, body.byteLength, offset));
    }
    yield* nonEmpty([prefix, metadata, body]);
    offset += metadataLength + body.byteLength;
  }
  if (!schema) throw errors.Internal('An Arrow IPC answer had no schema message');
  yield END_OF_STREAM;
  const footer = Footer.encode(
    new Footer(schema, arrow.MetadataVersion.V5, recordBatches, dictionaryBatches),
  );
  const length = new Uint8Array(4);
  new DataView(length.buffer).setInt32(0, footer.byteLength, true);
  yield footer;
  yield length;
  yield FILE_MAGIC;
}

function nonEmpty(parts: Uint8Array[]): Uint8Array[] {
  return parts.filter((part) => part.byteLength > 0);
}
