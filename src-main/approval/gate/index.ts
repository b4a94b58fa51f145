/** The approval gate: decides on a judged command from settings, allowlists, grants and a person's answer. */
export type { CommandCheck, CommandDecision, CommandGate } from './commandGate';
export { AllowlistEntryError, parseAllowlistEntry } from './allowlistEntry';
export { createConfigAllowlistStore } from './configAllowlistStore';
export { DenialNotes } from './denialNotes';
export { createApprovalGate, type ApprovalGate } from './gate';
export type {
  AllowlistStore,
  GateQuestion,
  Approver,
  ApproverAnswer,
  SmartAnswer,
  SmartApprover,
} from './gateTypes';
export { grantAnswer } from './grantAnswers';
export { askWithDeadline } from './humanPrompt';
export { createMemoryGrantStore, grantApplies, type GrantRecord, type GrantStore } from './grants';
export { grantsInForce, revokeGrant } from './grantsView';
export { createMemoryAllowlistStore } from './memoryAllowlistStore';
export { prefixDanger } from './prefixSafety';
export { approvalSettingsFromConfig } from './settings';
export { commandGateFor, gateBackendKind, toolApprover } from './toolGate';
export type { LedgerSink } from './ledger';
