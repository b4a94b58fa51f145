/** The built-in toolsets: leaf bundles, composites, per-surface presets and legacy names. */
import type { ToolsetKind } from '../../src-shared/ipc/schemas';

export type { ToolsetKind };

export interface ToolsetDef {
  description: string;
  kind: ToolsetKind;
  tools: string[];
  includes: string[];
}

const leaf = (description: string, tools: string[]): ToolsetDef => ({
  description,
  kind: 'leaf',
  tools,
  includes: [],
});

const BROWSER_TOOLS = [
  'browser_navigate',
  'browser_snapshot',
  'browser_click',
  'browser_type',
  'browser_scroll',
  'browser_back',
  'browser_press',
  'browser_get_images',
  'browser_console',
  'browser_vision',
];
const HA_TOOLS = ['ha_list_entities', 'ha_get_state', 'ha_list_services', 'ha_call_service'];

export const LEAF_TOOLSETS: Record<string, ToolsetDef> = {
  web: leaf('Web search and page extraction', ['web_search', 'web_extract']),
  terminal: leaf('Shell commands and background process management', ['terminal', 'process']),
  file: leaf('Read, write, patch and search files', ['read_file', 'write_file', 'patch', 'search_files']),
  browser: leaf('Browser automation: navigate, read, click, type', BROWSER_TOOLS),
  vision: leaf('Image analysis', ['vision_analyze']),
  image_gen: leaf('Image generation', ['image_generate']),
  tts: leaf('Text to speech', ['text_to_speech']),
  skills: leaf('Skill documents: list, view, manage', ['skills_list', 'skill_view', 'skill_manage']),
  cronjob: leaf('Scheduled prompts', ['cronjob']),
  messaging: leaf('Send messages to configured targets', ['send_message']),
  todo: leaf('Task planning for multi-step work', ['todo']),
  memory: leaf('Persistent notes across sessions', ['memory']),
  session_search: leaf('Full-text search over past sessions', ['session_search']),
  clarify: leaf('Ask the user a question', ['clarify']),
  code_execution: leaf('Run scripts that call tools programmatically', ['execute_code']),
  delegation: leaf('Run sub-agents on sub-tasks', ['delegate_task']),
  homeassistant: leaf('Home Assistant control and monitoring', HA_TOOLS),
  moa: leaf('Mixture of agents: several models answer, one aggregates', ['mixture_of_agents']),
};

const CORE_TOOLS = Object.entries(LEAF_TOOLSETS)
  .filter(([name]) => name !== 'messaging')
  .flatMap(([, def]) => def.tools);

const CODING_TOOLS = CORE_TOOLS.filter(
  (t) => !['image_generate', 'text_to_speech', 'cronjob', 'clarify', ...HA_TOOLS].includes(t),
);

const composite = (description: string, tools: string[], includes: string[]): ToolsetDef => ({
  description,
  kind: 'composite',
  tools,
  includes,
});
const preset = (description: string, tools: string[]): ToolsetDef => ({
  description,
  kind: 'preset',
  tools,
  includes: [],
});

export const COMPOSITE_TOOLSETS: Record<string, ToolsetDef> = {
  debugging: composite('Debugging: terminal, files and the web', [], ['terminal', 'web', 'file']),
  safe: composite('No shell access: web, vision and image generation', [], ['web', 'vision', 'image_gen']),
  coding: composite('Coding: files, terminal, code execution, web docs, browser, skills', CODING_TOOLS, []),
};

export const PRESET_TOOLSETS: Record<string, ToolsetDef> = {
  'caduceus-desktop': preset('The desktop app: every core tool', CORE_TOOLS),
  'caduceus-cli': preset('The command line: every core tool', CORE_TOOLS),
  'caduceus-serve': preset('The browser UI served on loopback: every core tool', CORE_TOOLS),
  'caduceus-acp': preset(
    'Editor integration: coding tools without clarify, messaging or speech',
    CODING_TOOLS,
  ),
};

/** Older names kept so existing configurations keep working. */
export const LEGACY_TOOLSETS: Record<string, ToolsetDef> = Object.fromEntries(
  (
    [
      ['web_tools', 'web'],
      ['terminal_tools', 'terminal'],
      ['vision_tools', 'vision'],
      ['moa_tools', 'moa'],
      ['image_tools', 'image_gen'],
      ['skills_tools', 'skills'],
      ['browser_tools', 'browser'],
      ['cronjob_tools', 'cronjob'],
      ['file_tools', 'file'],
      ['tts_tools', 'tts'],
    ] as const
  ).map(([legacy, current]) => [
    legacy,
    {
      description: `Legacy name for "${current}"`,
      kind: 'legacy',
      tools: [...(LEAF_TOOLSETS[current]?.tools ?? [])],
      includes: [],
    },
  ]),
);

export const ALL_TOOLSET_NAMES = ['all', '*'] as const;

/** Every static toolset in one table; MCP and plugin toolsets are added from the registry. */
export const STATIC_TOOLSETS: Record<string, ToolsetDef> = {
  ...LEAF_TOOLSETS,
  ...COMPOSITE_TOOLSETS,
  ...PRESET_TOOLSETS,
  ...LEGACY_TOOLSETS,
};
