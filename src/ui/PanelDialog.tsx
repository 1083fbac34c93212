import type { ComponentProps, ReactNode } from 'react';
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { FormStack } from './form';

/**
 * A dialog over a screen for a task or a closer look (a form, a record's detail, a user's
 * sessions): Escape, a press outside or its buttons close it; it takes the whole screen below a
 * tablet's width and scrolls inside when long. With `submit` its content is a form named by its
 * title, its footer Cancel and the submit button (Enter submits; a save is tracked as FormStack
 * does); without, its footer is Close.
 */
export function PanelDialog({
  title,
  children,
  onClose,
  submit,
  size = 'lg',
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  submit?: { label: string; onSubmit: ComponentProps<typeof FormStack>['onSubmit']; busy?: boolean; palette?: string };
  size?: 'md' | 'lg';
}) {
  const content = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body display="flex" flexDirection="column" gap="4">
        {children}
      </Dialog.Body>
      <Dialog.Footer>
        <Button size="lg" variant="outline" onClick={onClose}>
          {submit ? 'Cancel' : 'Close'}
        </Button>
        {submit && (
          <Button size="lg" type="submit" colorPalette={submit.palette} loading={submit.busy}>
            {submit.label}
          </Button>
        )}
      </Dialog.Footer>
    </>
  );
  return (
    <Dialog.Root open size={{ base: 'full', md: size }} scrollBehavior="inside" onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {submit ? (
              <FormStack onSubmit={submit.onSubmit} gap="0" aria-label={title}>
                {content}
              </FormStack>
            ) : (
              content
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
