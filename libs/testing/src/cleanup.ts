/**
 * What the harness started in this test file (servers, apps and their followers, gateways, nats-servers), closed
 * when the file ends even where the suite never closes it. A beforeAll that ran past its timeout still finishes
 * starting its services afterwards, with nobody holding them to close; one listening server or child process then
 * keeps jest from exiting at all. The test environment (libs/testing/environment.js) closes what is still open at
 * its teardown, after the file's own afterAll hooks; what finishes starting after that is closed at once.
 */

/** The environment puts this object on the test file's global; a file run under another environment gets its own. */
interface Harness {
  open: Set<() => Promise<void>>;
  ended: boolean;
}

const KEY = '__loomHarness';
const harness: Harness = ((globalThis as Record<string, unknown>)[KEY] as Harness | undefined) ?? {
  open: new Set(),
  ended: false,
};

/**
 * Registers `close` and gives it back made idempotent: the suite's own call and the file's end close once, and a
 * close after the file ended happens at once.
 */
export function closedAtEnd(close: () => Promise<void> | void): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const once = (): Promise<void> => {
    harness.open.delete(once);
    return (closing ??= Promise.resolve().then(close));
  };
  if (harness.ended) void once().catch(() => undefined);
  else harness.open.add(once);
  return once;
}
