import type { ToolModuleLoader as Loader } from '../runtime/discovery';
import type { ToolModuleContext } from './toolModule';

export type ToolModuleLoader = Loader<ToolModuleContext>;

/** Built-in tool modules in the order discovery loads them. */
export const BUILTIN_TOOL_MODULES: ToolModuleLoader[] = [
  { name: 'web', load: () => import('./web') },
  { name: 'terminal', load: () => import('./terminal') },
  { name: 'file', load: () => import('./file') },
  { name: 'browser', load: () => import('./browser') },
  { name: 'media', load: () => import('./media') },
  { name: 'skills', load: () => import('./skills') },
  { name: 'codeExecution', load: () => import('./codeExecution') },
  { name: 'services', load: () => import('./services') },
  { name: 'agentLoop', load: () => import('./agentLoop') },
];
