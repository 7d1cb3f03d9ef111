/**
 * The manifest adapter (lance-manifest.ts) against manifests LanceDB itself wrote: a table with
 * schema and field metadata, a struct and a vector column, appends, a delete and two indexes, and
 * a shallow clone of it (base paths). Every version's manifest, read through the adapter, must
 * say what LanceDB says of that version: its number and time, columns, schema metadata, rows,
 * fragments, indexes, and files that are there at the sizes recorded. What the adapter writes
 * (the next version with new schema metadata, the relocated copy) LanceDB must read back. And it
 * must refuse, saying why, files that are not manifests.
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../../../../src-main/catalog/arrow';
import {
  manifestRows,
  nextWithSchemaMetadata,
  readManifest,
  relocatedManifest,
} from '../../../../../src-main/catalog/dir/lance-format/lance-manifest';
import { ERROR_CODES, errors } from '../../../../../src-shared/vocabulary/errors';

const DIM = 4;
let root: string;
let source: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-lance-manifest-'));
  source = join(root, 't.lance');
  const schema = new arrow.Schema(
    [
      new arrow.Field('id', new arrow.Int64(), false),
      new arrow.Field('name', new arrow.Utf8(), true, new Map([['comment', 'a name']])),
      new arrow.Field(
        'meta',
        new arrow.Struct([
          new arrow.Field('score', new arrow.Float64(), true),
          new arrow.Field('tag', new arrow.Utf8(), true),
        ]),
        true,
      ),
      new arrow.Field(
        'vec',
        new arrow.FixedSizeList(DIM, new arrow.Field('item', new arrow.Float32(), true)),
        true,
      ),
    ],
    new Map([
      ['owner', 'ana'],
      ['source.url', 'https://example.com/é'],
    ]),
  );
  const db = await lancedb.connect(root);
  const table = await db.createTable('t', rows(0, 50), { schema });
  await table.add(rows(50, 30));
  await table.add(rows(80, 20));
  await table.delete('id % 7 = 0');
  await table.createIndex('id');
  await table.createIndex('name', { config: lancedb.Index.fts() });
  await table.delete('id = 50');
  await db.cloneTable('shallow', source, { isShallow: true });
  table.close();
  db.close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function rows(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: BigInt(from + i),
    name: `row ${from + i}`,
    meta: { score: (from + i) / 2, tag: `t${(from + i) % 3}` },
    vec: Array.from({ length: DIM }, (_, d) => from + i + d / 10),
  }));
}

/** Every manifest file of a table folder, by the version its name gives. */
function manifestsOf(folder: string): Map<number, string> {
  const dir = join(folder, '_versions');
  const out = new Map<number, string>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.manifest'))) {
    const digits = name.slice(0, -'.manifest'.length);
    const version =
      digits.length === 20 ? Number((1n << 64n) - 1n - BigInt(digits)) : Number(digits);
    out.set(version, join(dir, name));
  }
  return out;
}

describe('a manifest LanceDB wrote, read through the adapter', () => {
  it('says what LanceDB says of every version: number, time, columns, metadata, rows, fragments and indexes', async () => {
    const db = await lancedb.connect(root);
    const table = await db.openTable('t');
    const versions = await table.listVersions();
    const files = manifestsOf(source);
    expect(versions.length).toBeGreaterThanOrEqual(7);
    expect([...files.keys()].sort((a, b) => a - b)).toEqual(versions.map((v) => v.version));
    for (const listed of versions) {
      const path = files.get(listed.version)!;
      const manifest = readManifest(readFileSync(path), path);
      await table.checkout(listed.version);
      const schema = await table.schema();
      expect(manifest.version).toBe(listed.version);
      expect(manifest.timestampMillis).toBe(
        new Date(listed.timestamp as unknown as string).getTime(),
      );
      const top = manifest.schema.filter((f) => f.parentId === -1);
      expect(top.map((f) => f.name)).toEqual(schema.fields.map((f) => f.name));
      expect(top.map((f) => f.nullable)).toEqual(schema.fields.map((f) => f.nullable));
      // The struct's children hang below it, by the parent id Lance gives them.
      const meta = top.find((f) => f.name === 'meta')!;
      expect(manifest.schema.filter((f) => f.parentId === meta.id).map((f) => f.name)).toEqual([
        'score',
        'tag',
      ]);
      expect(manifest.schemaMetadata).toEqual(Object.fromEntries(schema.metadata));
      expect(manifestRows(manifest)).toBe(await table.countRows());
      expect(manifest.fragments).toHaveLength((await table.stats()).fragmentStats.numFragments);
      const indexes = await table.listIndices();
      expect(manifest.indexes.map((i) => i.name).sort()).toEqual(indexes.map((i) => i.name).sort());
      for (const index of manifest.indexes) {
        const lance = indexes.find((i) => i.name === index.name)!;
        expect(index.uuid).toBe(lance.indexUuid);
        const byId = new Map(manifest.schema.map((f) => [f.id, f.name]));
        expect(index.fields.map((id) => byId.get(id))).toEqual(lance.columns);
      }
    }
    table.close();
    db.close();
  });

  it('names data, deletion and index files that are in the folder, at the sizes it records', () => {
    const latest = manifestsOf(source);
    const path = latest.get(Math.max(...latest.keys()))!;
    const manifest = readManifest(readFileSync(path), path);
    const deletions = manifest.fragments.filter((f) => f.deletionFile);
    expect(deletions.length).toBeGreaterThan(0);
    for (const fragment of manifest.fragments) {
      for (const file of fragment.dataFiles) {
        expect(file.baseId).toBeUndefined();
        expect(statSync(join(source, file.path)).size).toBe(file.fileSizeBytes);
      }
      if (fragment.deletionFile) {
        expect(statSync(join(source, fragment.deletionFile.path)).isFile()).toBe(true);
        expect(fragment.deletionFile.numDeletedRows).toBeGreaterThan(0);
      }
    }
    expect(manifest.indexes).toHaveLength(2);
    for (const index of manifest.indexes) {
      expect(index.files.length).toBeGreaterThan(0);
      for (const file of index.files) {
        expect(statSync(join(source, '_indices', index.uuid, file.path)).size).toBe(file.sizeBytes);
      }
    }
    expect(manifest.maxFragmentId).toBe(Math.max(...manifest.fragments.map((f) => f.id)));
    expect(manifest.transactionSection).toBe(true);
    expect(manifest.dataFormat?.fileFormat).toBe('lance');
    expect(manifest.writerVersion?.library).toBe('lance');
  });

  it("reads a shallow clone's base path, and its files' base ids", () => {
    const clone = manifestsOf(join(root, 'shallow.lance'));
    const path = clone.get(Math.max(...clone.keys()))!;
    const manifest = readManifest(readFileSync(path), path);
    expect(manifest.basePaths).toHaveLength(1);
    const [base] = manifest.basePaths;
    expect(base).toMatchObject({ isDatasetRoot: true, path: source });
    for (const fragment of manifest.fragments) {
      for (const file of fragment.dataFiles) expect(file.baseId).toBe(base!.id);
      if (fragment.deletionFile) expect(fragment.deletionFile.baseId).toBe(base!.id);
    }
  });
});

describe('what the adapter writes, LanceDB reads', () => {
  it('the next version with its schema metadata replaced, rows and indexes kept', async () => {
    const copy = join(mkdtempSync(join(root, 'meta-')), 't.lance');
    cpSync(source, copy, { recursive: true });
    const files = manifestsOf(copy);
    const latest = Math.max(...files.keys());
    const bytes = readFileSync(files.get(latest)!);
    const commit = nextWithSchemaMetadata(bytes, 'latest', latest, { stage: 'gold' });
    expect(commit.version).toBe(BigInt(latest + 1));
    const name = `${(1n << 64n) - 1n - commit.version}`.padStart(20, '0');
    writeFileSync(join(copy, '_versions', `${name}.manifest`), commit.manifest);
    const db = await lancedb.connect(join(copy, '..'));
    const table = await db.openTable('t');
    expect(await table.version()).toBe(latest + 1);
    expect(Object.fromEntries((await table.schema()).metadata)).toEqual({ stage: 'gold' });
    expect(await table.countRows()).toBe(manifestRows(readManifest(bytes, 'latest')));
    expect((await table.listIndices()).map((i) => i.name).sort()).toEqual(['id_idx', 'name_idx']);
    expect(readManifest(commit.manifest, 'next').schemaMetadata).toEqual({ stage: 'gold' });
    table.close();
    db.close();
  });

  it('refuses to write over a manifest that holds another version than its name', () => {
    const files = manifestsOf(source);
    const bytes = readFileSync(files.get(1)!);
    expect(() => nextWithSchemaMetadata(bytes, 'v1', 2, {})).toThrow(/holds version 1/);
  });

  it('a relocated copy, opened from another folder, reads the same rows from the table', async () => {
    const files = manifestsOf(source);
    const latest = Math.max(...files.keys());
    const bytes = readFileSync(files.get(latest)!);
    const probe = mkdtempSync(join(root, 'probe-'));
    mkdirSync(join(probe, 'p.lance', '_versions'), { recursive: true });
    writeFileSync(
      join(probe, 'p.lance', '_versions', `${latest}.manifest`),
      relocatedManifest(bytes, 'latest', source),
    );
    const db = await lancedb.connect(probe);
    const copy = await db.openTable('p');
    const original = await (await lancedb.connect(root)).openTable('t');
    expect(await copy.version()).toBe(latest);
    expect(await copy.countRows()).toBe(await original.countRows());
    const ids = async (t: lancedb.Table) =>
      (await t.query().select(['id']).toArray()).map((r) => Number(r.id)).sort((a, b) => a - b);
    expect(await ids(copy)).toEqual(await ids(original));
    expect((await copy.listIndices()).map((i) => i.name).sort()).toEqual(['id_idx', 'name_idx']);
    // The copy names the table as its base, and the table's folder gains nothing.
    expect(
      readManifest(readFileSync(join(probe, 'p.lance', '_versions', `${latest}.manifest`)), 'copy')
        .basePaths,
    ).toEqual([{ id: 0, isDatasetRoot: true, path: source }]);
    expect(manifestsOf(source).size).toBe(files.size);
    copy.close();
    original.close();
    db.close();
  });
});

describe('a file that is not a manifest', () => {
  const latestBytes = () => {
    const files = manifestsOf(source);
    return readFileSync(files.get(Math.max(...files.keys()))!);
  };
  const codeOf = (call: () => unknown) => {
    try {
      call();
    } catch (error) {
      return { code: (error as { code: number }).code, message: (error as Error).message };
    }
    throw new Error('expected a refusal');
  };

  it('refuses an index file of the table, which ends in LANC too', () => {
    const index = readManifest(latestBytes(), 'latest').indexes[0]!;
    const file = join(source, '_indices', index.uuid, index.files[0]!.path);
    const bytes = readFileSync(file);
    expect(bytes.subarray(-4).toString()).toBe('LANC');
    expect(codeOf(() => readManifest(bytes, 'idx'))).toMatchObject({
      code: ERROR_CODES.InvalidTableState,
      message: expect.stringMatching(/^idx is not a Lance manifest: /),
    });
  });

  it('is an error of the kind the caller names: input, when the file was handed in', () => {
    const garbage = Buffer.concat([Buffer.alloc(200, 7), Buffer.from('LANC')]);
    expect(codeOf(() => readManifest(garbage, 'staged', errors.InvalidInput))).toMatchObject({
      code: ERROR_CODES.InvalidInput,
      message: expect.stringMatching(/^staged is not a Lance manifest: /),
    });
  });

  it('refuses one cut short, and one with its middle taken out', () => {
    const bytes = latestBytes();
    const half = Math.floor(bytes.byteLength / 2);
    expect(codeOf(() => readManifest(bytes.subarray(0, half), 'cut')).message).toMatch(/no magic/);
    const holed = Buffer.concat([bytes.subarray(0, half), bytes.subarray(-16)]);
    expect(codeOf(() => readManifest(holed, 'holed')).message).toMatch(
      /outside the file|past the footer/,
    );
  });

  it('refuses fields of the wrong wire type, and a schema that does not hang together', () => {
    const field = (id: number, parent: number, name: string) =>
      new BinaryWriter()
        .tag(2, WireType.LengthDelimited)
        .string(name)
        .tag(3, WireType.Varint)
        .int32(id)
        .tag(4, WireType.Varint)
        .int32(parent)
        .tag(5, WireType.LengthDelimited)
        .string('int64')
        .finish();
    const manifest = (fields: Uint8Array[], extra?: (w: BinaryWriter) => void) => {
      const writer = new BinaryWriter();
      for (const f of fields) writer.tag(1, WireType.LengthDelimited).bytes(f);
      writer.tag(3, WireType.Varint).uint64(1);
      extra?.(writer);
      return file(writer.finish());
    };
    expect(readManifest(manifest([field(0, -1, 'id')]), 'ok').schema).toEqual([
      { id: 0, parentId: -1, name: 'id', logicalType: 'int64', nullable: false },
    ]);
    expect(codeOf(() => readManifest(manifest([]), 'm')).message).toMatch(/schema has no fields/);
    expect(
      codeOf(() => readManifest(manifest([field(0, -1, 'a'), field(0, -1, 'b')]), 'm')).message,
    ).toMatch(/field id 0 is used twice/);
    expect(codeOf(() => readManifest(manifest([field(1, 9, 'a')]), 'm')).message).toMatch(
      /names a parent 9/,
    );
    const wrongType = manifest([field(0, -1, 'a')], (w) =>
      w.tag(3, WireType.LengthDelimited).string('7'),
    );
    expect(codeOf(() => readManifest(wrongType, 'm')).message).toMatch(/field 3 has wire type 2/);
    const outside = manifest([field(0, -1, 'a')], (w) => w.tag(6, WireType.Varint).uint64(1 << 20));
    expect(codeOf(() => readManifest(outside, 'm')).message).toMatch(/section lies outside/);
  });
});

describe('the adapter is the one door', () => {
  it('is the only module that imports the manifest codec, decoder and relocation', () => {
    const dir = join(__dirname, '../../../../../src-main');
    const behind =
      /from '\.\/(lance-manifest-file|manifest-decode|manifest-messages|manifest-relocate)'/;
    const importers = sources(dir)
      .filter((path) => behind.test(readFileSync(path, 'utf8')))
      .map((path) => relative(dir, path));
    expect(importers.sort()).toEqual([
      'catalog/dir/lance-format/lance-manifest.ts',
      'catalog/dir/lance-format/manifest-decode.ts',
      'catalog/dir/lance-format/manifest-relocate.ts',
    ]);
  });
});

/** A manifest file around a manifest message: its section, then the footer. */
function file(message: Uint8Array): Buffer {
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32LE(message.byteLength, 0);
  const footer = Buffer.alloc(16);
  footer.writeBigUInt64LE(0n, 0);
  footer.writeUInt16LE(0, 8);
  footer.writeUInt16LE(2, 10);
  footer.write('LANC', 12, 'latin1');
  return Buffer.concat([prefix, message, footer]);
}

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}
