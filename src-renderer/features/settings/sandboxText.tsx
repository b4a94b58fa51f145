import type { SandboxStatus } from '../../../src-shared/ipc/schemas';

export type SandboxMode = SandboxStatus['configured'];

export const MODE_LABELS: Record<SandboxMode, string> = {
  'workspace-write': 'Workspace write',
  'read-only': 'Read-only',
  off: 'Off',
};

export const MODE_HINTS: Record<SandboxMode, string> = {
  'workspace-write':
    "Commands write only the session's workspace, its temp folder and the folders below; the network is closed except the hosts below.",
  'read-only': 'Commands write only their temp folder; the network is closed except the hosts below.',
  off: 'Commands run unconfined, with your full permissions. Only the approval gate stands in the way.',
};

/** A message with `command` spans (as the main process writes install hints) shown as code. */
export function WithCode({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}
