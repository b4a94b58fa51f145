import type { Logger } from './types';

/** Writes warnings and errors to stderr so stdout stays clean for results. */
export function createStderrLogger(
  level: 'debug' | 'info' | 'warn' = 'warn',
  stream: NodeJS.WritableStream = process.stderr,
): Logger {
  const write = (tag: string) => (message: string) => void stream.write(`caduceus: ${tag}${message}\n`);
  const noop = () => {};
  return {
    error: write('error: '),
    warn: write('warning: '),
    info: level === 'warn' ? noop : write(''),
    debug: level === 'debug' ? write('debug: ') : noop,
  };
}

/** Collects messages in memory; used by tests and by callers that report them later. */
export function createMemoryLogger(): Logger & { messages: { level: string; message: string }[] } {
  const messages: { level: string; message: string }[] = [];
  const push = (level: string) => (message: string) => void messages.push({ level, message });
  return { messages, warn: push('warn'), error: push('error'), info: push('info'), debug: push('debug') };
}
