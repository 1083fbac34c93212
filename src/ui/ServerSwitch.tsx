import { useState } from 'react';
import { Switch } from '@chakra-ui/react';

/**
 * A switch that shows a setting the server holds (a module, a user's permission): a press asks
 * `onPress` for the other state, and the switch shows whatever the server holds afterwards. It is
 * drawn anew after every press: a press cancelled or refused leaves the switch's own box flipped,
 * and a switch held to a value then ignores the next press.
 */
export function ServerSwitch({ checked, label, disabled, onPress }: { checked: boolean; label: string; disabled?: boolean; onPress: (next: boolean) => Promise<unknown> }) {
  const [presses, setPresses] = useState(0);
  return (
    <Switch.Root
      key={presses}
      size="lg"
      minH="11"
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => void onPress(e.checked).finally(() => setPresses((n) => n + 1))}
    >
      <Switch.HiddenInput aria-label={label} />
      <Switch.Control />
    </Switch.Root>
  );
}
