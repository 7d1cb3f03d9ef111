/**
 * One import in a process of its own, for its peak RSS or a CPU profile (`node --cpu-prof
 * --import tsx import-child.ts …`): `import-child.ts FILE HOST_DIR CATALOG_DIR [COLUMNS_JSON]`
 * prints {"ms", "peakRssMb", "rows"} as its last line. COLUMNS_JSON is the form's columns, as
 * `imports:start` takes them; without it every type is inferred.
 */
import { importFile, openImportHost, type FormColumn } from './import-host';

const [file, hostDir, catalogDir, columnsJson] = process.argv.slice(2) as [
  string,
  string,
  string,
  string | undefined,
];
const columns = columnsJson ? (JSON.parse(columnsJson) as FormColumn[]) : undefined;
const host = await openImportHost(hostDir, catalogDir);
const start = performance.now();
const rows = await importFile(host, file, 'big', columns);
const ms = performance.now() - start;
await host.close();
// maxRSS is in kilobytes; it covers the whole life of the process, start-up included.
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(JSON.stringify({ ms, peakRssMb, rows }));
