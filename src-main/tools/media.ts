import { fn, registerUnavailable, type ToolModuleContext } from './toolModule';

export const MEDIA_SCHEMAS = {
  vision_analyze: fn(
    'vision_analyze',
    'Ask the vision model about an image given by local path or URL.',
    { image: { type: 'string', description: 'Path or URL of the image' }, question: { type: 'string' } },
    ['image', 'question'],
  ),
  image_generate: fn(
    'image_generate',
    'Generate an image from a prompt; returns the saved file path.',
    {
      prompt: { type: 'string' },
      size: { type: 'string', enum: ['square', 'portrait', 'landscape'], description: 'Default "square"' },
    },
    ['prompt'],
  ),
  text_to_speech: fn(
    'text_to_speech',
    'Speak text into an audio file; returns its path.',
    { text: { type: 'string' }, voice: { type: 'string', description: 'Provider voice name' } },
    ['text'],
  ),
};

export function registerTools(ctx: ToolModuleContext): void {
  registerUnavailable(ctx, 'Vision', [
    {
      name: 'vision_analyze',
      toolset: 'vision',
      schema: MEDIA_SCHEMAS.vision_analyze,
      emoji: '👁️',
      parallelSafe: true,
    },
  ]);
  registerUnavailable(ctx, 'Image generation', [
    {
      name: 'image_generate',
      toolset: 'image_gen',
      schema: MEDIA_SCHEMAS.image_generate,
      emoji: '🎨',
      requiresEnv: ['OPENAI_API_KEY'],
    },
  ]);
  registerUnavailable(ctx, 'Text to speech', [
    { name: 'text_to_speech', toolset: 'tts', schema: MEDIA_SCHEMAS.text_to_speech, emoji: '🔊' },
  ]);
}
