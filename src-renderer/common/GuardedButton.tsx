/**
 * A button for an action the connection may not allow: disabled, with the reason as its tooltip
 * and its description, so the user learns why before filling in a form the server would refuse.
 */
import { useId, type ReactNode } from 'react';

export function GuardedButton({
  refusal,
  onClick,
  className,
  children,
}: {
  refusal: string | undefined;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  const reasonId = useId();
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={onClick}
        disabled={refusal !== undefined}
        title={refusal}
        aria-describedby={refusal ? reasonId : undefined}
      >
        {children}
      </button>
      {refusal && (
        <span id={reasonId} hidden>
          {refusal}
        </span>
      )}
    </>
  );
}
