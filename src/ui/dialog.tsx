import { useState } from 'react';
import { Button, Dialog, Field, Input, NativeSelect, Portal, Text } from '@chakra-ui/react';
import type { NotifyType } from '../../domain/rules/notify';
import { closeDialog as close, useCurrentDialog, type OpenDialog } from './dialog-store';
import { SelectOptions } from './form';

export { openDialog, type DialogOptions, type DialogPrompt } from './dialog-store';

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
            {dialog.prompt.choices ? (
              <NativeSelect.Root size="lg">
                <NativeSelect.Field autoFocus value={value} onChange={(e) => setValue(e.target.value)}>
                  <SelectOptions blank="Choose…" options={dialog.prompt.choices} />
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            ) : (
              <Input autoFocus type={dialog.prompt.type ?? 'text'} value={value} onChange={(e) => setValue(e.target.value)} />
            )}
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
  const dialog = useCurrentDialog();
  return (
    <Dialog.Root open={dialog !== null} onOpenChange={(e) => !e.open && close(false)} role={dialog?.type === 'negative' ? 'alertdialog' : 'dialog'}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{dialog && <DialogBody key={dialog.title + dialog.message} dialog={dialog} />}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
