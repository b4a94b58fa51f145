// Process boundaries (see docs/architecture.md) are enforced here; the layers of src-main and
// import circles are checked by src-main/layers.test.ts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'net', 'http', 'crypto'];

const rendererBoundaries = [
  {
    group: ['**/src-main/**', '../src-main/*'],
    message: 'The renderer reaches main only through api/client.ts.',
  },
  {
    group: [...nodeBuiltins, 'electron', 'electron/*'],
    message: 'The renderer runs in a sandboxed web page.',
  },
];

/** The renderer's folders, lowest first (docs/architecture.md): each imports only those before it. */
const rendererFolders = ['api', 'state', 'ui', 'features'];
const rendererLayers = rendererFolders.slice(0, -1).map((folder, i) => ({
  files: [`src-renderer/${folder}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...rendererBoundaries,
          {
            group: rendererFolders.slice(i + 1).map((above) => `**/${above}/**`),
            message: `src-renderer/${folder}/ imports only ${rendererFolders.slice(0, i).join(', ') || 'src-shared'} below it.`,
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src-shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'src-shared runs in every process: no Node built-ins.' },
            { group: ['electron', 'react', 'react-dom', 'react/*'], message: 'src-shared imports zod only.' },
            {
              group: ['**/src-main/**', '**/src-renderer/**'],
              message: 'src-shared depends on nothing else.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/**'],
    ignores: ['src-main/electron/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', 'electron/*'], message: "Only src-main/electron/ may import 'electron'." },
            {
              group: ['**/src-renderer/**', 'react', 'react-dom'],
              message: 'src-main never imports the renderer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: rendererBoundaries }] },
  },
  ...rendererLayers,
  {
    // Renderer tests that run under Node (they read the stylesheets, start servers).
    files: ['src-renderer/**/*.node.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src-main/**', '../src-main/*'],
              message: 'The renderer reaches main only through api/client.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bin/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
