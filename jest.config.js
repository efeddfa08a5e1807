/** One jest run over every package. Tests import the libs from source (moduleNameMapper), so unit tests
 * need no build; the end-to-end suite starts the built processes, which is why `npm test` builds first. */
module.exports = {
  testEnvironment: 'node',
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
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
};
