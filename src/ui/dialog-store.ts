import { createStore, useStore } from 'zustand';
import type { Option } from '../../domain/options';
import type { NotifyType } from '../../domain/rules/notify';

export interface DialogPrompt {
  label: string;
  type?: 'text' | 'password';
  initial?: string;
  /** A choice among these instead of typing (the value is the chosen option's). */
  choices?: readonly Option[];
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

export interface OpenDialog extends DialogOptions {
  resolve: (value: string | boolean) => void;
}

const current = createStore<OpenDialog | null>()(() => null);

/**
 * Opens the app's dialog. Resolves to true (or the prompt's value) on OK, false on cancel.
 */
export function openDialog(options: DialogOptions & { prompt: DialogPrompt }): Promise<string | false>;
export function openDialog(options: DialogOptions): Promise<boolean>;
export function openDialog(options: DialogOptions): Promise<string | boolean> {
  return new Promise((resolve) => {
    current.getState()?.resolve(false);
    current.setState({ ...options, resolve }, true);
  });
}

export function closeDialog(value: string | boolean) {
  const dialog = current.getState();
  current.setState(null, true);
  dialog?.resolve(value);
}

/** The dialog on screen, if any (the root shell mounts the dialog component only then). */
export function useCurrentDialog(): OpenDialog | null {
  return useStore(current);
}
