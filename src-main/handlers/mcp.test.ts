import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigStore } from '../config/store';
import { McpManager } from '../mcp/manager';
import { newRuntime } from '../runtime/testing/fixtures';
import { upsertMcpServer } from './mcp';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-mcp-handler-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('mcp.upsert on config.yaml', () => {
  it("keeps the comments in a server's block when it is edited", async () => {
    const file = join(dir, 'config.yaml');
    await writeFile(
      file,
      'mcp_servers:\n  local: # my server\n    command: /nonexistent/old # old path\n    args: [--stdio] # keep args\n    timeout: 30\n',
    );
    const { runtime, logger } = newRuntime();
    const manager = new McpManager(runtime.registry, logger);
    try {
      await upsertMcpServer(new ConfigStore(file), manager, 'local', {
        command: '/nonexistent/new',
        args: ['--stdio', '-v'],
      });
    } finally {
      await manager.closeAll();
    }
    const text = await readFile(file, 'utf8');
    expect(text).toContain('# my server');
    expect(text).toContain('# old path');
    expect(text).toContain('# keep args');
    expect(parse(text).mcp_servers.local).toEqual({ command: '/nonexistent/new', args: ['--stdio', '-v'] });
  });
});
