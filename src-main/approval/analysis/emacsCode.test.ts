import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCommand, initShellParser } from './analyse';
import { elispShellCommands } from './emacsCode';
import { DYN } from './words';

beforeAll(() => initShellParser());

describe('emacs --eval', () => {
  it('reads the commands shell-command, call-process and start-process run', () => {
    expect(elispShellCommands('(shell-command "make -j4")')).toEqual(['make -j4']);
    expect(elispShellCommands('(call-process "git" nil t nil "push" "-f")')).toEqual(["'git' 'push' '-f'"]);
    expect(elispShellCommands('(start-process "p" nil "rm" "-rf" "src")')).toEqual(["'rm' '-rf' 'src'"]);
    expect(elispShellCommands('(shell-command cmd)')).toEqual([DYN]);
    expect(elispShellCommands('(message "hi")')).toEqual([]);
    expect(elispShellCommands('(delete-directory "src" t)')).toEqual(["rm -rf 'src'"]);
    expect(elispShellCommands('(delete-directory dir t)')).toEqual([`rm -rf ${DYN}`]);
    expect(elispShellCommands('(delete-directory "empty")')).toEqual([]);
    expect(elispShellCommands('(delete-directory "empty" nil)')).toEqual([]);
  });

  it('judges the command the Lisp runs', () => {
    expect(analyseCommand(`emacs -batch -eval '(shell-command-to-string "git push --force")'`).verdict).toBe(
      'dangerous',
    );
    expect(analyseCommand(`emacs --batch --eval='(async-shell-command "rm -rf lib")'`).verdict).toBe(
      'dangerous',
    );
    expect(analyseCommand(`emacs --batch --eval '(call-process "rm" nil nil nil "-rf" "src")'`).verdict).toBe(
      'dangerous',
    );
    expect(analyseCommand(`emacs --batch --eval '(shell-command (read-string "cmd: "))'`).verdict).toBe(
      'dangerous',
    );
    expect(
      analyseCommand(`emacs --batch --eval '(progn (find-file "a.org") (org-export-as-html))'`).verdict,
    ).toBe('safe');
  });
});
