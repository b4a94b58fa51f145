/**
 * The toolsets that are not one tool family: composites, per-surface presets and legacy names.
 * Which tools each holds comes from the tools' registrations (`toolset`, `presets`); a leaf
 * toolset is named and described by its tools (`toolsetDescription`).
 */
import type { ToolsetKind } from '../../src-shared/ipc/schemas';

export type { ToolsetKind };

export interface ToolsetDef {
  description: string;
  kind: ToolsetKind;
  tools: string[];
  includes: string[];
  /** A legacy name: the toolset whose registered tools it stands for. */
  sameAs?: string;
}

/** The presets of the three hosts, which offer every core tool. */
export const SURFACE_PRESETS = ['caduceus-desktop', 'caduceus-cli', 'caduceus-serve'] as const;

/** A coding tool is offered by every preset, the editor's included, and the `coding` composite. */
export const CODING_PRESETS = [...SURFACE_PRESETS, 'caduceus-acp', 'coding'] as const;

const composite = (description: string, includes: string[]): ToolsetDef => ({
  description,
  kind: 'composite',
  tools: [],
  includes,
});
const preset = (description: string): ToolsetDef => ({
  description,
  kind: 'preset',
  tools: [],
  includes: [],
});

const COMPOSITE_TOOLSETS: Record<string, ToolsetDef> = {
  debugging: composite('Debugging: terminal, files and the web', ['terminal', 'web', 'file']),
  safe: composite('No shell access: web, vision and image generation', ['web', 'vision', 'image_gen']),
  coding: composite('Coding: files, terminal, code execution, web docs, browser, skills', []),
};

export const PRESET_TOOLSETS: Record<string, ToolsetDef> = {
  'caduceus-desktop': preset('The desktop app: every core tool'),
  'caduceus-cli': preset('The command line: every core tool'),
  'caduceus-serve': preset('The browser UI served on loopback: every core tool'),
  'caduceus-acp': preset('Editor integration: coding tools without clarify, messaging or speech'),
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
    { description: `Legacy name for "${current}"`, kind: 'legacy', tools: [], includes: [], sameAs: current },
  ]),
);

export const ALL_TOOLSET_NAMES = ['all', '*'] as const;

/** Every static toolset in one table; leaf, MCP and plugin toolsets are added from the registry. */
export const STATIC_TOOLSETS: Record<string, ToolsetDef> = {
  ...COMPOSITE_TOOLSETS,
  ...PRESET_TOOLSETS,
  ...LEGACY_TOOLSETS,
};
