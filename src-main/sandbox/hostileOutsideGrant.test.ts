import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastToolResult, oneByOne, sha, term, useHostileChat } from '../testing/hostileChat';

// A stored "always" to run `cat` or `cp` outside the sandbox was given for a write the sandbox
// refused. It lets those commands write outside the workspace again, never read a secret.
const h = useHostileChat();

describe('a stored outside-the-sandbox grant under caduceus chat --approvals deny', () => {
  it('lets a granted command write outside the workspace but read no file of the read policy', async () => {
    const { root, home, workspace, victim, model, chat } = h;
    const userHome = join(root, 'user-home');
    const npmrc = join(userHome, '.npmrc');
    const key = join(userHome, '.ssh', 'id_rsa');
    await mkdir(join(userHome, '.ssh'), { recursive: true });
    await writeFile(npmrc, '//registry.npmjs.org/:_authToken=PLANTED-npm\n');
    await writeFile(key, 'PLANTED-key\n');
    await writeFile(join(home, 'secrets.json'), '{"k": "PLANTED-own"}\n');
    await writeFile(join(workspace, 'report.txt'), 'ordinary work\n');
    const config = join(home, 'config.yaml');
    await writeFile(config, 'command_allowlist:\n  - sandbox-outside:cat\n  - sandbox-outside:cp\n');
    const configBefore = await sha(config);

    const steps = oneByOne([
      term(`cat ${npmrc}`),
      term(`cat ${key} ${join(home, 'secrets.json')}`),
      term(`cp ${npmrc} ${join(victim, 'npmrc')}`),
      term(`cp -r ${join(userHome, '.ssh')} ${join(victim, 'ssh')}`),
      term(`cp ${join(workspace, 'report.txt')} ${config}`),
      // What the grant was given for still works: a copy out of the workspace.
      term(`cp ${join(workspace, 'report.txt')} ${join(victim, 'report.txt')}`),
    ]);
    const { code, stderr } = await chat(steps);

    expect(code, stderr).toBe(0);
    expect(model.requests.length).toBe(steps.length);
    const seen = model.requests.map(lastToolResult).join('\n');
    expect(seen).not.toContain('PLANTED-');
    const landed = await readdir(victim, { recursive: true, withFileTypes: true });
    for (const entry of landed.filter((e) => e.isFile()))
      expect(await readFile(join(entry.parentPath, entry.name), 'utf8')).not.toContain('PLANTED-');
    expect(await readFile(join(victim, 'report.txt'), 'utf8')).toBe('ordinary work\n');
    expect(await sha(config)).toBe(configBefore);
  }, 120_000);
});
