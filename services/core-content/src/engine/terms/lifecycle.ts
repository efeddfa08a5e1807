/**
 * What follows a term's deletion without being part of it, as WordPress's `delete_term` action: menu items that
 * link to the term go with it (menus/lifecycle.ts registers that). Listeners run after the term is gone.
 */
import { listeners } from '@loom/service-kit';
import type { Store } from '@loom/store';
import type { TermDoc } from '@loom/terms';

export type TermDeleted = (term: TermDoc, store: Store) => Promise<void>;

const deletedListeners = listeners<TermDeleted>();

/** Registers a listener (once, at start-up). Returns a function removing it. */
export const onTermDeleted = (listener: TermDeleted): (() => void) => deletedListeners.add(listener);

export async function termDeleted(term: TermDoc, store: Store): Promise<void> {
  for (const l of deletedListeners.all) await l(term, store);
}
