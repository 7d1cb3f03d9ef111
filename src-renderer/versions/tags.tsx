/** A tag on the timeline, and the form that creates one or moves one to another version. */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { TagInfo } from '../../src-shared/catalog-api';
import type { TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { ErrorMessage } from '../common/ErrorMessage';
import { VersionSelect } from './VersionSelect';

export function TagChip({
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
export function TagForm({
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
      <VersionSelect label="On version" value={target} versions={versions} onChange={setTarget} />
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
