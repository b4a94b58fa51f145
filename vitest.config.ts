import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src-main/**/*.test.ts',
      'src-shared/**/*.test.ts',
      'src-renderer/**/*.test.{ts,tsx}',
      'e2e/**/*.spec.ts',
      'scripts/**/*.test.ts',
      'bin/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['src-main/testing/ownHome.ts'],
  },
});
