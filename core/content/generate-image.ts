import type { AppDefinition } from '../app/app-definition';
import { ASPECT_RATIO_VALUES } from '../graph/node-types';

/** The built-in app behind `POST /v1/generate/image`; its catalog file is `catalog/apps/generate-image.json`. */
export const GENERATE_IMAGE_APP_ID = 'e2eb58c5-1b6f-4b1e-a41e-f61e0c3befa5';
export const GENERATE_IMAGE_DEFAULT_RATIO = '1:1';

/**
 * One image.generate node and its output: the smallest run there is. The definition lives here and
 * the catalog file mirrors it (a test pins the two together), so runs have an app row to point at.
 */
export function generateImageApp(): AppDefinition {
  return {
    appId: GENERATE_IMAGE_APP_ID,
    name: 'Image from Prompt',
    description: 'One image generated from a free-form prompt, in a chosen aspect ratio.',
    parameters: [
      {
        id: 'p_prompt',
        key: 'prompt',
        name: 'Prompt',
        type: 'text',
        role: 'prompt',
        description: 'What the image shows, in words.',
        multiple: false,
      },
      {
        id: 'p_aspect',
        key: 'aspect_ratio',
        name: 'Aspect ratio',
        type: 'options',
        role: 'aspect_ratio',
        options: [...ASPECT_RATIO_VALUES],
        default: GENERATE_IMAGE_DEFAULT_RATIO,
        description: 'Shape of the image.',
        multiple: false,
      },
    ],
    frontmatter: {
      schemaVersion: 1,
      summary:
        'Generates a single image from a free-form prompt; the building block behind POST /v1/generate/image.',
      categories: ['image'],
      useCases: ['single image', 'image from prompt', 'input image for another app'],
      keywords: ['image', 'generate', 'prompt', 'picture'],
      aliases: ['generate image', 'text to image'],
      formats: ['image'],
      platforms: [],
      audiences: ['agents', 'developers'],
      excludedIntents: ['video', 'audio', 'caption'],
    },
    graph: {
      nodes: [
        {
          id: 'image',
          type: 'image.generate',
          label: 'Image',
          config: { prompt: '{{prompt}}', aspectRatio: '{{aspect_ratio}}', longEdge: 1080 },
        },
        { id: 'out', type: 'output', label: 'Image', config: { label: 'Image' } },
      ],
      edges: [{ source: 'image', target: 'out' }],
    },
  };
}
