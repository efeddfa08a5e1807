/**
 * The architecture, checked (test/repo/architecture.test.ts runs this over libs/ and services/):
 * no import cycles, type-only ones included; libs never import a service (the test harness, libs/testing, is
 * the one lib that starts them); no service imports another; core-content's engine imports nothing built on it.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle ties modules that should be layered; break it by moving the shared part down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'libs-below-services',
      severity: 'error',
      comment: 'Libraries are shared by services and cannot know them (libs/testing, the test harness, may).',
      from: { path: '^libs/', pathNot: '^libs/testing/' },
      to: { path: '^services/' },
    },
    {
      name: 'services-apart',
      severity: 'error',
      comment: 'A service reaches another over HTTP or NATS, never by importing it.',
      from: { path: '^services/([^/]+)/src/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'engine-below-types',
      severity: 'error',
      comment:
        "core-content's engine is handed the registered types at start (engine/registry.ts); it imports no type, taxonomy or list.",
      from: { path: '^services/core-content/src/engine/' },
      to: {
        path: '^services/core-content/src/(types|taxonomies)/|^services/core-content/src/(routes|service|index|main|cli)\\.ts$',
      },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
