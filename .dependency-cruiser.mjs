/**
 * The import rules of this codebase, checked by `npm run check:deps` (part of `npm test`).
 * - No import circles.
 * - server/ reads only the shared contract from src/, one set of files: each feature's
 *   `schema.ts` (zod), `values.ts` (plain values) and `rules.ts` (pure rules), a second set of
 *   either named `*-schema.ts`, `*-values.ts` or `*-rules.ts`, and src/lib/contract/ (coded
 *   errors, paging, users, languages, text shortening, the HTML sanitizer, the session cookies'
 *   names, which paths are API calls), and the texts the API sends itself (the notification and
 *   push locale files, `src/lib/i18n/locales/<lang>/{notifications,push}.json`). The contract imports nothing but other contract files, zod
 *   and sanitize-html, so the API can be read and run without the web app. This holds for the web
 *   server around Astro (server/web/) too: what it shares with the web app is contract, and the
 *   web app's build plugins live in src/lib/build/. Only server/main.ts, which starts both the API
 *   and the web server, may reach further into src/ (the web app's hook for the embedded API).
 * - The web app (src/) reaches server code through one entry point, server/web-entry.ts.
 * - Islands (browser code) never import page loaders (`*.server.ts`) or server code.
 * - Islands reach the API through their feature's store, never the HTTP client or an `api.ts`.
 * - Repositories never import services; routers, services and repositories never import seed code.
 */
const CONTRACT = [
  '^src/lib/contract/',
  '^src/lib/[^/]+/(schema|values|rules|[a-z-]+-(schema|values|rules))\\.ts$',
  '^src/lib/i18n/locales/[a-z]+/(notifications|push)\\.json$',
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
      name: 'server-reads-only-the-contract',
      severity: 'error',
      comment:
        'server/ imports nothing from src/ but the contract (schema.ts, values.ts, rules.ts, src/lib/contract/); only server/main.ts, which starts the API and the web server together, reaches further.',
      from: { path: '^server/', pathNot: [TESTS, '^server/main\\.ts$'] },
      to: { path: '^src/', pathNot: CONTRACT },
    },
    {
      name: 'contract-is-self-contained',
      severity: 'error',
      comment: 'The contract imports only other contract files, zod and sanitize-html.',
      from: { path: CONTRACT, pathNot: TESTS },
      to: { dependencyTypesNot: ['npm', 'core'], pathNot: CONTRACT },
    },
    {
      name: 'contract-uses-only-its-packages',
      severity: 'error',
      comment: 'The contract runs on both sides: of the packages, only zod and sanitize-html (and no Node built-ins).',
      from: { path: CONTRACT, pathNot: TESTS },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown', 'core'], pathNot: `node_modules/(zod|sanitize-html)/` },
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
      name: 'islands-call-the-api-through-stores',
      severity: 'error',
      comment: 'Islands call the API through a store action, which owns the HTTP client; types may still be imported.',
      from: { path: '^src/islands/', pathNot: TESTS },
      to: { path: ['^src/lib/http/', '^src/lib/[^/]+/(api|[a-z-]+-api)\\.ts$'], dependencyTypesNot: ['type-only'] },
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
