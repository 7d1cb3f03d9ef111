/** A catalog folder for the snippet tests: `prod/docs` with vectors, text and a full-text index. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../../../../src-main/catalog';
import { sampleTable } from '../../../support/sample-data';
import type { JsonArrowSchema } from '../../../../src-shared/vocabulary/json-arrow-types';

export const DIM = 16;

export async function sampleCatalog(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), "cs-snippets-it's-$x-"));
  const engine = await connect(root);
  try {
    await engine.createNamespace(['prod']);
    const table = await engine.createTable('docs', sampleTable(300, DIM), ['prod']);
    const job = await table.createIndex({ column: 'text', index_type: 'FTS' });
    const done = await engine.waitForJob(job.id);
    if (done.state !== 'succeeded') throw new Error(`FTS build ${done.state}`);
  } finally {
    await engine.close();
  }
  return root;
}

/** A schema for create-table: a quote and a `$` in a name, metadata, a vector, a struct with a list. */
export const SCHEMA: JsonArrowSchema = {
  fields: [
    { name: 'id', nullable: false, type: { type: 'int64' } },
    { name: 'it\'s "$HOME"', nullable: true, type: { type: 'utf8' }, metadata: { a: "b'c" } },
    {
      name: 'embedding',
      nullable: true,
      type: {
        type: 'fixed_size_list',
        length: 8,
        fields: [{ name: 'item', nullable: true, type: { type: 'float32' } }],
      },
    },
    {
      name: 'meta',
      nullable: true,
      type: {
        type: 'struct',
        fields: [
          { name: 'score', nullable: true, type: { type: 'float64' } },
          {
            name: 'tags',
            nullable: true,
            type: {
              type: 'list',
              fields: [{ name: 'item', nullable: true, type: { type: 'utf8' } }],
            },
          },
        ],
      },
    },
  ],
};
