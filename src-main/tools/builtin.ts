import type { ToolModule } from './toolModule';

export interface ToolModuleLoader {
  name: string;
  load: () => Promise<ToolModule>;
}

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
