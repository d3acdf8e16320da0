/**
 * The server's layering rules (docs/architecture.md, "Rules"), checked by `pnpm deps` in `pnpm test`:
 *   app/        composition: may import anything; nothing imports it
 *   features/   may import platform/ and other features' front doors (their index.ts) only
 *   platform/   the floor: imports no feature and nothing of app/
 * Tests (any __tests__ folder, server/test, server/bench) may reach anything.
 */
const TESTS = '(/__tests__/|^server/test/|^server/bench/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'platform-imports-no-feature',
      comment: 'The platform is the floor features build on: it knows no feature (a feature plugs in through the module kernel, extension points and the event vocabulary).',
      severity: 'error',
      from: { path: '^server/src/platform/', pathNot: TESTS },
      to: { path: '^server/src/(features|app)/' },
    },
    {
      name: 'features-meet-at-front-doors',
      comment: "A feature uses another feature only through its front door (features/<f>/index.ts): services, extension points, exported types; never another feature's files.",
      severity: 'error',
      from: { path: '^server/src/features/([^/]+)/', pathNot: TESTS },
      to: { path: '^server/src/features/[^/]+/', pathNot: '^server/src/features/($1/|[^/]+/index[.]ts$)' },
    },
    {
      name: 'nothing-imports-app',
      comment: 'app/ puts the features together (server, module list, process model): nothing below may depend on the assembly.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: `(^server/src/app/|${TESTS})` },
      to: { path: '^server/src/app/' },
    },
    {
      name: 'no-circular',
      comment: 'No file circles (madge checks the same in `pnpm cycles`).',
      severity: 'error',
      from: { path: '^server/src/', pathNot: TESTS },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/dist/)' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
