/** Errors the terminal layer raises at its API; tools turn them into error results. */

export type TerminalErrorCode = 'not_found' | 'not_running' | 'invalid_argument' | 'unavailable';

export class TerminalError extends Error {
  constructor(
    readonly code: TerminalErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TerminalError';
  }
}
