/**
 * One export or copy in a process of its own, for its peak resident memory (VmHWM): the parent,
 * lifecycle.ts, also holds LanceDB's reference answers, which would count in its own peak.
 *
 *   node --import tsx test/bench/lifecycle-child.ts export ROOT TABLE FILE
 *   node --import tsx test/bench/lifecycle-child.ts copy ROOT TABLE URL TARGET
 */
import { rmSync } from 'node:fs';
import { connect, connectNamespace } from '../../src-main/catalog';
import { copyTable } from '../../src-main/catalog/copy/copy-table';
import { readIpcBatches } from '../../src-main/catalog/ipc-batches';
import { exportResult } from '../../src-main/host/exports/export-result';
import { EXPORT_BATCH_BYTES } from '../../src-main/host/exports/export-job';
import { peakRssBytes } from '../support/process-memory';

async function main(): Promise<void> {
  const [what, root, name, third, fourth] = process.argv.slice(2);
  const catalog = await connect(root!);
  const table = await catalog.openTable(name!);
  const started = performance.now();
  if (what === 'export') {
    rmSync(third!, { force: true });
    await exportResult(
      'parquet',
      readIpcBatches(await table.queryStream({}, { batchBytes: EXPORT_BATCH_BYTES })),
      await table.schema(),
      third!,
      {
        expectRows: await table.countRows(),
      },
    );
  } else {
    const remote = await connectNamespace('rest', { uri: third! });
    await copyTable(
      { catalog, namespacePath: [], name: name!, label: `${root}#${name}` },
      { catalog: remote, namespacePath: [], name: fourth!, label: `${third}#${fourth}` },
      { mode: 'overwrite', indexes: false },
    );
    await remote.close();
  }
  const ms = performance.now() - started;
  await catalog.close();
  process.stdout.write(`${JSON.stringify({ ms, peakRss: peakRssBytes(process.pid) })}\n`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
