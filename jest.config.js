/** One jest run over every package. Tests import the libs from source (moduleNameMapper), so unit tests
 * need no build; the end-to-end suite starts the built processes, which is why `npm test` builds first. */
module.exports = {
  // Node's environment, plus closing what the harness started when a file ends (libs/testing/environment.js).
  testEnvironment: '<rootDir>/libs/testing/environment.js',
  roots: ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/test'],
  testMatch: ['**/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  moduleNameMapper: {
    '^@loom/(contracts|service-kit|store|terms|rendering|safe-fetch|media|post-engine)$': '<rootDir>/libs/$1/src',
    '^@loom/(gateway|core-content|events|forms|oembed)$': '<rootDir>/services/$1/src',
    // The shared test harness (test-only, never built; see libs/testing/README.md).
    '^@loom/testing$': '<rootDir>/libs/testing/src',
  },
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      { tsconfig: { module: 'commonjs', target: 'ES2022', esModuleInterop: true, isolatedModules: true } },
    ],
  },
  testTimeout: 30000,
  // Files run in worker processes, never in jest's own, and a worker that holds more than this after a file is
  // replaced by a fresh one. In one long-lived process (jest's choice for one worker) the heap grew with every file
  // until garbage collection took most of the time: late in the run, a start that takes half a second alone ran
  // past 30 s.
  workerIdleMemoryLimit: '1GB',
  // Two files at a time on the 2-core machines this runs on (jest's default there is one): most of a file's time
  // is spent waiting on its servers. With both settings the run took 572 s instead of 1,895 s.
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
};
