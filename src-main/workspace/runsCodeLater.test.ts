import { describe, expect, it } from 'vitest';
import { PROTECTED_DIRS, PROTECTED_FILES } from '../sandbox/protectedPaths';
import { runsCodeLater } from './runsCodeLater';

describe('runsCodeLater', () => {
  it('covers every file and folder the sandbox protects from commands, at any depth', () => {
    for (const name of [...PROTECTED_FILES, ...PROTECTED_DIRS.map((d) => `${d}/x.json`)]) {
      expect(runsCodeLater(`/w/${name}`), name).toBe(true);
      expect(runsCodeLater(`/w/pkg/sub/${name}`), name).toBe(true);
      expect(runsCodeLater(name), name).toBe(true);
    }
  });

  it.each([
    '/w/.git/hooks/pre-commit',
    '/w/.git/hooks',
    '/w/.git/config',
    '/w/.git/config.worktree',
    '/w/.git/commondir',
    '/w/.git/modules/lib/hooks/post-checkout',
    '/w/.git/modules/lib/config',
    '/w/.git/worktrees/feature/commondir',
    '/w/.git/worktrees/feature/config.worktree',
    '/w/sub/.git/hooks/pre-push',
    '/w/sub/.git',
    '/w/.envrc',
    '/w/.vscode/tasks.json',
    '/w/.idea/workspace.xml',
    '/w/.claude/commands/setup.md',
    // A case-insensitive disk (macOS) opens these as the same files.
    '/w/.Git/Hooks/pre-commit',
    '/w/.GIT/CONFIG',
    '/w/.EnvRC',
  ])('%s runs code later', (path) => {
    expect(runsCodeLater(path)).toBe(true);
  });

  it.each([
    '/w/src/index.ts',
    '/w/config',
    '/w/config/app.yaml',
    '/w/hooks/useThing.ts',
    '/w/.gitignore',
    '/w/.gitattributes',
    '/w/.github/workflows/ci.yml',
    '/w/.git/info/exclude',
    '/w/.git/COMMIT_EDITMSG',
    '/w/.claude/notes.md',
    '/w/.envrc.example',
    '/w/docs/.vscode.md',
  ])('%s does not', (path) => {
    expect(runsCodeLater(path)).toBe(false);
  });
});
