/**
 * Every dialog's frame: Radix Dialog for focus trapping, Escape and labelling, with a title,
 * an optional description, and the body. Closing routes through the workspace.
 */
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

export function Modal({
  title,
  description,
  onClose,
  wide,
  children,
}: {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className={wide ? 'modal modal-wide' : 'modal'}
          aria-describedby={undefined}
        >
          <Dialog.Title className="modal-title">{title}</Dialog.Title>
          {description && (
            <Dialog.Description className="modal-description">{description}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
