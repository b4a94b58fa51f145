import { describe, expect, it } from 'vitest';
import { importGraph, loadedAtStart } from '../testing/importGraph';

// What a command parses before it does anything: heavy integrations load on first use.
const graph = importGraph(process.cwd(), ['src-main', 'src-shared']);

/** Packages that cost hundreds of milliseconds to parse, and only some sessions use. */
const HEAVY = [
  'playwright-core',
  '@modelcontextprotocol/sdk',
  'modal',
  '@daytonaio/sdk',
  'dockerode',
  'ssh2',
  'linkedom',
  '@mozilla/readability',
  'turndown',
];

const packagesAtStart = (entry: string) =>
  [...loadedAtStart(graph, entry)].filter((m) => !m.startsWith('src-') && !m.startsWith('node:'));

describe('start-up of the CLI', () => {
  it('loads no package and none of the commands for --help', () => {
    const modules = [...loadedAtStart(graph, 'src-main/cli/main.ts')];
    expect(packagesAtStart('src-main/cli/main.ts')).toEqual([]);
    expect(modules.filter((m) => m.startsWith('src-main/') && !m.startsWith('src-main/cli/'))).toEqual([
      'src-main/config/paths.ts',
      'src-main/shutdownSignals.ts',
    ]);
  });

  it('judges a command with the approval modules and the shell parser only', () => {
    expect(packagesAtStart('src-main/cli/approvalCommand.ts').sort()).toEqual(['web-tree-sitter', 'zod']);
  });

  it.each(['serveCommand', 'chatCommands', 'toolsCommands', 'sessionsCommands'])(
    'leaves browser, MCP, remote backends and web extraction out of the start of %s',
    (command) => {
      const entry = `src-main/cli/${command}.ts`;
      const roots = ['src-main/appRoot.ts', 'src-main/appCore.ts'];
      const loaded = [entry, ...roots].flatMap((e) => packagesAtStart(e));
      expect(loaded.filter((p) => HEAVY.includes(p))).toEqual([]);
    },
  );

  it('registers the built-in tools without loading the packages they call', () => {
    const toolModules = (graph.get('src-main/tools/builtin.ts') ?? []).filter((e) => e.lazy).map((e) => e.to);
    expect(toolModules.length).toBeGreaterThan(5);
    expect(toolModules.flatMap((m) => packagesAtStart(m)).filter((p) => HEAVY.includes(p))).toEqual([]);
  });

  it('sees a static import of a heavy package (the check can fail)', () => {
    expect(packagesAtStart('src-main/tools/web/htmlToMarkdown.ts')).toContain('linkedom');
  });
});
