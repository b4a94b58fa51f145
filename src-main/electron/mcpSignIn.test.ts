import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelOf } from '../../src-shared/ipc/contract';
import { startOAuthMcpServer, type OAuthMcpServer } from '../mcp/testing/oauthServer';
import { runDesktop } from './main';
import { createFakeElectron, FakeBrowserWindow } from './testing/fakeElectron';

vi.mock('electron', () => ({ default: {} }));

let home: string;
let server: OAuthMcpServer;
const savedHome = process.env.CADUCEUS_HOME;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-desktop-mcp-'));
  process.env.CADUCEUS_HOME = home;
  FakeBrowserWindow.all.length = 0;
  server = await startOAuthMcpServer();
  await writeFile(join(home, 'config.yaml'), `mcp_servers:\n  remote:\n    url: ${server.url}\n`);
});
afterEach(async () => {
  if (savedHome === undefined) delete process.env.CADUCEUS_HOME;
  else process.env.CADUCEUS_HOME = savedHome;
  await server.close();
  await rm(home, { recursive: true, force: true });
});

describe('MCP sign-in in the desktop app', () => {
  it('opens the page with shell.openExternal and keeps the tokens in the secret store', async () => {
    const electron = createFakeElectron();
    const core = await runDesktop(electron as never, '/dist');
    if (!core) throw new Error('the app did not start');
    try {
      const win = FakeBrowserWindow.all[0];
      if (!win) throw new Error('no window');
      const reply = electron.ipcMain.invokeFrom(
        win.webContents,
        win.webContents.mainFrame,
        channelOf('mcp.signIn'),
        {
          name: 'remote',
        },
      );
      for (let i = 0; i < 2000 && electron.control.opened.length === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      const [page] = electron.control.opened;
      expect(page).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
      // The person approves in their browser, which lands on the loopback redirect.
      await (await fetch(page ?? '')).text();
      expect(await reply).toMatchObject({
        ok: true,
        value: { state: 'connected', tools: ['mcp_remote_whoami'] },
      });
      // No keychain answers in tests: the fallback file, readable only by its owner.
      const file = join(home, 'secrets.json');
      expect(await readFile(file, 'utf8')).toContain('mcp_oauth:remote');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(electron.utilityProcess.forks.length).toBeGreaterThan(0);
      expect(await readFile(join(home, 'config.yaml'), 'utf8')).not.toContain('token');
    } finally {
      await core.shutdown();
    }
  });
});
