/** A blob: URL for image bytes, revoked when the cell leaves the screen. */
import { useEffect, useState } from 'react';

export function useObjectUrl(bytes: Uint8Array, mime: string): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const next = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mime }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [bytes, mime]);
  return url;
}
