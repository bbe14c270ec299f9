import catalogFile from '../../catalog/apps/generate-image.json';
import { Frontmatter, type AppDefinition } from '../app/app-definition';
import { ASPECT_RATIO_VALUES } from '../graph/node-types';

/** The built-in app behind `POST /v1/generate/image`; its catalog file is `catalog/apps/generate-image.json`. */
export const GENERATE_IMAGE_APP_ID = 'e2eb58c5-1b6f-4b1e-a41e-f61e0c3befa5';
export const GENERATE_IMAGE_DEFAULT_RATIO = '1:1';

/**
 * One image.generate node and its output: the smallest run there is. The parameters and graph live
 * here and the catalog file mirrors them (a test pins the two together), so runs have an app row to
 * point at; the frontmatter (the keywords, aliases and use cases discovery reads) is the file's, data.
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
    frontmatter: Frontmatter.parse(catalogFile.frontmatter),
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
