/**
 * The editor drawn in a cell: Enter keeps the text, Escape leaves the cell as it was, Tab keeps
 * it and moves to the next cell (Shift+Tab the previous one). Text that cannot be kept is said
 * under the cell at once and the editor stays, so nothing typed is lost on a slip. A column whose
 * values cannot be written in place at all (a vector too wide for an update) says so as the
 * editor opens, before anything is typed. Leaving the cell by a click keeps the text too, as a
 * spreadsheet does.
 */
import { useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';

const stop = (e: SyntheticEvent) => e.stopPropagation();

export function CellEditor({
  initial,
  label,
  hint,
  notice,
  problem,
  onKeep,
  onCancel,
}: {
  initial: string;
  /** The editor's name: the column and the row. */
  label: string;
  hint: string;
  /** Said under the cell as soon as the editor opens, until a problem takes its place. */
  notice?: string;
  problem: (text: string) => string | undefined;
  /**
   * Kept; `move` says where the focus goes next (Tab: 1, Shift+Tab: -1, Enter: 0), and is
   * undefined when the focus went elsewhere by itself (a click outside), which it keeps.
   */
  onKeep: (text: string, move: -1 | 0 | 1 | undefined) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const [shown, setShown] = useState<string>();
  const hintId = useId();
  const problemId = useId();
  const noticeId = useId();
  // Once kept or cancelled, the blur that follows (the editor leaving the page) is not a keep.
  const done = useRef(false);
  const keep = (move: -1 | 0 | 1 | undefined) => {
    if (done.current) return;
    const wrong = problem(text);
    if (wrong !== undefined) {
      setShown(wrong);
      return;
    }
    done.current = true;
    onKeep(text, move);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // The grid's own keys (arrows, Space, Enter) must not act while typing.
    e.stopPropagation();
    if (e.key === 'Enter') {
      e.preventDefault();
      keep(0);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      done.current = true;
      onCancel();
    } else if (e.key === 'Tab') {
      e.preventDefault();
      keep(e.shiftKey ? -1 : 1);
    }
  };
  return (
    <span className="cell-editor">
      <input
        className="cell-editor-input"
        aria-label={label}
        aria-describedby={
          shown !== undefined ? problemId : notice !== undefined ? `${noticeId} ${hintId}` : hintId
        }
        aria-invalid={shown !== undefined}
        value={text}
        placeholder={hint}
        spellCheck={false}
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          setText(e.target.value);
          // Said again as the text changes, so a fixed value clears the message at once.
          if (shown !== undefined) setShown(problem(e.target.value));
        }}
        onKeyDown={onKeyDown}
        // A click elsewhere keeps what can be kept; what cannot stays in the editor, said.
        onBlur={() => keep(undefined)}
        onClick={stop}
        onMouseDown={stop}
        onDoubleClick={stop}
      />
      <span id={hintId} hidden>
        {hint}
      </span>
      {shown !== undefined ? (
        <span id={problemId} className="cell-editor-problem" role="alert">
          {shown}
        </span>
      ) : (
        notice !== undefined && (
          <span id={noticeId} className="cell-editor-problem cell-editor-notice" role="status">
            {notice}
          </span>
        )
      )}
    </span>
  );
}
