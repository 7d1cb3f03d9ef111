/**
 * "Show code": the action the app is about to perform (or just performed) as TypeScript with
 * `@lancedb/lancedb`, Python with `lancedb`, and a `curl` call against the namespace routes, with
 * the user's real names and values and the credentials left to the environment. Each is copyable.
 */
import { useState } from 'react';
import type { CodeAction } from '../../../src-shared/code-snippets/actions';
import { codeFor } from '../../../src-shared/code-snippets/snippets';
import { useConnections } from '../../api/catalog-queries';
import { CopyButton } from '../CopyButton';
import { snippetConnection } from './snippet-connection';
import './code.css';

const LANGUAGES = [
  ['typescript', 'TypeScript'],
  ['python', 'Python'],
  ['curl', 'REST (curl)'],
] as const;
type Language = (typeof LANGUAGES)[number][0];

export function ShowCode({
  connectionId,
  action,
}: {
  connectionId: string;
  /**
   * The action as the form now describes it; undefined while the form cannot be sent. Called on
   * every render while the panel is open, so it must not set state.
   */
  action: () => CodeAction | undefined;
}) {
  const [open, setOpen] = useState(false);
  // Computed on every render, not when the panel opened: the code follows the form as it changes.
  const shown: CodeAction | 'incomplete' | undefined = open
    ? (action() ?? 'incomplete')
    : undefined;
  return (
    <>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {shown ? 'Hide code' : 'Show code'}
      </button>
      {shown === 'incomplete' && (
        <p className="muted code-incomplete">Fill in the form first: the code uses its values.</p>
      )}
      {shown && shown !== 'incomplete' && <CodePanel connectionId={connectionId} action={shown} />}
    </>
  );
}

function CodePanel({ connectionId, action }: { connectionId: string; action: CodeAction }) {
  const connections = useConnections();
  const connection = connections.data?.find((c) => c.id === connectionId);
  const [language, setLanguage] = useState<Language>('typescript');
  if (!connection) return null;
  let snippets: ReturnType<typeof codeFor>;
  try {
    snippets = codeFor(action, snippetConnection(connection));
  } catch (error) {
    return <p className="form-problem">{(error as Error).message}</p>;
  }
  const text = snippets[language];
  return (
    <section className="code-panel" aria-label="Code for this action">
      <div className="code-tabs" role="tablist" aria-label="Language">
        {LANGUAGES.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={language === id}
            className={language === id ? 'code-tab active' : 'code-tab'}
            onClick={() => setLanguage(id)}
          >
            {label}
          </button>
        ))}
        <span className="spacer" />
        <CopyButton text={text} label={`Copy ${language} code`} />
      </div>
      <pre className="code-text mono" aria-label={`${language} code`}>
        {text}
      </pre>
    </section>
  );
}
