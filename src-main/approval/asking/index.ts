/** Asking a person: the approvers the gate calls, the windows' broker, the terminal's prompt. */
export {
  allowOnceApprover,
  ApproverModeSchema,
  brokerApprover,
  denyApprover,
  modeApprover,
  recordingApprover,
  type ApproverMode,
} from './approvers';
export { ApprovalBroker, type NativeBatchPresenter, type NativePresenter } from './broker';
export type { ApprovalAnswer, ApprovalAsk, ApprovalRecorder, AskHuman } from './humanAsk';
export { createTtyApprover } from './ttyApprover';
