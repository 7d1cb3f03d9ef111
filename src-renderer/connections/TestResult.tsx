/** The answer of "Test connection", announced to screen readers as it arrives. */
export function TestResult({ result }: { result: { ok: boolean; message: string } | undefined }) {
  if (!result) return null;
  return (
    <p role="status" className={result.ok ? 'test-ok' : 'test-fail'} aria-label="Test result">
      {result.ok ? '✓ ' : '✕ '}
      {result.message}
    </p>
  );
}
