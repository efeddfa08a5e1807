// The test environment of every suite: Node's, plus closing what the harness started (src/cleanup.ts) once the
// file's own afterAll hooks have run, so a suite whose setup timed out cannot leave servers that keep jest alive.
'use strict';
const { TestEnvironment } = require('jest-environment-node');

/** How long the file's end waits for one thing to close before going on (a hung close must not hang the run). */
const CLOSE_WAIT_MS = 10000;

class LoomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = context.testPath;
    this.harness = { open: new Set(), ended: false };
    this.global.__loomHarness = this.harness;
  }

  async teardown() {
    this.harness.ended = true;
    const open = [...this.harness.open];
    this.harness.open.clear();
    if (open.length && process.env.LOOM_TEST_LEAKS)
      process.stderr.write(`left open: ${open.length} in ${this.testPath}\n`);
    await Promise.all(
      open.map((close) => {
        let timer;
        const bound = new Promise((resolve) => {
          timer = setTimeout(resolve, CLOSE_WAIT_MS);
        });
        return Promise.race([
          Promise.resolve()
            .then(close)
            .catch(() => undefined),
          bound,
        ]).finally(() => clearTimeout(timer));
      }),
    );
    await super.teardown();
    if (process.env.LOOM_TEST_LEAKS) {
      const counts = {};
      for (const r of process.getActiveResourcesInfo()) counts[r] = (counts[r] ?? 0) + 1;
      process.stderr.write(`active after ${this.testPath}: ${JSON.stringify(counts)}\n`);
    }
  }
}

module.exports = LoomEnvironment;
