import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { arrow } from '../../../../src-main/catalog/arrow';
import { toJsonArrowSchema } from '../../../../src-main/catalog/json-arrow-schema';
import { base64, emptyArrowStream } from '../../../../src-shared/code-snippets/arrow-ipc-schema';
import type { JsonArrowSchema } from '../../../../src-shared/vocabulary/json-arrow-types';

const SCHEMA: JsonArrowSchema = {
  fields: [
    { name: 'id', nullable: false, type: { type: 'int64' } },
    { name: "naïve 'π' $x", nullable: true, type: { type: 'utf8' }, metadata: { k: 'v é' } },
    {
      name: 'v',
      nullable: true,
      type: {
        type: 'fixed_size_list',
        length: 8,
        fields: [{ name: 'item', nullable: true, type: { type: 'float32' } }],
      },
    },
    {
      name: 's',
      nullable: true,
      type: {
        type: 'struct',
        fields: [
          { name: 'b', nullable: true, type: { type: 'bool' } },
          { name: 'd', nullable: true, type: { type: 'date32' } },
          { name: 'u', nullable: true, type: { type: 'uint16' } },
          { name: 'h', nullable: true, type: { type: 'float16' } },
          { name: 'bin', nullable: true, type: { type: 'large_binary' } },
          { name: 'fsb', nullable: true, type: { type: 'fixed_size_binary', length: 3 } },
        ],
      },
    },
    {
      name: 'l',
      nullable: false,
      type: {
        type: 'list',
        fields: [{ name: 'item', nullable: true, type: { type: 'large_utf8' } }],
      },
    },
  ],
  metadata: { owner: 'me' },
};

describe('emptyArrowStream', () => {
  it('is an Arrow IPC stream of the schema, with no rows', () => {
    const table = arrow.tableFromIPC(emptyArrowStream(SCHEMA));
    expect(table.numRows).toBe(0);
    expect(toJsonArrowSchema(table.schema)).toEqual(SCHEMA);
  });

  it('reads timestamps as the engine does', () => {
    const table = arrow.tableFromIPC(
      emptyArrowStream({
        fields: [
          { name: 't', nullable: true, type: { type: 'timestamp:ms:UTC' } },
          { name: 'u', nullable: true, type: { type: 'timestamp' } },
        ],
      }),
    );
    expect(table.schema.fields.map((f) => String(f.type))).toEqual([
      'Timestamp<MILLISECOND, utc>',
      'Timestamp<MICROSECOND>',
    ]);
  });

  it('encodes base64 as the standard alphabet', () => {
    for (const length of [0, 1, 2, 3, 4, 5, 64, 65]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + 11) % 256);
      expect(base64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });
});
