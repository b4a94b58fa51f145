import { describe, expect, it } from 'vitest';
import { commandHeader, exitFooter, LineEndings } from './streamFrame';

describe('LineEndings', () => {
  it('turns bare LF into CRLF and keeps colours', () => {
    expect(new LineEndings().write('\x1b[31mred\x1b[0m\nplain\n')).toBe('\x1b[31mred\x1b[0m\r\nplain\r\n');
  });

  it('leaves CRLF alone, also when CR and LF arrive in separate chunks', () => {
    const endings = new LineEndings();
    expect(endings.write('a\r\nb\r')).toBe('a\r\nb\r');
    expect(endings.write('\nc\n')).toBe('\nc\r\n');
  });

  it('keeps a bare CR (progress bars redraw their line)', () => {
    expect(new LineEndings().write('10%\r20%\r')).toBe('10%\r20%\r');
  });
});

describe('command header and exit footer', () => {
  it('shows the command line and ends on a new line', () => {
    expect(commandHeader('ls -la')).toMatch(/\$ ls -la.*\r\n$/);
    expect(commandHeader('ls -la').startsWith('\x1b[?25h')).toBe(true);
  });

  it('marks failure with the exit code and starts on a fresh line after unterminated output', () => {
    const footer = exitFooter({ exitCode: 1 }, 300, false);
    expect(footer.startsWith('\r\n')).toBe(true);
    expect(footer).toContain('✗ exit 1');
    expect(footer.endsWith('\r\n\x1b[?25l')).toBe(true);
    expect(exitFooter({ exitCode: 0 }, 300, true)).toMatch(/^\S*✓ exit 0/);
    expect(exitFooter({ exitCode: null, signal: 'SIGKILL' }, 10, true)).toContain('killed by SIGKILL');
  });
});
