/**
 * What follows a term's deletion without being part of it, as WordPress's `delete_term` action: menu items that
 * link to the term go with it (menus/lifecycle.ts registers that). Listeners run after the term is gone.
 */
import type { Store } from '@loom/store';
import type { TermDoc } from '@loom/terms';

export type TermDeleted = (term: TermDoc, store: Store) => Promise<void>;

const listeners: TermDeleted[] = [];

/** Registers a listener (once, at start-up). Returns a function removing it. */
export function onTermDeleted(listener: TermDeleted): () => void {
  listeners.push(listener);
  return () => {
    const i = listeners.indexOf(listener);
    if (i >= 0) listeners.splice(i, 1);
  };
}

export async function termDeleted(term: TermDoc, store: Store): Promise<void> {
  for (const l of listeners) await l(term, store);
}
