import { useState, useSyncExternalStore } from 'react';
import { Button, Dialog, Field, Input, Portal, Text } from '@chakra-ui/react';
import type { NotifyType } from '../../domain/rules/notify';

export interface DialogPrompt {
  label: string;
  type?: 'text' | 'password';
  initial?: string;
  /** The OK button stays disabled while this returns a message (or false). */
  validate: (value: string) => string | true;
}

export interface DialogOptions {
  title: string;
  message: string;
  type?: NotifyType;
  okLabel?: string;
  cancelLabel?: string;
  prompt?: DialogPrompt;
}

interface OpenDialog extends DialogOptions {
  resolve: (value: string | boolean) => void;
}

let current: OpenDialog | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/**
 * Opens the app's dialog. Resolves to true (or the prompt's value) on OK, false on cancel.
 */
export function openDialog(options: DialogOptions & { prompt: DialogPrompt }): Promise<string | false>;
export function openDialog(options: DialogOptions): Promise<boolean>;
export function openDialog(options: DialogOptions): Promise<string | boolean> {
  return new Promise((resolve) => {
    current?.resolve(false);
    current = { ...options, resolve };
    emit();
  });
}

function close(value: string | boolean) {
  const dialog = current;
  current = null;
  emit();
  dialog?.resolve(value);
}

const PALETTE: Record<NotifyType, string> = { positive: 'green', negative: 'red', warning: 'orange', info: 'blue', ongoing: 'blue' };

function DialogBody({ dialog }: { dialog: OpenDialog }) {
  const [value, setValue] = useState(dialog.prompt?.initial ?? '');
  const verdict = dialog.prompt ? dialog.prompt.validate(value) : true;
  const ok = () => {
    if (verdict === true) close(dialog.prompt ? value : true);
  };
  return (
    <Dialog.Content as="form" onSubmit={(e: React.FormEvent) => (e.preventDefault(), ok())}>
      <Dialog.Header>
        <Dialog.Title>{dialog.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Text mb="3">{dialog.message}</Text>
        {dialog.prompt && (
          <Field.Root invalid={value !== '' && verdict !== true}>
            <Field.Label>{dialog.prompt.label}</Field.Label>
            <Input autoFocus type={dialog.prompt.type ?? 'text'} value={value} onChange={(e) => setValue(e.target.value)} />
            {typeof verdict === 'string' && value !== '' && <Field.ErrorText>{verdict}</Field.ErrorText>}
          </Field.Root>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={() => close(false)}>
          {dialog.cancelLabel ?? 'Cancel'}
        </Button>
        <Button type="submit" colorPalette={PALETTE[dialog.type ?? 'info']} disabled={verdict !== true}>
          {dialog.okLabel ?? 'OK'}
        </Button>
      </Dialog.Footer>
    </Dialog.Content>
  );
}

export function AppDialog() {
  const dialog = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
  return (
    <Dialog.Root open={dialog !== null} onOpenChange={(e) => !e.open && close(false)} role={dialog?.type === 'negative' ? 'alertdialog' : 'dialog'}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{dialog && <DialogBody key={dialog.title + dialog.message} dialog={dialog} />}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
