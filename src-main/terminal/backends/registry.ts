/**
 * The behaviour half of each terminal backend, by kind; the data half (label, isolation, config
 * block, Settings fields) is its descriptor in src-shared/backends/list.ts.
 */
import type { TerminalBackendKind } from '../../../src-shared/backends/registry';
import type { BackendBehaviour } from './behaviour';
import { daytonaBackend } from './daytona';
import { dockerBackend } from './docker';
import { localBackend } from './local';
import { modalBackend } from './modal';
import { singularityBackend } from './singularity';
import { sshBackend } from './ssh';

export const BACKEND_BEHAVIOURS: Record<TerminalBackendKind, BackendBehaviour> = {
  local: localBackend,
  docker: dockerBackend,
  ssh: sshBackend,
  singularity: singularityBackend,
  modal: modalBackend,
  daytona: daytonaBackend,
};
