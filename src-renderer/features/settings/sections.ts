/**
 * The Settings sections, in page order: each one's id (its anchor, `settings-<id>`), its name
 * in the side list and its component, which brings its own styles (`<Name>Section.css`).
 */
import type { ComponentType } from 'react';
import { AllowlistSection } from './AllowlistSection';
import { ApprovalsSection } from './ApprovalsSection';
import { LedgerSection } from './LedgerSection';
import { McpSection } from './McpSection';
import { MemorySection } from './MemorySection';
import { ModelSection } from './ModelSection';
import { SandboxSection } from './SandboxSection';
import { SessionsSection } from './SessionsSection';
import { TerminalSection } from './TerminalSection';
import { ToolsetsSection } from './ToolsetsSection';

export interface SettingsSectionDescriptor<Id extends string = string> {
  id: Id;
  label: string;
  Component: ComponentType;
}

const section = <const Id extends string>(
  id: Id,
  label: string,
  Component: ComponentType,
): SettingsSectionDescriptor<Id> => ({ id, label, Component });

export const SETTINGS_SECTIONS = [
  section('model', 'Model', ModelSection),
  section('terminal', 'Terminal', TerminalSection),
  section('sandbox', 'Sandbox', SandboxSection),
  section('approvals', 'Approvals', ApprovalsSection),
  section('sessions', 'Chats', SessionsSection),
  section('toolsets', 'Toolsets', ToolsetsSection),
  section('allowlist', 'Allowlist', AllowlistSection),
  section('ledger', 'Approvals log', LedgerSection),
  section('memory', 'Memory', MemorySection),
  section('mcp', 'MCP servers', McpSection),
] as const;

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];
