/**
 * A dialog's form. A submit runs the dialog's action in place; the browser's own submit would
 * navigate, reloading the app and losing every open tab.
 */
import type { ComponentProps } from 'react';

export function DialogForm({
  onSubmit,
  ...form
}: Omit<ComponentProps<'form'>, 'onSubmit'> & { onSubmit: () => void }) {
  return (
    <form
      {...form}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    />
  );
}
