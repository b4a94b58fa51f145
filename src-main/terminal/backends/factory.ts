/** Builds the configured backend for one environment. */
import type { Sandbox } from '../../sandbox/sandbox';
import type { TerminalConfig } from '../../config/terminalSchema';
import type { TerminalBackend } from '../types';
import { DockerBackend } from './docker';
import { DaytonaBackend } from './daytona';
import { LocalBackend } from './local';
import { ModalBackend } from './modal';
import { SingularityBackend } from './singularity';
import { SshBackend } from './ssh';
import { TerminalError } from '../errors';

/** `sandbox` contains local commands; docker is its own boundary, ssh and the clouds are remote. */
export function createBackend(
  config: TerminalConfig,
  environmentKey: string,
  sandbox?: Sandbox,
): TerminalBackend {
  switch (config.backend) {
    case 'docker':
      return new DockerBackend(config.docker, environmentKey);
    case 'ssh':
      if (!config.ssh)
        throw new TerminalError(
          'unavailable',
          'the ssh backend needs terminal.ssh settings (host, username)',
        );
      return new SshBackend(config.ssh);
    case 'singularity':
      return new SingularityBackend(config.singularity, environmentKey);
    case 'modal':
      return new ModalBackend(config.modal, environmentKey);
    case 'daytona':
      return new DaytonaBackend(config.daytona, environmentKey);
    case 'local':
      return new LocalBackend(config.local, undefined, sandbox);
  }
}
