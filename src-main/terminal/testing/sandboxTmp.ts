import { rmSync } from 'node:fs';

/** Files the backends keep in a sandbox's /tmp: PID files and PTY scripts. */
const OWN_FILE = /\/tmp\/\.caduceus-[\w.-]+/g;

/**
 * A stand-in sandbox's /tmp. Its commands run on this machine, so the files they make land in
 * the real /tmp; a real sandbox's /tmp goes with the sandbox, so this one goes when it is ended.
 */
export class SandboxTmp {
  private readonly files = new Set<string>();

  /** Notes the backend's files that `command` names. */
  saw(command: string): void {
    for (const [file] of command.matchAll(OWN_FILE)) this.files.add(file);
  }

  /** Removes them, as ending the sandbox would. */
  clear(): void {
    for (const file of this.files) rmSync(file, { force: true });
    this.files.clear();
  }
}
