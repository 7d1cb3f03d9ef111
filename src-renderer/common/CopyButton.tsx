/** A copy button that says what happened: "Copied", or "Copy failed" when the clipboard is shut. */
import { useEffect, useState } from 'react';
import { copyText } from './clipboard';

export function CopyButton({
  text,
  label,
  caption = 'Copy',
}: {
  text: string;
  label: string;
  /** The button's visible word, when "Copy" alone would not say what it copies. */
  caption?: string;
}) {
  const [result, setResult] = useState<'copied' | 'failed'>();
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(undefined), 1500);
    return () => clearTimeout(timer);
  }, [result]);
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={label}
      onClick={(e) => {
        e.stopPropagation();
        void copyText(text).then((copied) => setResult(copied ? 'copied' : 'failed'));
      }}
    >
      {result === 'copied' ? 'Copied' : result === 'failed' ? 'Copy failed' : caption}
    </button>
  );
}
