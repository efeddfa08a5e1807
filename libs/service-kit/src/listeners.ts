/**
 * A list of listeners a module registers into at start-up (WordPress's actions, in Loom's terms): what follows a
 * change without being part of it. Listeners run in registration order, one after the other.
 */
export interface Listeners<L> {
  /** Registers a listener. Returns a function removing it. */
  add(listener: L): () => void;
  /** The listeners now registered, in order. */
  readonly all: readonly L[];
}

/**
 * Bumped whenever any listener is added or removed, anywhere in the process: listeners can change answers
 * without a write (a test swapping one), so what keeps answers (core-content's answer cache) checks it.
 */
let generation = 0;
export const listenersGeneration = (): number => generation;

export function listeners<L>(): Listeners<L> {
  const list: L[] = [];
  return {
    add(listener) {
      list.push(listener);
      generation++;
      return () => {
        const i = list.indexOf(listener);
        if (i >= 0) list.splice(i, 1);
        generation++;
      };
    },
    all: list,
  };
}
