import { z } from 'zod';
import { toolError } from '../runtime/errors';
import { CODING_PRESETS, SURFACE_PRESETS } from '../runtime/toolsetCatalog';
import { functionSchema, typedHandler } from '../runtime/typedArgs';
import type { ToolContext, ToolOutcome } from '../runtime/types';
import { guarded } from './guard';
import {
  generateImage,
  IMAGE_SIZES,
  MAX_SPEECH_CHARS,
  OPENAI_KEY_ENV,
  speak,
  TTS_VOICES,
} from './media/openai';
import { loadImage, MAX_IMAGE_BYTES } from './media/vision';
import { egressFor } from './egress';
import { guardedLocalRead } from './file/readGuard';
import { envOf, type ToolModuleContext, type ToolServices } from './toolModule';

type ImageSize = keyof typeof IMAGE_SIZES;
const IMAGE_SIZE_NAMES = Object.keys(IMAGE_SIZES) as [ImageSize, ...ImageSize[]];

const VisionArgs = z.strictObject({
  image: z.string().describe('Absolute path or http(s) URL of the image'),
  question: z.string().describe('What to find out about the image'),
});

const ImageArgs = z.strictObject({
  prompt: z.string().describe('A detailed description of the image'),
  size: z.enum(IMAGE_SIZE_NAMES).optional().describe('Default "square"'),
});

const SpeechArgs = z.strictObject({
  text: z.string().max(MAX_SPEECH_CHARS).describe(`At most ${MAX_SPEECH_CHARS} characters`),
  voice: z.enum(TTS_VOICES).optional().describe('Default "alloy"'),
});

export const MEDIA_SCHEMAS = {
  vision_analyze: functionSchema(
    'vision_analyze',
    'Ask the vision model about an image: a PNG, JPEG, GIF or WebP file given by absolute path or http(s) URL.',
    VisionArgs,
  ),
  image_generate: functionSchema(
    'image_generate',
    'Generate an image from a text prompt; returns the path of the saved file.',
    ImageArgs,
  ),
  text_to_speech: functionSchema(
    'text_to_speech',
    'Speak text into an MP3 file; returns its path.',
    SpeechArgs,
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
    toolsetDescription: 'Image analysis',
    presets: CODING_PRESETS,
    schema: MEDIA_SCHEMAS.vision_analyze,
    emoji: '👁️',
    icon: 'image',
    parallelSafe: true,
    isAsync: true,
    checkFn: () => services.vision !== undefined || NO_VISION,
    handler: typedHandler(
      'vision_analyze',
      VisionArgs,
      guarded('vision_analyze', async (args: z.output<typeof VisionArgs>, call) => {
        if (!services.vision) return toolError(NO_VISION);
        // A local file is read under the read policy; the gate's refusal is the tool's outcome.
        let refused: ToolOutcome | undefined;
        const readImage = async (path: string) => {
          const read = await guardedLocalRead(services, call, path, MAX_IMAGE_BYTES);
          if ('refusal' in read) {
            refused = read.refusal;
            throw new Error(`reading ${path} was refused`);
          }
          if (read.kind !== 'file') throw new Error(`No image file at ${path}`);
          if (!read.data) throw new Error(`The image is larger than ${MAX_IMAGE_BYTES} bytes`);
          return read.data;
        };
        let image: string;
        try {
          image = await loadImage(args.image, call.signal, egressFor(services, call), readImage);
        } catch (error) {
          if (refused) return refused;
          throw error;
        }
        return { answer: await services.vision.analyze(image, args.question, call.signal) };
      }),
    ),
  });
  ctx.registry.register({
    name: 'image_generate',
    toolset: 'image_gen',
    toolsetDescription: 'Image generation',
    presets: SURFACE_PRESETS,
    schema: MEDIA_SCHEMAS.image_generate,
    emoji: '🎨',
    icon: 'image',
    requiresEnv: [OPENAI_KEY_ENV],
    isAsync: true,
    checkFn: openaiCheck,
    handler: typedHandler(
      'image_generate',
      ImageArgs,
      guarded('image_generate', (args: z.output<typeof ImageArgs>, call) =>
        generateImage(media(services, call), args.prompt, args.size ?? 'square'),
      ),
    ),
  });
  ctx.registry.register({
    name: 'text_to_speech',
    toolset: 'tts',
    toolsetDescription: 'Text to speech',
    presets: SURFACE_PRESETS,
    schema: MEDIA_SCHEMAS.text_to_speech,
    emoji: '🔊',
    requiresEnv: [OPENAI_KEY_ENV],
    isAsync: true,
    checkFn: openaiCheck,
    handler: typedHandler(
      'text_to_speech',
      SpeechArgs,
      guarded('text_to_speech', (args: z.output<typeof SpeechArgs>, call) => {
        const text = args.text.trim();
        if (!text) return toolError('text_to_speech needs some text');
        return speak(media(services, call), text, args.voice ?? 'alloy');
      }),
    ),
  });
}

function media(services: ToolServices, call: ToolContext) {
  return {
    env: envOf(services),
    home: services.home,
    signal: call.signal,
    egress: egressFor(services, call),
  };
}
