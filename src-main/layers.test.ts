import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer boundaries of architecture.md, checked through the project's real ESLint config.
const eslint = new ESLint({ cwd: process.cwd() });

async function violations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer boundaries', () => {
  it('keeps src-shared free of Node, Electron, React and other layers', async () => {
    expect(
      await violations(
        'src-shared/x.ts',
        "import { readFile } from 'node:fs';\nexport const a = readFile;\n",
      ),
    ).toHaveLength(1);
    expect(
      await violations('src-shared/x.ts', "import { app } from 'electron';\nexport const a = app;\n"),
    ).toHaveLength(1);
    expect(
      await violations('src-shared/x.ts', "import React from 'react';\nexport const a = React;\n"),
    ).toHaveLength(1);
    expect(await violations('src-shared/x.ts', "import { z } from 'zod';\nexport const a = z;\n")).toEqual(
      [],
    );
  });

  it("allows 'electron' only under src-main/electron", async () => {
    const code = "import { app } from 'electron';\nexport const a = app;\n";
    expect(await violations('src-main/runtime/x.ts', code)).toHaveLength(1);
    expect(await violations('src-main/electron/x.ts', code)).toEqual([]);
  });

  it('keeps the renderer away from src-main and Node', async () => {
    expect(
      await violations(
        'src-renderer/x.ts',
        "import { ToolRuntime } from '../src-main/runtime/runtime';\nexport const a = ToolRuntime;\n",
      ),
    ).toHaveLength(1);
    expect(
      await violations(
        'src-renderer/x.ts',
        "import { spawn } from 'node:child_process';\nexport const a = spawn;\n",
      ),
    ).toHaveLength(1);
  });
});
