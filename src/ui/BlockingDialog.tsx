import type { FormEvent, ReactNode } from 'react';
import { Dialog, Portal } from '@chakra-ui/react';

/**
 * A dialog the user cannot dismiss: only its own buttons lead on (a replaced or expired session).
 * With `onSubmit` its content is a form, so Enter submits it.
 */
export function BlockingDialog({ title, children, footer, onSubmit }: { title: string; children: ReactNode; footer: ReactNode; onSubmit?: (event: FormEvent) => void }) {
  const content = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer>{footer}</Dialog.Footer>
    </>
  );
  return (
    <Dialog.Root open role="alertdialog" closeOnEscape={false} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {onSubmit ? (
              <form onSubmit={onSubmit} noValidate aria-label={title}>
                {content}
              </form>
            ) : (
              content
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
