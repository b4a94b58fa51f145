import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCommand, initShellParser } from '../analysis/analyse';
import { PREFIX_PROBES, prefixDanger } from './prefixSafety';
import { approvalSettingsFromConfig } from './settings';

beforeAll(() => initShellParser());

describe('command prefixes allowed for good', () => {
  it('judges every probe as the hardline or dangerous command it stands for', () => {
    for (const probe of PREFIX_PROBES)
      expect([probe, analyseCommand(probe).verdict]).not.toEqual([probe, 'safe']);
  });

  it.each([
    'rm -rf /',
    'rm',
    'rm -rf',
    'rm -r',
    'dd',
    'mkfs',
    'kill -9',
    'shutdown',
    'find',
    'sudo',
    'env',
    'bash -c',
    'sh -c',
    'timeout 5',
    'xargs',
    'git',
    'git push',
    'git push --force',
    'chmod -R',
  ])('refuses %j, saying why', (prefix) => {
    expect(prefixDanger(prefix)).toMatch(/would allow/);
  });

  it.each(['npm test', 'git status', 'ls', 'cargo build', 'rm -rf build', 'git push --force origin', 'make'])(
    'accepts %j',
    (prefix) => {
      expect(prefixDanger(prefix)).toBeNull();
    },
  );

  it('leaves a dangerous allow rule typed into config.yaml out of the settings, saying why', () => {
    const refused: string[] = [];
    const settings = approvalSettingsFromConfig({ allow: ['npm test', 'rm -rf /', 'sudo'] }, (prefix, why) =>
      refused.push(`${prefix}: ${why}`),
    );
    expect(settings.allow).toEqual(['npm test']);
    expect(refused).toEqual([
      expect.stringMatching(/^rm -rf \/: .*can never be allowed/),
      expect.stringMatching(/^sudo: "sudo" would allow "sudo rm -rf \/"/),
    ]);
  });
});
