import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRootAbove, startWorkspace } from './startFolder';

let dir: string;
let app: string;
let home: string;
let project: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-start-'));
  app = join(dir, 'caduceus');
  home = join(dir, 'home');
  project = join(dir, 'project');
  await mkdir(join(app, 'dist', 'renderer'), { recursive: true });
  await mkdir(home);
  await mkdir(project);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'caduceus' }));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the folder a new chat starts in', () => {
  it('finds the checkout holding the running code', () => {
    expect(appRootAbove(join(app, 'dist', 'renderer'))).toBe(app);
    expect(appRootAbove(project)).not.toBe(app);
  });

  it('is the folder the host started in', async () => {
    expect(await startWorkspace(project, [app], home)).toEqual({ path: project });
  });

  it("is the home folder, said so, when started inside the app's own checkout", async () => {
    const start = await startWorkspace(join(app, 'dist'), [app], home);
    expect(start).toEqual({ path: home, note: expect.stringMatching(/Caduceus's own folder.*home folder/) });
  });

  it('is the home folder when started where no workspace can be (/)', async () => {
    expect(await startWorkspace('/', [app], home)).toMatchObject({
      path: home,
      note: expect.stringMatching(/home/),
    });
  });
});
