import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCommand, initShellParser } from './analyse';
import { call, setup } from '../testing/gateFakes';
import { outsideWorkspace } from './workspace';
import { DYN } from './words';

beforeAll(() => initShellParser());

describe('outsideWorkspace', () => {
  it('knows the workspace, temp folders and home', () => {
    const ws = '/home/dev/project';
    expect(outsideWorkspace('./x', ws, ws)).toBe(false);
    expect(outsideWorkspace('/home/dev/project/src/a.ts', '/', ws)).toBe(false);
    expect(outsideWorkspace('../other/a', ws, ws)).toBe(true);
    expect(outsideWorkspace('~/.bashrc', ws, ws)).toBe(true);
    expect(outsideWorkspace('/etc/hosts', ws, ws)).toBe(true);
    expect(outsideWorkspace('/tmp/x', ws, ws)).toBe(false);
    expect(outsideWorkspace('/home/dev/project-old/x', ws, ws)).toBe(true);
  });

  it('without a workspace, judges relative paths inside and absolute ones outside', () => {
    expect(outsideWorkspace('src/a', null, null)).toBe(false);
    expect(outsideWorkspace('../a', null, null)).toBe(true);
    expect(outsideWorkspace('/srv/a', null, null)).toBe(true);
  });

  it('reads the known start of a partly unknown path', () => {
    expect(outsideWorkspace(`/etc/${DYN}`, null, null)).toBe(true);
    expect(outsideWorkspace(`${DYN}/x`, null, null)).toBe(false);
    expect(outsideWorkspace(`./${DYN}`, null, null)).toBe(false);
  });
});

describe('the workspace option', () => {
  it('keeps edits inside the workspace safe and asks about the rest', () => {
    const options = { cwd: '/srv/app' };
    expect(analyseCommand('sed -i s/a/b/ /srv/app/conf.txt', options).verdict).toBe('safe');
    expect(analyseCommand('sed -i s/a/b/ /srv/app/conf.txt').keys).toContain('write-outside-workspace');
    expect(analyseCommand('cd .. && sed -i s/a/b/ conf.txt', options).keys).toContain(
      'write-outside-workspace',
    );
    expect(analyseCommand('sed -i s/a/b/ conf.txt', { cwd: '/', workspace: '/srv/app' }).keys).toContain(
      'write-outside-workspace',
    );
  });

  it('reaches the analysis through the gate', async () => {
    const { gate } = setup();
    const inside = await gate.check(call('truncate -s 0 /srv/app/log.txt', { workspace: '/srv/app' }));
    expect(inside).toMatchObject({ allowed: true, decidedBy: 'safe' });
    const outside = await gate.check(call('truncate -s 0 /srv/other/log.txt', { workspace: '/srv/app' }));
    expect(outside).toMatchObject({ allowed: false, decidedBy: 'human' });
    expect(outside.verdict.reasons.join('\n')).toMatch(
      /outside the workspace: truncates \/srv\/other\/log\.txt/,
    );
  });
});
