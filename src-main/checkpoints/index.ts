export { CheckpointStore, type CheckpointStoreOptions, type RestoreResult } from './store';
export {
  CheckpointError,
  type Checkpoint,
  type CheckpointDiff,
  type FileChange,
  type FileStatus,
  type LeftOut,
  type ListFilter,
  type TakeOptions,
} from './types';
export { TurnCheckpoints, afterTurnLabel, beforeTurnLabel } from './turns';
