import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, type ImportGraph } from './testing/importGraph';

// The boundaries of docs/architecture.md: processes through the project's real ESLint config,
// layers and circles through the import graph.
const eslint = new ESLint({ cwd: process.cwd() });

/** A one-line module importing `name` from `specifier` and using it. */
const importing = (name: string, specifier: string) =>
  `import { ${name} } from '${specifier}';\nexport const a = ${name};\n`;

async function violations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer boundaries', () => {
  it('keeps src-shared free of Node, Electron, React and other layers', async () => {
    for (const [name, specifier] of [
      ['readFile', 'node:fs'],
      ['app', 'electron'],
      ['useState', 'react'],
      ['ToolRuntime', '../src-main/runtime/runtime'],
    ] as const) {
      expect(await violations('src-shared/x.ts', importing(name, specifier)), specifier).toHaveLength(1);
    }
    expect(await violations('src-shared/x.ts', importing('z', 'zod'))).toEqual([]);
  });

  it('allows Electron only under src-main/electron', async () => {
    const code = importing('app', 'electron');
    expect(await violations('src-main/runtime/x.ts', code)).toHaveLength(1);
    expect(await violations('src-main/electron/x.ts', code)).toEqual([]);
  });

  it('keeps the renderer away from src-main and Node', async () => {
    expect(
      await violations('src-renderer/x.ts', importing('ToolRuntime', '../src-main/runtime/runtime')),
    ).toHaveLength(1);
    expect(await violations('src-renderer/x.ts', importing('spawn', 'node:child_process'))).toHaveLength(1);
  });

  it("keeps the renderer's folders in order: api, state, ui, features", async () => {
    const chatStore = importing('useChat', '../features/chat/chatStore');
    expect(await violations('src-renderer/state/x.ts', chatStore)).toHaveLength(1);
    expect(await violations('src-renderer/ui/x.ts', chatStore)).toHaveLength(1);
    expect(
      await violations('src-renderer/api/x.ts', importing('reportError', '../state/noticesStore')),
    ).toHaveLength(1);
    expect(
      await violations('src-renderer/state/x.ts', importing('spawn', 'node:child_process')),
    ).toHaveLength(1);
    const notices = importing('reportError', '../../state/noticesStore');
    expect(await violations('src-renderer/features/chat/x.ts', notices)).toEqual([]);
  });
});

/**
 * The layers of docs/architecture.md, lowest first. A module may import its own layer and the
 * ones below it, never one above. Paths are folders or files; the longest match decides.
 */
const LAYERS: [string, string[]][] = [
  ['shared', ['src-shared']],
  ['runtime', ['src-main/runtime', 'src-main/contract']],
  [
    'runtime services',
    [
      'src-main/approval',
      'src-main/terminal',
      'src-main/sandbox',
      'src-main/workspace',
      'src-main/config',
      'src-main/checkpoints',
    ],
  ],
  ['tools', ['src-main/tools', 'src-main/mcp', 'src-main/plugins']],
  ['agent', ['src-main/agent']],
  ['app', ['src-main/appRoot.ts', 'src-main/appCore.ts', 'src-main/handlers']],
  ['hosts', ['src-main/cli', 'src-main/electron', 'src-main/serve', 'src-main/shutdownSignals.ts']],
];
/** Test tooling: outside the app, and imported by no module of it. */
const TOOLING = ['src-main/testing'];

function layerOf(file: string): number | 'tooling' | undefined {
  const within = (path: string) => file === path || file.startsWith(`${path}/`);
  if (TOOLING.some(within)) return 'tooling';
  let found: { layer: number; length: number } | undefined;
  LAYERS.forEach(([, paths], layer) => {
    for (const path of paths)
      if (within(path) && path.length > (found?.length ?? -1)) found = { layer, length: path.length };
  });
  return found?.layer;
}

/** Imports (static, type-only or lazy alike) that reach a higher layer or test tooling. */
function upwardImports(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [file, edges] of graph) {
    const from = layerOf(file);
    if (from === 'tooling') continue;
    for (const { to } of edges) {
      if (!graph.has(to)) continue;
      const target = layerOf(to);
      if (from === undefined || target === undefined) continue;
      if (target === 'tooling' || target > from)
        found.push(
          `${file} (${LAYERS[from]?.[0]}) -> ${to} (${target === 'tooling' ? target : LAYERS[target]?.[0]})`,
        );
    }
  }
  return found;
}

/**
 * approval/ in three parts, lowest first: the command analyser, the gate that decides, and the
 * asking of a person. Outside approval/, each part is reached through its index.
 */
const APPROVAL_PARTS = ['analysis', 'gate', 'asking'];
const APPROVAL_TESTING = 'src-main/approval/testing/';

function approvalPart(file: string): number | undefined {
  const part = /^src-main\/approval\/([^/]+)\//.exec(file)?.[1];
  const index = part === undefined ? -1 : APPROVAL_PARTS.indexOf(part);
  return index < 0 ? undefined : index;
}

/** Imports that reach past a part's index from outside, or from a lower part into a higher one. */
function approvalBreaches(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [file, edges] of graph) {
    if (file.startsWith(APPROVAL_TESTING)) continue;
    const from = approvalPart(file);
    for (const { to } of edges) {
      const target = approvalPart(to);
      if (target === undefined) continue;
      const outside = !file.startsWith('src-main/approval/');
      if (outside && to !== `src-main/approval/${APPROVAL_PARTS[target]}/index.ts`)
        found.push(`${file} -> ${to} (not its index)`);
      if (from !== undefined && target > from) found.push(`${file} -> ${to} (up)`);
    }
  }
  return found;
}

describe('import graph', () => {
  const graph = importGraph(process.cwd(), ['src-main', 'src-shared']);

  it('places every module in a layer', () => {
    expect([...graph.keys()].filter((file) => layerOf(file) === undefined)).toEqual([]);
  });

  it('has no import circles', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('has no import running back up the layers', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it("reaches approval/ through its parts' indexes, each part importing only the ones below", () => {
    expect(approvalBreaches(graph)).toEqual([]);
  });

  it('matches the layer table of docs/architecture.md', () => {
    const doc = readFileSync('docs/architecture.md', 'utf8');
    for (const [name, paths] of LAYERS) {
      const row = doc.split('\n').find((line) => line.startsWith(`| ${name} `)) ?? '';
      for (const path of paths) {
        const shown = path.replace(/^src-main\//, '');
        expect(row, `${name}: ${path}`).toContain(`\`${/\.ts$/.test(shown) ? shown : `${shown}/`}\``);
      }
    }
  });

  it('finds a circle and an upward import when there is one (the checks can fail)', () => {
    const made: ImportGraph = new Map([
      ['src-main/runtime/a.ts', [{ to: 'src-main/agent/b.ts', typeOnly: true, lazy: false }]],
      ['src-main/agent/b.ts', [{ to: 'src-main/runtime/a.ts', typeOnly: false, lazy: false }]],
    ]);
    expect(importCircles(made)).toEqual([['src-main/agent/b.ts', 'src-main/runtime/a.ts']]);
    expect(upwardImports(made)).toEqual(['src-main/runtime/a.ts (runtime) -> src-main/agent/b.ts (agent)']);
    const reaching: ImportGraph = new Map([
      ['src-main/tools/a.ts', [{ to: 'src-main/approval/gate/gate.ts', typeOnly: true, lazy: false }]],
      [
        'src-main/approval/analysis/b.ts',
        [{ to: 'src-main/approval/asking/index.ts', typeOnly: false, lazy: true }],
      ],
    ]);
    expect(approvalBreaches(reaching)).toEqual([
      'src-main/tools/a.ts -> src-main/approval/gate/gate.ts (not its index)',
      'src-main/approval/analysis/b.ts -> src-main/approval/asking/index.ts (up)',
    ]);
  });
});
