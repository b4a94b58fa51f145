import type { SamplingParams } from './clientTypes';

/** A sampling message's content as text; images and audio become a placeholder. */
export function textOf(content: SamplingParams['messages'][number]['content']): string {
  const parts = Array.isArray(content) ? content : [content];
  return parts.map((p) => (p.type === 'text' ? p.text : `[${p.type}]`)).join(' ');
}
