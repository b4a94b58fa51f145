/** The terminal layer's public API, for the `terminal` and `process` tools, the UI and the composition root. */
export { TerminalService, USER_SHELL_CALL_ID } from './service';
export type { RunCommandRequest, RunCommandResult, TerminalServiceOptions, UserShell } from './service';
export { TerminalConfigSchema } from '../config/terminalSchema';
export type { TerminalConfig, TerminalConfigInput } from '../config/terminalSchema';
export { TerminalError } from './errors';
export type { TerminalErrorCode } from './errors';
export type { ProcessInfo, ProcessStatus } from './processRegistry';
export type { TerminalStreamEvent, TerminalStreamSink } from './outputStream';
export type { TaskOptions } from './environmentManager';
export type { Availability, BackendKind, TerminalBackend } from './types';
export { DEFAULT_FOREGROUND_TIMEOUT_SECONDS, MAX_FOREGROUND_TIMEOUT_SECONDS } from './limits';
export { truncateOutput } from './truncate';
export { acceptHostKey, HostKeyError, hostKeyInfo } from './backends/knownHosts';
export type { HostKeyInfo } from './backends/knownHosts';
export { benchTerminal } from './bench';
