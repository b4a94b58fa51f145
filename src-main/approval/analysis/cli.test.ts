import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runApprovalCheckJsonl } from './cli';

async function run(lines: string[]): Promise<{ out: unknown[]; summary: { lines: number; errors: number } }> {
  const output = new PassThrough();
  let text = '';
  output.on('data', (c: Buffer) => (text += c.toString()));
  const summary = await runApprovalCheckJsonl(Readable.from([lines.join('\n') + '\n']), output);
  return {
    out: text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown),
    summary,
  };
}

describe('approval check --jsonl', () => {
  it('answers each line in order, strings and objects alike', async () => {
    const { out, summary } = await run([
      JSON.stringify('rm -rf ~'),
      JSON.stringify({ cmd: 'echo "rm -rf /"', id: 7 }),
      JSON.stringify({ cmd: 'git push -f' }),
    ]);
    expect(out).toEqual([
      {
        cmd: 'rm -rf ~',
        verdict: 'hardline',
        keys: expect.arrayContaining(['rm-root']),
        reasons: expect.any(Array),
      },
      { cmd: 'echo "rm -rf /"', verdict: 'safe', keys: [], reasons: [] },
      {
        cmd: 'git push -f',
        verdict: 'dangerous',
        keys: ['git-push-force'],
        reasons: [expect.stringContaining('git push')],
      },
    ]);
    expect(summary).toEqual({ lines: 3, errors: 0 });
  });

  it('reports a bad line and carries on; blank lines are skipped', async () => {
    const { out, summary } = await run(['not json', '', '{"command": "ls"}', '42', JSON.stringify('ls')]);
    expect(out).toEqual([
      { line: 1, error: expect.any(String) },
      { line: 3, error: expect.stringContaining('cmd') },
      { line: 4, error: expect.any(String) },
      { cmd: 'ls', verdict: 'safe', keys: [], reasons: [] },
    ]);
    expect(summary).toEqual({ lines: 4, errors: 3 });
  });
});
