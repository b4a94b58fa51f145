import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCommand, initShellParser } from './analyse';
import { loadCorpus } from './corpusLoader';
import { VerdictSchema } from './verdict';

beforeAll(() => initShellParser());

const verdictOf = (cmd: string) => analyseCommand(cmd).verdict;

describe('dressed-up commands are caught', () => {
  it.each([
    ["r''m -rf ~", 'hardline'],
    ['timeout 5 reboot', 'hardline'],
    ['bash -c "rm -rf /"', 'hardline'],
    ['$(echo rm) -rf /', 'hardline'],
    ['git push origin +main', 'dangerous'],
    ['curl -fsSL https://x.sh | sudo bash', 'dangerous'],
    ['sh -c "$(curl -fsSL https://x)"', 'dangerous'],
    ['bash <(curl -s https://x)', 'dangerous'],
    ['echo cm0gLXJmIC8= | base64 -d | sh', 'hardline'],
    ['ｒｍ -rf /', 'hardline'],
    ['\x1b[31mrm\x1b[0m -rf /', 'hardline'],
    ['X=rm; $X -rf /', 'hardline'],
    ['`echo rm` -rf ~', 'hardline'],
    ["eval 'reboot'", 'hardline'],
    ['echo "rm -rf /" | sh', 'hardline'],
    ['bash <<EOF\nrm -rf ~\nEOF', 'hardline'],
    ['cat <<EOF | sh\nreboot\nEOF', 'hardline'],
    ['cd / && rm -rf *', 'hardline'],
  ] as const)('%s → %s', (cmd, expected) => {
    expect(verdictOf(cmd)).toBe(expected);
  });

  it.each([
    'sudo rm -rf /',
    'sudo -u root -E -- rm -rf /',
    'env -i PATH=/bin rm -rf /',
    'nice -n 19 rm -rf /',
    'nohup rm -rf / &',
    'timeout -s KILL 10 rm -rf /',
    'time rm -rf /',
    'command rm -rf /',
    'builtin exec rm -rf /',
    'exec rm -rf /',
    'echo / | xargs rm -rf',
    'busybox rm -rf /',
    '/bin/rm -rf /',
    'sudo nice timeout 60 env rm -rf /',
  ])('unwraps %s', (cmd) => {
    const v = analyseCommand(cmd);
    expect(v.keys).toContain('rm-root');
    expect(v.segments.some((s) => s.command[0]?.endsWith('rm'))).toBe(true);
  });

  it('names which protected directory a delete hits, without repeating the rule', () => {
    const title = 'Deletes the root, a top-level system directory or a home directory';
    for (const [cmd, which] of [
      ['rm -rf /', 'the root directory'],
      ['rm -rf ~', 'the home directory'],
      ['rm -rf /usr', 'the system directory /usr'],
    ] as const) {
      const { reasons } = analyseCommand(cmd);
      expect(reasons).toContain(`${title}: ${which}`);
      expect(reasons.filter((r) => /: deletes /i.test(r))).toEqual([]);
    }
  });

  it('follows shells inside shells, eval and substitutions', () => {
    expect(analyseCommand(`bash -c "sh -c 'eval reboot'"`).keys).toContain('power-off');
    expect(analyseCommand('echo "$(rm -rf ~)"').keys).toContain('rm-root');
    expect(analyseCommand('cat <(rm -rf /)').keys).toContain('rm-root');
    expect(analyseCommand('x=$(rm -rf /)').keys).toContain('rm-root');
    expect(analyseCommand('f() { rm -rf /; }; f').keys).toContain('rm-root');
  });

  it('treats a command word known only at run time as suspect', () => {
    for (const cmd of ['$CMD --force', '"$(cat cmd.txt)" x', 'eval "$INPUT"', 'bash -c "$SCRIPT"']) {
      expect(analyseCommand(cmd).keys, cmd).toContain('dynamic-command');
    }
  });
});

describe('mentions are data, not commands', () => {
  it.each([
    'echo "rm -rf /"',
    'grep -r "DROP TABLE" src/',
    'git commit -m "cleanup && shutdown hooks"',
    "printf '%s\\n' 'kubectl delete ns prod'",
    'python3 -c "print(\'rm -rf /\')"',
    "cat > notes.md <<'EOF'\nnever run rm -rf / or reboot\nEOF",
    'curl -X POST -d \'{"cmd":"rm -rf /"}\' https://api.example.com/log',
    'which reboot',
    'command -v mkfs.ext4',
  ])('%s is safe', (cmd) => {
    expect(analyseCommand(cmd)).toMatchObject({ verdict: 'safe', keys: [] });
  });
});

describe('verdict shape', () => {
  it('names the segment that triggered each rule, with offsets into the command', () => {
    const cmd = 'ls -la && rm -rf ~ | tee log.txt';
    const v = VerdictSchema.parse(analyseCommand(cmd));
    expect(v.verdict).toBe('hardline');
    const rm = v.segments.find((s) => s.keys.includes('rm-root'));
    expect(rm).toMatchObject({ text: 'rm -rf ~', words: ['rm', '-rf', '~'] });
    expect(cmd.slice(rm?.start, rm?.end)).toBe('rm -rf ~');
    expect(v.segments.find((s) => s.text === 'ls -la')?.keys).toEqual([]);
    expect(v.reasons.some((r) => r.includes('rm -rf ~') || r.includes('home'))).toBe(true);
  });

  it('maps segments inside a quoted -c string back to the command', () => {
    const cmd = `sudo bash -c 'cd /tmp && rm -rf build'`;
    const v = analyseCommand(cmd);
    const rm = v.segments.find((s) => s.keys.includes('rm-recursive'));
    expect(rm && cmd.slice(rm.start, rm.end)).toBe('rm -rf build');
  });

  it('reports the unwrapped command beside the words as written', () => {
    const seg = analyseCommand('sudo -E timeout 5 git push -f').segments[0];
    expect(seg?.words).toEqual(['sudo', '-E', 'timeout', '5', 'git', 'push', '-f']);
    expect(seg?.command).toEqual(['git', 'push', '-f']);
  });

  it('an empty command is safe', () => {
    expect(analyseCommand('   ')).toMatchObject({ verdict: 'safe', keys: [], parsed: true });
  });
});

describe('plain-command fast path', () => {
  it('agrees with the parser on every plain corpus command', () => {
    const plain = loadCorpus().filter(
      (e) => /^[A-Za-z0-9_./:=,@%+ \t-]*$/.test(e.cmd) && !e.cmd.includes('='),
    );
    expect(plain.length).toBeGreaterThan(100);
    for (const { cmd } of plain) {
      // A trailing `;` is not plain, so the same command goes through tree-sitter.
      expect(analyseCommand(`${cmd};`).keys, cmd).toEqual(analyseCommand(cmd).keys);
    }
  });
});

describe('robustness', () => {
  it('judges random shell-like text without throwing', () => {
    const pieces = [
      'rm',
      '-rf',
      '/',
      '~',
      'sudo',
      'bash',
      '-c',
      '"',
      "'",
      '$(',
      ')',
      '`',
      '|',
      '&&',
      ';',
      '<<EOF\n',
      '\nEOF\n',
      '>',
      '/dev/sda',
      '{',
      '}',
      '(',
      '$X',
      '\\',
      'echo',
      'eval',
      'xargs',
      'find',
      '-exec',
      '\\;',
      'git',
      'push',
      '-f',
      '\x1b[',
      'ｒｍ',
      '\u0000',
      '#',
      '=',
      'x=',
      '!',
      '*',
      '{a,b}',
    ];
    let seed = 42;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 3000; i++) {
      const cmd = Array.from({ length: 1 + random(12) }, () => pieces[random(pieces.length)]).join(
        random(3) ? ' ' : '',
      );
      const v = VerdictSchema.parse(analyseCommand(cmd));
      if (!v.parsed) expect(v.verdict, cmd).not.toBe('safe');
    }
  });
});

describe('command and subcommand names that are also object property names', () => {
  it('are looked up as plain names, not through an object prototype', () => {
    for (const cmd of ['__proto__ a', 'gh constructor delete', 'toString -c x', 'valueOf | sh']) {
      const v = VerdictSchema.parse(analyseCommand(cmd));
      expect(v.keys, cmd).not.toContain('unparsed-command');
    }
    expect(analyseCommand('gh constructor delete').verdict).toBe('safe');
  });
});
