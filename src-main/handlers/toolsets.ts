import type { ToolsetInfo } from '../../src-shared/ipc/schemas';
import type { Config } from '../config/schema';
import type { ConfigStore } from '../config/store';
import { setList } from '../config/yamlEdit';
import type { ToolRuntime } from '../runtime/runtime';
import { ContractError } from '../contract/router';

/** Whether the user's selection (enabled/disabled lists) turns a toolset on. */
export function isSelected(name: string, config: Config): boolean {
  const { enabled, disabled } = config.toolsets;
  if (disabled.includes(name)) return false;
  return !enabled || enabled.length === 0 || enabled.includes(name);
}

export async function listToolsets(runtime: ToolRuntime, config: Config): Promise<ToolsetInfo[]> {
  const infos = await runtime.describeToolsets();
  return infos.map((info) => ({ ...info, enabled: isSelected(info.name, config) }));
}

/** Turns a toolset on or off in config.yaml; the next model request sees the change. */
export async function setToolsetEnabled(
  store: ConfigStore,
  runtime: ToolRuntime,
  name: string,
  enabled: boolean,
): Promise<void> {
  if (!runtime.toolsets.isKnown(name))
    throw new ContractError('unknown_toolset', `Unknown toolset "${name}"`);
  await store.update((doc, current) => {
    const disabled = current.toolsets.disabled.filter((n) => n !== name);
    if (!enabled) disabled.push(name);
    setList(doc, ['toolsets', 'disabled'], disabled);
    const list = current.toolsets.enabled;
    if (enabled && list && list.length > 0 && !list.includes(name))
      setList(doc, ['toolsets', 'enabled'], [...list, name]);
  });
}
