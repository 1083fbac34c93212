import { useEffect, useId } from 'react';
import { createStore } from 'zustand/vanilla';

/**
 * Forms with unsaved input on this page. The app's update waits while there is any (DESIGN.md:
 * "never reload while ... a form has unsaved input"); forms only report, the shell decides.
 */
const dirtyForms = createStore<ReadonlySet<string>>()(() => new Set());

function setDirty(id: string, dirty: boolean): void {
  dirtyForms.setState((forms) => {
    const next = new Set(forms);
    if (dirty) next.add(id);
    else next.delete(id);
    return next;
  }, true);
}

/** Forms call this with their dirty state. */
export function useUnsavedChanges(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    setDirty(id, true);
    return () => setDirty(id, false);
  }, [dirty, id]);
}

export function hasUnsavedChanges(): boolean {
  return dirtyForms.getState().size > 0;
}

// Saves under way: a form that saves and then moves on to what it saved is not being left.
let saving = 0;

/** Forms hand their save here; navigations while it runs are the save's own and lose nothing. */
export function trackSave(save: Promise<unknown>): void {
  saving += 1;
  // A failed save still fails where it did: `finally` passes its rejection on.
  void save.finally(() => {
    saving -= 1;
  });
}

/** Whether leaving the page now would lose what someone typed. */
export function wouldLoseInput(): boolean {
  return saving === 0 && hasUnsavedChanges();
}

/** Called whenever a form becomes dirty or clean again. */
export function onUnsavedChangesChange(listener: () => void): () => void {
  return dirtyForms.subscribe(() => listener());
}

/** Test seam: forget the dirty forms. */
export function forgetUnsavedChangesForTests(): void {
  saving = 0;
  dirtyForms.setState(new Set(), true);
}
