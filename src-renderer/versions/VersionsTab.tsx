/**
 * A table's versions, newest first: when each was written, the tags on it, and for a writable
 * connection the ways to tag a version, move or delete a tag, and restore a version as the new
 * latest (behind a confirmation that says what changes).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TagInfo } from '../../src-shared/catalog-api';
import { queryKeys, type TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { ErrorMessage } from '../common/ErrorMessage';
import { TableHead } from '../common/TableHead';
import { useTableDescription } from '../api/catalog-queries';
import './versions.css';

export function VersionsTab({ tableRef, writable }: { tableRef: TableRef; writable: boolean }) {
  const call = useCall();
  const client = useQueryClient();
  const input = tableInput(tableRef);
  const versions = useQuery({
    queryKey: queryKeys.versions(tableRef),
    queryFn: () => call('tables:versions', input),
  });
  const tags = useQuery({
    queryKey: queryKeys.tags(tableRef),
    queryFn: () => call('tags:list', input),
  });
  const description = useTableDescription(tableRef);
  const [restoring, setRestoring] = useState<number>();
  const [tagging, setTagging] = useState<{ version: number; moving?: string }>();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.table(tableRef) });
  const deleteTag = useMutation({
    mutationFn: (tag: string) => call('tags:delete', { ...input, tag }),
    onSettled: refresh,
  });

  if (versions.isPending) return <p className="muted">Loading…</p>;
  if (!versions.data) return <ErrorMessage error={versions.error} />;
  const list = [...versions.data].sort((a, b) => b.version - a.version);
  const latest = list[0]?.version;
  const tagsOn = (version: number) => (tags.data ?? []).filter((t) => t.version === version);
  return (
    <div className="versions-tab">
      <p className="muted">
        {list.length.toLocaleString('en-US')} version{list.length === 1 ? '' : 's'} ·{' '}
        {(tags.data ?? []).length} tag{(tags.data ?? []).length === 1 ? '' : 's'}
      </p>
      <ErrorMessage error={tags.error ?? deleteTag.error} />
      <table className="data-table" aria-label="Version timeline">
        <TableHead columns={['Version', 'Written', 'Tags']} actions={writable} />
        <tbody>
          {list.map((v) => (
            <tr key={v.version} aria-label={`Version ${v.version}`}>
              <td className="mono">
                {v.version}
                {v.version === latest && <span className="version-latest"> latest</span>}
              </td>
              <td>{new Date(v.timestampMillis).toLocaleString('en-GB')}</td>
              <td>
                {tagsOn(v.version).map((t) => (
                  <TagChip
                    key={t.name}
                    tag={t}
                    writable={writable}
                    onMove={() => setTagging({ version: t.version, moving: t.name })}
                    onDelete={() => deleteTag.mutate(t.name)}
                  />
                ))}
              </td>
              {writable && (
                <td>
                  <div className="row">
                    <button
                      type="button"
                      aria-label={`Tag version ${v.version}`}
                      onClick={() => setTagging({ version: v.version })}
                    >
                      Tag…
                    </button>
                    {v.version !== latest && (
                      <button
                        type="button"
                        aria-label={`Restore version ${v.version}`}
                        onClick={() => setRestoring(v.version)}
                      >
                        Restore…
                      </button>
                    )}
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {tagging && (
        <TagForm
          tableRef={tableRef}
          version={tagging.version}
          moving={tagging.moving}
          versions={list.map((v) => v.version)}
          onDone={() => {
            setTagging(undefined);
            void refresh();
          }}
        />
      )}
      {restoring !== undefined && latest !== undefined && (
        <ConfirmDialog
          title={`Restore version ${restoring}`}
          consequence={
            <p>
              The table becomes what it was at version {restoring}, as a new version {latest + 1}
              {description.data
                ? ` (it holds ${description.data.rowCount.toLocaleString('en-US')} rows now)`
                : ''}
              . Versions {restoring + 1} to {latest} stay and can be restored in turn; nothing is
              deleted.
            </p>
          }
          confirmLabel={`Restore version ${restoring}`}
          onConfirm={async () => {
            await call('tables:restore', { ...input, version: restoring });
            await refresh();
          }}
          onClose={() => setRestoring(undefined)}
        />
      )}
    </div>
  );
}

function TagChip({
  tag,
  writable,
  onMove,
  onDelete,
}: {
  tag: TagInfo;
  writable: boolean;
  onMove: () => void;
  onDelete: () => void;
}) {
  return (
    <span className="tag-chip" aria-label={`Tag ${tag.name}`}>
      <span className="mono">{tag.name}</span>
      {writable && (
        <>
          <button
            type="button"
            className="link"
            aria-label={`Move tag ${tag.name}`}
            onClick={onMove}
          >
            move
          </button>
          <button
            type="button"
            className="link"
            aria-label={`Delete tag ${tag.name}`}
            onClick={onDelete}
          >
            ×
          </button>
        </>
      )}
    </span>
  );
}

/** A new tag on a version, or an existing tag moved to another one. */
function TagForm({
  tableRef,
  version,
  moving,
  versions,
  onDone,
}: {
  tableRef: TableRef;
  version: number;
  moving: string | undefined;
  versions: number[];
  onDone: () => void;
}) {
  const call = useCall();
  const [name, setName] = useState(moving ?? '');
  const [target, setTarget] = useState(String(version));
  const save = useMutation({
    mutationFn: () =>
      call(moving ? 'tags:update' : 'tags:create', {
        ...tableInput(tableRef),
        tag: name.trim(),
        version: Number(target),
      }),
    onSuccess: onDone,
  });
  return (
    <form
      className="tag-form row"
      aria-label={moving ? `Move tag ${moving}` : `Tag version ${version}`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <label className="field">
        <span>Tag</span>
        <input
          aria-label="Tag name"
          value={name}
          disabled={moving !== undefined}
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
      </label>
      <label className="field">
        <span>On version</span>
        <select aria-label="On version" value={target} onChange={(e) => setTarget(e.target.value)}>
          {versions.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="primary" disabled={name.trim() === '' || save.isPending}>
        {moving ? 'Move tag' : 'Create tag'}
      </button>
      <button type="button" onClick={onDone}>
        Cancel
      </button>
      <ErrorMessage error={save.error} label="Tag error" />
    </form>
  );
}
