/**
 * Where an import's file comes from: a typed path; Browse…, the native dialog in Electron or the
 * host's file browser in a browser; a file dropped on the form; or, in the web mode, a file of
 * the user's own machine uploaded to the host (Upload…, or dropped). Each way ends in a path the
 * host can read, handed to `onChosen`, which previews it.
 */
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useStudioApi } from '../api/studio-context';
import { FolderBrowser } from '../common/FolderBrowser';
import { lastImportFolder, parentOf, rememberImportFolder } from './last-folder';

export function ImportFilePicker({
  path,
  invalid,
  onPathChange,
  onChosen,
  onEnter,
  catalogFolder,
  children,
}: {
  path: string;
  invalid: boolean;
  onPathChange: (path: string) => void;
  /** A path picked, dropped or uploaded: ready to preview. */
  onChosen: (path: string) => void;
  onEnter: () => void;
  /** Where the file browser opens when no path is typed and no file was imported before. */
  catalogFolder?: string;
  /** The rest of the form, which is the drop target too. */
  children: ReactNode;
}) {
  const api = useStudioApi();
  const files = api.files;
  const [browsing, setBrowsing] = useState(false);
  const [uploading, setUploading] = useState<string>();
  const [uploadError, setUploadError] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const chooser = useRef<HTMLInputElement>(null);

  const choose = (picked: string) => {
    setBrowsing(false);
    setUploadError(undefined);
    onPathChange(picked);
    onChosen(picked);
  };

  // A file found by browsing: its folder is where the next browse starts (an upload's is not).
  const browsed = (picked: string) => {
    rememberImportFolder(picked);
    choose(picked);
  };

  const take = async (file: File) => {
    const known = files?.pathOf?.(file);
    if (known) return choose(known);
    if (!files?.upload) {
      setUploadError('This window cannot read a dropped file; type its path or use Browse…');
      return;
    }
    setUploading(file.name);
    setUploadError(undefined);
    const sent = await files.upload(file);
    setUploading(undefined);
    if (sent.ok) choose(sent.value.path);
    else setUploadError(sent.error.message);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) void take(file);
  };

  return (
    <div
      className={dragging ? 'import-drop dragging' : 'import-drop'}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <label className="field">
        <span>File path</span>
        <div className="row">
          <input
            aria-label="File path"
            placeholder="/path/to/data.csv — or drop a file here"
            value={path}
            autoFocus
            aria-invalid={invalid}
            onChange={(e) => {
              setUploadError(undefined);
              onPathChange(e.target.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onEnter();
              }
            }}
          />
          <button
            type="button"
            aria-expanded={files?.pick ? undefined : browsing}
            onClick={() => {
              if (files?.pick) {
                void files.pick().then((picked) => picked && browsed(picked));
              } else setBrowsing((b) => !b);
            }}
          >
            Browse…
          </button>
          {files?.upload && (
            <>
              <button type="button" onClick={() => chooser.current?.click()}>
                Upload…
              </button>
              <input
                ref={chooser}
                type="file"
                hidden
                aria-label="File to upload"
                accept=".csv,.tsv,.tab,.json,.ndjson,.jsonl,.parquet,.pq,.arrow,.arrows,.ipc,.feather"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void take(file);
                }}
              />
            </>
          )}
        </div>
      </label>
      {browsing && (
        <FolderBrowser
          api={api}
          // The typed path's folder, else the last import's, else the catalog's, else the host's
          // home: the nearest guess of where the file is.
          start={parentOf(path.trim()) || lastImportFolder() || catalogFolder || ''}
          onPickFile={browsed}
        />
      )}
      {uploading && (
        <p className="help" role="status">
          Uploading {uploading}…
        </p>
      )}
      {uploadError && (
        <span className="field-error" role="alert">
          {uploadError}
        </span>
      )}
      {children}
      {dragging && (
        <div className="drop-hint" aria-hidden="true">
          Drop the file to import it
        </div>
      )}
    </div>
  );
}
