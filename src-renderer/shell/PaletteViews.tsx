/**
 * The palette's "Go to" group: every view by name and by the words people use for it (the start
 * screen, each tab of the open table, the query console of the table or of a connection, a
 * connection's root page, a recent job).
 */
import { Command } from 'cmdk';
import type { Connection } from '../../src-shared/studio-procedures';
import { useJobs } from '../api/catalog-queries';
import { jobTitle } from '../common/jobs/job-format';
import { TABLE_TABS } from '../state/deep-link';
import { useWorkspace } from '../state/workspace';
import { CONNECTION_WORDS, CONSOLE_WORDS, JOB_WORDS, START_WORDS, TAB_WORDS } from './view-words';

/** Recent jobs offered by name; the jobs panel lists them all. */
const JOBS_OFFERED = 8;

export function PaletteViews({
  connections,
  labels,
  run,
}: {
  connections: readonly Connection[];
  labels: ReadonlyMap<string, string>;
  run: (action: () => void) => void;
}) {
  const ws = useWorkspace();
  const jobs = useJobs();
  const table = ws.activeTab?.ref;
  const recent = [...(jobs.data ?? [])]
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, JOBS_OFFERED);
  return (
    <Command.Group heading="Go to">
      <Command.Item keywords={START_WORDS} onSelect={() => run(ws.goStart)}>
        Start screen
      </Command.Item>
      {table &&
        TABLE_TABS.map((tab) => (
          <Command.Item
            key={tab}
            keywords={TAB_WORDS[tab].keywords}
            onSelect={() => run(() => ws.openTable(table, tab))}
          >
            {TAB_WORDS[tab].label} of {table.table}
          </Command.Item>
        ))}
      {table && (
        <Command.Item
          keywords={CONSOLE_WORDS}
          onSelect={() =>
            run(() => ws.openConsole(table.connectionId, { path: table.path, table: table.table }))
          }
        >
          Query console on {table.table}
        </Command.Item>
      )}
      {connections.map((c) => (
        <Command.Item
          key={`console-${c.id}`}
          keywords={CONSOLE_WORDS}
          onSelect={() => run(() => ws.openConsole(c.id))}
        >
          Query console of {labels.get(c.id)}
        </Command.Item>
      ))}
      {connections
        .filter((c) => c.kind === 'remote' && c.rights.role === 'admin')
        .map((c) => (
          <Command.Item
            key={`access-${c.id}`}
            keywords={['keys', 'api keys', 'principals', 'audit', 'revoke', 'rotate']}
            onSelect={() => run(() => ws.openAccess(c.id))}
          >
            Keys and audit of {labels.get(c.id)}
          </Command.Item>
        ))}
      {connections.map((c) => (
        <Command.Item
          key={`root-${c.id}`}
          keywords={CONNECTION_WORDS}
          onSelect={() => run(() => ws.openNamespace({ connectionId: c.id, path: [] }))}
        >
          {labels.get(c.id)}: top level
        </Command.Item>
      ))}
      {recent.map((job) => (
        <Command.Item
          key={`job-${job.id}`}
          value={`job ${jobTitle(job)} ${job.id}`}
          keywords={JOB_WORDS}
          onSelect={() => run(() => ws.openJob(job.id))}
        >
          Job: {jobTitle(job)} ({job.state})
        </Command.Item>
      ))}
    </Command.Group>
  );
}
