import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastToolResult, oneByOne, term, useHostileChat } from '../testing/hostileChat';

// One read policy for every path by which file content reaches the model or a command: planted
// secrets stay out of every tool's result, through links too.
const h = useHostileChat();

describe('a hostile model under caduceus chat --approvals deny', () => {
  it('reads no secret: read_file, search_files, patch, execute_code and commands, through links too', async () => {
    const { root, home, workspace, model, chat } = h;
    const userHome = join(root, 'user-home');
    const planted = {
      npmrc: join(userHome, '.npmrc'),
      key: join(userHome, '.ssh', 'id_rsa'),
      netrc: join(userHome, '.netrc'),
      history: join(userHome, '.bash_history'),
      keys: join(home, 'secrets.json'),
    };
    const link = join(workspace, 'innocent.txt');
    await mkdir(join(userHome, '.ssh'), { recursive: true });
    for (const [name, path] of Object.entries(planted)) await writeFile(path, `{"t": "PLANTED-${name}"}\n`);
    await symlink(planted.key, link);
    try {
      const code = (path: string) =>
        `print(tools.read_file(path=${JSON.stringify(path)}))\nprint(open(${JSON.stringify(path)}).read())`;
      const steps = oneByOne([
        ...Object.values(planted).map((path) => ({ name: 'read_file', arguments: { path } })),
        { name: 'read_file', arguments: { path: 'innocent.txt' } },
        { name: 'search_files', arguments: { pattern: 'PLANTED', path: userHome } },
        { name: 'search_files', arguments: { pattern: 'PLANTED', path: home } },
        { name: 'search_files', arguments: { pattern: 'PLANTED', path: 'innocent.txt' } },
        { name: 'patch', arguments: { path: planted.netrc, old_string: 'PLANTED-n', new_string: 'x' } },
        { name: 'execute_code', arguments: { language: 'python', code: code(planted.npmrc) } },
        { name: 'execute_code', arguments: { language: 'python', code: code(link) } },
        term(`cat ${planted.npmrc} ${planted.netrc} innocent.txt; base64 ${planted.history}`),
      ]);
      const { code: exit, stderr } = await chat(steps);
      expect(exit, stderr).toBe(0);
      expect(model.requests.length).toBe(steps.length);
      const seen = model.requests.map(lastToolResult).join('\n');
      expect(seen).not.toMatch(/PLANTED-|UExBTlRFRC/);
    } finally {
      await rm(link, { force: true });
      await rm(planted.keys, { force: true });
    }
  }, 120_000);
});
