/**
 * One import in a process of its own, for its peak RSS: `import-child.ts FILE HOST_DIR CATALOG_DIR`
 * prints {"ms", "peakRssMb", "rows"} as its last line.
 */
import { importFile, openImportHost } from './import-host';

const [file, hostDir, catalogDir] = process.argv.slice(2) as [string, string, string];
const host = await openImportHost(hostDir, catalogDir);
const start = performance.now();
const rows = await importFile(host, file, 'big');
const ms = performance.now() - start;
await host.close();
// maxRSS is in kilobytes; it covers the whole life of the process, start-up included.
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(JSON.stringify({ ms, peakRssMb, rows }));
