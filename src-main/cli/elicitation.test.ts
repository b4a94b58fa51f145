import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFeaturesServer, serverEntryYaml } from '../mcp/testing/servers';
import { main } from './main';
import { memoryIo } from './testing';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-elicit-'));
  const form = serverEntryYaml('form', clientFeaturesServer());
  await writeFile(join(home, 'config.yaml'), `mcp_servers:\n${form}`);
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

async function call(tool: string, ...flags: string[]) {
  const m = memoryIo({ CADUCEUS_HOME: home }, home);
  const code = await main(['call', tool, ...flags], m.io);
  return { code, stdout: m.stdout(), stderr: m.stderr() };
}

describe('MCP forms and roots from the CLI', () => {
  it('declines a form when no person is at a terminal', async () => {
    const { code, stdout } = await call('mcp_form_ask');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ action: 'decline' });
  });

  it('declines under --elicitation ask when there is no terminal', async () => {
    const { stdout } = await call('mcp_form_ask', '--elicitation', 'ask');
    expect(JSON.parse(stdout)).toEqual({ action: 'decline' });
  });

  it('accepts with the form defaults under --elicitation defaults', async () => {
    const { stdout } = await call('mcp_form_ask', '--elicitation', 'defaults');
    expect(JSON.parse(stdout)).toEqual({ action: 'accept', content: { name: 'demo', size: 3, tier: 'pro' } });
  });

  it('rejects an unknown --elicitation mode', async () => {
    const { code, stderr } = await call('mcp_form_ask', '--elicitation', 'maybe');
    expect(code).toBe(2);
    expect(stderr).toContain('--elicitation must be one of ask, defaults, decline');
  });

  it('offers the working directory as the root', async () => {
    const { stdout } = await call('mcp_form_roots');
    const { roots } = JSON.parse(stdout) as { roots: { uri: string }[] };
    expect(roots.map((r) => r.uri)).toEqual([`file://${home}`]);
  });
});
