import type { AppDefinition } from '../../../core/app/app-definition';
import { compileApp } from '../../../core/app/compiled-app';
import type { ContentApp } from '../../../core/content/plan-content';
import { DEFAULT_NODE_COSTS } from '../../../core/billing/credits';
import { toCandidate } from '../../../core/discovery/candidate';

const fm = (tags: Partial<AppDefinition['frontmatter']>): AppDefinition['frontmatter'] => ({
  schemaVersion: 1,
  summary: 'test app',
  categories: [],
  useCases: [],
  keywords: [],
  aliases: [],
  formats: [],
  platforms: [],
  audiences: [],
  excludedIntents: [],
  ...tags,
});

/**
 *   image ──> out_image        (social post: topic, style options, aspect ratio options)
 *   caption ──> out_caption
 */
export const SOCIAL_POST: AppDefinition = {
  appId: '00000000-0000-4000-8000-000000000001',
  name: 'Social Post Image with Caption',
  description: 'A social media image and a caption with hashtags, from a topic.',
  parameters: [
    {
      id: 'p1',
      key: 'topic',
      name: 'Topic',
      type: 'text',
      role: 'topic',
      description: 'What the post is about.',
      multiple: false,
    },
    {
      id: 'p2',
      key: 'style',
      name: 'Visual style',
      type: 'options',
      role: 'style',
      options: ['Minimal', 'Bold', 'Gradient'],
      default: 'Bold',
      description: '',
      multiple: false,
    },
    {
      id: 'p3',
      key: 'aspect_ratio',
      name: 'Aspect ratio',
      type: 'options',
      role: 'aspect_ratio',
      options: ['1:1', '4:5', '9:16'],
      default: '1:1',
      description: '',
      multiple: false,
    },
  ],
  frontmatter: fm({
    useCases: ['social post', 'instagram post', 'announcement'],
    keywords: ['social', 'post', 'image', 'caption'],
    formats: ['image', 'caption'],
    platforms: ['instagram', 'linkedin'],
    excludedIntents: ['video'],
  }),
  graph: {
    nodes: [
      {
        id: 'image',
        type: 'image.generate',
        label: 'Post image',
        config: { prompt: '{{style}} graphic about {{topic}}', aspectRatio: '{{aspect_ratio}}' },
      },
      {
        id: 'caption',
        type: 'text.generate',
        label: 'Caption',
        config: { prompt: 'Caption about {{topic}}', purpose: 'caption' },
      },
      { id: 'out_image', type: 'output', label: 'Image', config: { label: 'Image' } },
      { id: 'out_caption', type: 'output', label: 'Caption', config: { label: 'Caption' } },
    ],
    edges: [
      { source: 'image', target: 'out_image' },
      { source: 'caption', target: 'out_caption' },
    ],
  },
};

/**  clip ──> out     (needs a photo URL; mood options without a default) */
export const PHOTO_CLIP: AppDefinition = {
  appId: '00000000-0000-4000-8000-000000000002',
  name: 'Photo to Video Clip',
  description: 'Animates one photo into a short video clip.',
  parameters: [
    {
      id: 'p1',
      key: 'photo',
      name: 'Photo',
      type: 'url',
      role: 'media',
      accept: ['image'],
      description: 'The photo to animate.',
      multiple: false,
    },
    {
      id: 'p2',
      key: 'motion',
      name: 'Motion',
      type: 'options',
      role: 'style',
      options: ['Zoom in', 'Pan left'],
      description: '',
      multiple: false,
    },
  ],
  frontmatter: fm({
    useCases: ['animate a photo', 'photo to video'],
    keywords: ['photo', 'animate', 'clip', 'video'],
    formats: ['video', 'mp4'],
  }),
  graph: {
    nodes: [
      {
        id: 'clip',
        type: 'video.generate',
        label: 'Clip',
        config: { prompt: 'animate {{photo}} with {{motion}}' },
      },
      { id: 'out', type: 'output', label: 'Video clip', config: { label: 'Video clip' } },
    ],
    edges: [{ source: 'clip', target: 'out' }],
  },
};

/**  render ──> out   (a free prompt: guidance goes into the parameter) */
export const PROMPT_IMAGE: AppDefinition = {
  appId: '00000000-0000-4000-8000-000000000003',
  name: 'Image from Prompt',
  description: 'One image generated from a free-form prompt.',
  parameters: [
    {
      id: 'p1',
      key: 'prompt',
      name: 'Prompt',
      type: 'text',
      role: 'prompt',
      description: '',
      multiple: false,
    },
  ],
  frontmatter: fm({
    useCases: ['single image', 'image from prompt'],
    keywords: ['image', 'prompt', 'picture', 'illustration'],
    formats: ['image'],
    excludedIntents: ['video', 'caption'],
  }),
  graph: {
    nodes: [
      { id: 'render', type: 'image.generate', label: 'Image', config: { prompt: '{{prompt}}' } },
      { id: 'out', type: 'output', label: 'Image', config: { label: 'Image' } },
    ],
    edges: [{ source: 'render', target: 'out' }],
  },
};

export function contentApps(
  definitions: AppDefinition[] = [SOCIAL_POST, PHOTO_CLIP, PROMPT_IMAGE],
): ContentApp[] {
  return definitions.map((d) => {
    const compiled = compileApp(d);
    return { appId: d.appId, compiled, candidate: toCandidate(d.appId, compiled, DEFAULT_NODE_COSTS) };
  });
}
