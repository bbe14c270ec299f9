import type { AppGraph, AppParameter } from '../../core/app/app-definition';

/** The one parameter the refinement tests' apps take. */
export const topicParameter: AppParameter = {
  id: 'p',
  key: 'topic',
  name: 'Topic',
  type: 'text',
  description: '',
  multiple: false,
};

/** A caption step that writes hashtags about the topic. */
export const captionNode: AppGraph['nodes'][number] = {
  id: 'caption',
  type: 'text.generate',
  label: 'Caption',
  config: { prompt: 'A caption with hashtags about {{topic}}', purpose: 'caption' },
};
