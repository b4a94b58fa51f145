import { toolError } from '../runtime/errors';
import type { ToolContext } from '../runtime/types';
import { guarded } from './guard';
import {
  generateImage,
  IMAGE_SIZES,
  MAX_SPEECH_CHARS,
  OPENAI_KEY_ENV,
  speak,
  TTS_VOICES,
} from './media/openai';
import { loadImage } from './media/vision';
import { envOf, fn, type ToolModuleContext, type ToolServices } from './toolModule';

export const MEDIA_SCHEMAS = {
  vision_analyze: fn(
    'vision_analyze',
    'Ask the vision model about an image: a PNG, JPEG, GIF or WebP file given by absolute path or http(s) URL.',
    {
      image: { type: 'string', description: 'Absolute path or http(s) URL of the image' },
      question: { type: 'string', description: 'What to find out about the image' },
    },
    ['image', 'question'],
  ),
  image_generate: fn(
    'image_generate',
    'Generate an image from a text prompt; returns the path of the saved file.',
    {
      prompt: { type: 'string', description: 'A detailed description of the image' },
      size: { type: 'string', enum: Object.keys(IMAGE_SIZES), description: 'Default "square"' },
    },
    ['prompt'],
  ),
  text_to_speech: fn(
    'text_to_speech',
    'Speak text into an MP3 file; returns its path.',
    {
      text: {
        type: 'string',
        maxLength: MAX_SPEECH_CHARS,
        description: `At most ${MAX_SPEECH_CHARS} characters`,
      },
      voice: { type: 'string', enum: [...TTS_VOICES], description: 'Default "alloy"' },
    },
    ['text'],
  ),
};

const NO_VISION = 'vision_analyze needs a vision-capable model; none is configured';
const needsKey = (env: NodeJS.ProcessEnv) =>
  Boolean(env[OPENAI_KEY_ENV]?.trim()) || `${OPENAI_KEY_ENV} is not set`;

export function registerTools(ctx: ToolModuleContext): void {
  const { services } = ctx;
  const openaiCheck = () => needsKey(envOf(services));
  ctx.registry.register({
    name: 'vision_analyze',
    toolset: 'vision',
    schema: MEDIA_SCHEMAS.vision_analyze,
    emoji: '👁️',
    parallelSafe: true,
    isAsync: true,
    checkFn: () => services.vision !== undefined || NO_VISION,
    handler: guarded('vision_analyze', async (args, call) => {
      if (!services.vision) return toolError(NO_VISION);
      const image = await loadImage(String(args.image), call.signal);
      return { answer: await services.vision.analyze(image, String(args.question), call.signal) };
    }),
  });
  ctx.registry.register({
    name: 'image_generate',
    toolset: 'image_gen',
    schema: MEDIA_SCHEMAS.image_generate,
    emoji: '🎨',
    requiresEnv: [OPENAI_KEY_ENV],
    isAsync: true,
    checkFn: openaiCheck,
    handler: guarded('image_generate', (args, call) => {
      const size = (typeof args.size === 'string' ? args.size : 'square') as keyof typeof IMAGE_SIZES;
      return generateImage(media(services, call), String(args.prompt), size);
    }),
  });
  ctx.registry.register({
    name: 'text_to_speech',
    toolset: 'tts',
    schema: MEDIA_SCHEMAS.text_to_speech,
    emoji: '🔊',
    requiresEnv: [OPENAI_KEY_ENV],
    isAsync: true,
    checkFn: openaiCheck,
    handler: guarded('text_to_speech', (args, call) => {
      const text = String(args.text).trim();
      if (!text) return toolError('text_to_speech needs some text');
      return speak(media(services, call), text, typeof args.voice === 'string' ? args.voice : 'alloy');
    }),
  });
}

function media(services: ToolServices, call: ToolContext) {
  return { env: envOf(services), home: services.home, signal: call.signal };
}
