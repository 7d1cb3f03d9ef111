/**
 * In a job's row, the download of an export made for the browser that this page has not started
 * yet: its form was closed while it ran, or this is another tab. Once clicked, it goes, since the
 * host sends the file once.
 */
import { useState } from 'react';
import type { JobView } from '../../api/use-host-events';
import { useStudioApi } from '../../api/studio-context';
import { downloadStarted, startBrowserDownload } from './browser-download';

export function ExportDownloadLink({ job }: { job: JobView }) {
  const downloadUrl = useStudioApi().files?.downloadUrl;
  const [, setClicked] = useState(false);
  const name = job.target.params?.download;
  if (job.kind !== 'export' || job.state !== 'succeeded' || typeof name !== 'string') return null;
  if (!downloadUrl || downloadStarted(job.id)) return null;
  return (
    <button
      type="button"
      className="link"
      onClick={() => {
        startBrowserDownload(job.id, downloadUrl(job.id), name);
        setClicked(true);
      }}
    >
      Download {name}
    </button>
  );
}
