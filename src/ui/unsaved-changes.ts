import { useEffect, useId } from 'react';

/**
 * Forms with unsaved input on this page. The app's update waits while there is any (DESIGN.md:
 * "never reload while ... a form has unsaved input"); forms only report, the shell decides.
 */
const dirtyForms = new Set<string>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Forms call this with their dirty state. */
export function useUnsavedChanges(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    dirtyForms.add(id);
    changed();
    return () => {
      dirtyForms.delete(id);
      changed();
    };
  }, [dirty, id]);
}

export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

/** Called whenever a form becomes dirty or clean again. */
export function onUnsavedChangesChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Test seam: forget the dirty forms. */
export function forgetUnsavedChangesForTests(): void {
  dirtyForms.clear();
}
