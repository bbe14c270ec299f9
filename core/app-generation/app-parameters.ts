import type { AppParameter } from '../app/app-definition';
import { ASPECT_RATIO_VALUES } from '../graph/node-types';
import type { AppWish } from './read-instruction';

/** The parameter of a role (the base app's own when it has one), declared on first use; returns its key. */
export function declareParameter(
  parameters: AppParameter[],
  role: NonNullable<AppParameter['role']>,
  make: () => AppParameter,
): string {
  const existing =
    parameters.find((p) => p.role === role && (role !== 'media' || p.key === 'product_image')) ??
    parameters.find((p) => p.key === make().key);
  if (existing) return existing.key;
  const created = make();
  parameters.push(created);
  return created.key;
}

export const topicParameter = (wish: AppWish): AppParameter => ({
  id: 'p_topic',
  key: 'topic',
  name: 'Topic',
  type: 'text',
  role: 'topic',
  multiple: false,
  description: 'What the content is about, in a sentence.',
  ...(wish.topic ? { default: wish.topic } : {}),
});

export function aspectRatioParameter(wish: AppWish): AppParameter {
  const fallback = wish.video || wish.voiceover ? '9:16' : '1:1';
  return {
    id: 'p_aspect',
    key: 'aspect_ratio',
    name: 'Aspect ratio',
    type: 'options',
    role: 'aspect_ratio',
    multiple: false,
    options: [...ASPECT_RATIO_VALUES],
    default: wish.aspectRatio ?? fallback,
    description: 'Shape of the visuals for the target platform.',
  };
}

export const productImageParameter = (): AppParameter => ({
  id: 'p_product',
  key: 'product_image',
  name: 'Product image',
  type: 'url',
  role: 'media',
  accept: ['image'],
  multiple: false,
  description: 'URL of a photo of the product, placed in the visuals.',
});
