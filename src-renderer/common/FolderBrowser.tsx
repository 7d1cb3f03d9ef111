/**
 * A picker for paths on the host's machine: a browser has no native dialog for a server-side
 * path, so the host lists folders and the user walks them. Catalog folders are marked. With
 * `onPickFile`, the files an import can read are listed too, and a click picks one. A folder's
 * path may also be typed and opened with Enter, for a place far from where the browser starts.
 */
import { useEffect, useState } from 'react';
import type { ProcedureOutput } from '../../src-shared/studio-procedures';
import type { StudioApi } from '../../src-shared/studio-api';
import { formatBytes } from '../../src-shared/format';

type Listing = ProcedureOutput<'fs:list-folder'>;

export function FolderBrowser(props: {
  api: StudioApi;
  start: string;
  /** Picks the folder shown; absent when a file is what is wanted. */
  onPick?: (path: string) => void;
  onPickFile?: (path: string) => void;
}) {
  const [listing, setListing] = useState<Listing>();
  const [error, setError] = useState<string>();
  const [typed, setTyped] = useState('');

  const go = async (path?: string) => {
    const result = await props.api.call('fs:list-folder', {
      ...(path ? { path } : {}),
      ...(props.onPickFile ? { importableFiles: true } : {}),
    });
    if (result.ok) {
      setListing(result.value);
      setError(undefined);
    } else setError(result.error.message);
  };

  useEffect(() => {
    void go(props.start || undefined);
  }, []);

  const join = (name: string) =>
    listing!.path.endsWith('/') ? `${listing!.path}${name}` : `${listing!.path}/${name}`;

  return (
    <section
      aria-label={props.onPickFile ? 'File browser' : 'Folder browser'}
      className="folder-browser"
    >
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <label className="field">
        <span>Go to folder</span>
        <input
          aria-label="Go to folder"
          placeholder="A folder's path, then Enter"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            // Enter opens the folder here; it must not submit the dialog's form around it.
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (typed.trim()) void go(typed.trim());
          }}
        />
      </label>
      {listing && (
        <>
          <p>
            <strong>{listing.path}</strong>{' '}
            {props.onPick && (
              <button type="button" onClick={() => props.onPick!(listing.path)}>
                Use this folder
              </button>
            )}
          </p>
          <ul aria-label="Folders">
            {listing.parent && (
              <li>
                <button type="button" onClick={() => void go(listing.parent!)}>
                  ..
                </button>
              </li>
            )}
            {listing.folders.map((folder) => (
              <li key={folder.name}>
                <button type="button" onClick={() => void go(join(folder.name))}>
                  {folder.name}
                </button>
                {folder.isCatalog && <small> (catalog)</small>}
              </li>
            ))}
            {listing.files?.map((file) => (
              <li key={file.name}>
                <button
                  type="button"
                  className="file-entry"
                  onClick={() => props.onPickFile?.(join(file.name))}
                >
                  {file.name}
                </button>{' '}
                <small className="muted">{formatBytes(file.bytes)}</small>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
