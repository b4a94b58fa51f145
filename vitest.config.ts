import { defineConfig } from 'vitest/config';

/**
 * Files that load the machine on purpose (fork bombs, link swappers spinning, terminal floods)
 * or that time something (a page keeping up with a flood, an MCP client's reconnect delay).
 * They run one at a time after the rest, so they neither slow another file past its waits nor
 * are slowed by one.
 */
const ALONE = [
  'src-main/sandbox/limits.test.ts',
  'src-main/sandbox/pidsCgroup.test.ts',
  'src-main/sandbox/hostileRace.test.ts',
  'src-main/tools/file/race.test.ts',
  'src-main/terminal/service.test.ts',
  'e2e/terminalRestore.spec.ts',
  'e2e/serveFlowControl.spec.ts',
  'e2e/restore.spec.ts',
  'e2e/longSession.spec.ts',
  'src-main/mcp/conformanceTimed.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['src-main/testing/testHomes.ts'],
    setupFiles: ['src-main/testing/ownHome.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: [
            'src-main/**/*.test.ts',
            'src-shared/**/*.test.ts',
            'src-renderer/**/*.test.{ts,tsx}',
            'e2e/**/*.spec.ts',
            'scripts/**/*.test.ts',
            'bin/**/*.test.ts',
          ],
          exclude: ALONE,
          // Two files at a time: most of a file's time is spent waiting on a server, a shell or a page.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'alone',
          include: ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
