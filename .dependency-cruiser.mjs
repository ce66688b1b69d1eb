/**
 * The import rules of this codebase, checked by `npm run check:deps` (part of `npm test`).
 * - No import circles.
 * - The API (server/) reads only the shared contract from src/: the zod schemas (`schema.ts`,
 *   `*-schema.ts`, src/lib/contract/), the plain values and pure rules both sides apply
 *   (`values.ts`, `rules.ts`, `*-rules.ts`), formatting, text shortening and the HTML sanitizer.
 *   The contract imports nothing else of the codebase (packages such as zod are allowed), so the
 *   API can be read and run without the web app.
 * - The web app (src/) reaches server code through one entry point, server/web-entry.ts.
 * - Islands (browser code) never import page loaders (`*.server.ts`) or server code.
 * - Repositories never import services; routers, services and repositories never import seed code.
 */
const CONTRACT = [
  '^src/lib/contract/',
  '^src/lib/[^/]+/(schema|rules|values|[a-z-]+-(schema|rules))\\.ts$',
  '^src/lib/(format|sanitize)/[^/]+\\.ts$',
  '^src/lib/text/(shorten|text)\\.ts$',
  '^src/lib/i18n/lang\\.ts$',
];
const TESTS = '\\.(test|spec)\\.tsx?$|\\.fixture\\.ts$|^tests/|^server/test/|^bench/';

export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other cannot be read, tested or loaded one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'api-reads-only-the-contract',
      severity: 'error',
      comment: 'The API imports nothing from src/ but the contract (schemas and pure rules).',
      from: { path: '^server/', pathNot: [TESTS, '^server/web/', '^server/main\\.ts$', '^server/web-entry\\.ts$'] },
      to: { path: '^src/', pathNot: CONTRACT },
    },
    {
      name: 'contract-is-self-contained',
      severity: 'error',
      comment: 'The contract imports only zod and other contract files.',
      from: { path: CONTRACT, pathNot: TESTS },
      to: { dependencyTypesNot: ['npm', 'core'], pathNot: CONTRACT },
    },
    {
      name: 'web-app-reaches-the-server-through-one-entry',
      severity: 'error',
      comment: 'The web app uses server code only through server/web-entry.ts.',
      from: { path: '^src/', pathNot: TESTS },
      to: { path: '^server/', pathNot: '^server/web-entry\\.ts$' },
    },
    {
      name: 'islands-stay-in-the-browser',
      severity: 'error',
      comment: 'Islands run in the browser: no page loaders (*.server.ts) and no server code.',
      from: { path: '^src/islands/', pathNot: TESTS },
      to: { path: ['\\.server\\.ts$', '^server/'] },
    },
    {
      name: 'repositories-do-not-call-services',
      severity: 'error',
      from: { path: '\\.repository\\.ts$' },
      to: { path: '\\.service\\.ts$' },
    },
    {
      name: 'no-seed-code-in-production-paths',
      severity: 'error',
      comment: 'Routers, services and repositories never depend on demo or test data.',
      from: { path: '^server/[^/]+/([a-z-]*routes|[a-z-.]*service|[a-z-.]*repository)\\.ts$' },
      to: { path: '^server/seed/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^node_modules', '^\\.tmp', '^dist', '^data', '^\\.astro'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    skipAnalysisNotInRules: true,
  },
};
