import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer boundaries of architecture.md, checked through the project's real ESLint config.
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
});
