/**
 * Open a catalog folder, or make a new one. The path can be typed or picked with the folder
 * browser, which marks folders that already hold a catalog.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useCall } from '../api/studio-context';
import { DialogActions } from '../common/DialogActions';
import { DialogForm } from '../common/DialogForm';
import { Modal } from '../common/Modal';
import { FolderBrowser } from '../common/FolderBrowser';
import { useStudioApi } from '../api/studio-context';
import { useWorkspace } from '../state/workspace';
import { ConnectionDisplayFields, useDisplayFields } from './ConnectionDisplayFields';

export function OpenFolderDialog({ create }: { create: boolean }) {
  const ws = useWorkspace();
  const api = useStudioApi();
  const call = useCall();
  const [path, setPath] = useState('');
  const [browsing, setBrowsing] = useState(false);
  const display = useDisplayFields();
  const open = useMutation({
    mutationFn: () =>
      call('connections:open-folder', { path: path.trim(), create, ...display.values }),
    onSuccess: () => ws.closeDialog(),
  });
  return (
    <Modal
      title={create ? 'New folder catalog' : 'Open folder'}
      description={
        create
          ? 'Creates an empty catalog in a folder (made if missing), in LanceDB’s own layout.'
          : 'Opens a folder that holds a LanceDB catalog or Lance tables.'
      }
      onClose={ws.closeDialog}
    >
      <DialogForm
        onSubmit={() => {
          if (path.trim()) open.mutate();
        }}
      >
        <label className="field">
          <span>Folder path</span>
          <div className="row">
            <input
              aria-label="Folder path"
              value={path}
              autoFocus
              placeholder="/path/to/catalog"
              onChange={(e) => setPath(e.target.value)}
            />
            <button type="button" onClick={() => setBrowsing((b) => !b)} aria-expanded={browsing}>
              Browse…
            </button>
          </div>
        </label>
        {browsing && (
          <FolderBrowser
            api={api}
            start={path}
            onPick={(picked) => {
              setPath(picked);
              setBrowsing(false);
            }}
          />
        )}
        <ConnectionDisplayFields fields={display} />
        <DialogActions
          label={create ? 'Create catalog' : 'Open'}
          pendingLabel="Opening…"
          pending={open.isPending}
          disabled={!path.trim()}
          error={open.error}
        />
      </DialogForm>
    </Modal>
  );
}
