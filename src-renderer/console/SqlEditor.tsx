/**
 * The console's editor: CodeMirror 6 with its SQL language (highlighting, brackets, history),
 * Ctrl/Cmd+Enter to run, and a problem's place in the text selected and scrolled to.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { sql } from '@codemirror/lang-sql';
import { bracketMatching, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, placeholder } from '@codemirror/view';
import { useEffect, useRef } from 'react';

/** Colours from the app's theme variables, so the text reads in light and dark alike. */
const THEMED = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--accent)', fontWeight: '600' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--warn)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--danger)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--muted)' },
  { tag: [tags.operator, tags.punctuation], color: 'var(--muted)' },
]);

export interface EditorHandle {
  text(): string;
  /** Replaces the text; `focus` (the default) also moves the keyboard there. */
  setText(text: string, focus?: boolean): void;
  select(offset: number, length: number): void;
}

export function SqlEditor({
  initial,
  onRun,
  onReady,
}: {
  initial: string;
  onRun: (text: string) => void;
  onReady: (handle: EditorHandle) => void;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const run = useRef(onRun);
  run.current = onRun;
  useEffect(() => {
    const runKey = {
      key: 'Mod-Enter',
      preventDefault: true,
      run: (view: EditorView) => {
        run.current(view.state.doc.toString());
        return true;
      },
    };
    const view = new EditorView({
      parent: holder.current!,
      state: EditorState.create({
        doc: initial,
        extensions: [
          lineNumbers(),
          history(),
          bracketMatching(),
          sql(),
          syntaxHighlighting(THEMED),
          placeholder('SELECT * FROM table LIMIT 100'),
          keymap.of([runKey, ...defaultKeymap, ...historyKeymap]),
          EditorView.contentAttributes.of({ 'aria-label': 'SQL query' }),
          EditorView.lineWrapping,
        ],
      }),
    });
    onReady({
      text: () => view.state.doc.toString(),
      setText: (text, focus = true) => {
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
        if (focus) view.focus();
      },
      select: (offset, length) => {
        const from = Math.min(offset, view.state.doc.length);
        const to = Math.min(from + Math.max(length, 1), view.state.doc.length);
        view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
        view.focus();
      },
    });
    return () => view.destroy();
    // The editor is made once; its text lives in CodeMirror's state from then on.
  }, []);
  return <div className="sql-editor" ref={holder} />;
}
