import { testApp, textParameter } from './app-definitions';

/**
 * Two branches that share nothing: headline -> hero, and alt beside them. The Blog Hero app had this shape
 * until its alt text came to describe the hero image it is given (issue 10); tests of independent branches
 * (a failure that spares the other branch, parallel records across a worker restart) run on this copy.
 *
 *   headline ──> hero ──> out_hero
 *      └──────────────> out_headline
 *   alt ─────────────────> out_alt
 */
export const branchingApp = () =>
  testApp({
    name: 'Headline, hero and an independent blurb',
    parameters: [textParameter('article_title', { role: 'topic' })],
    nodes: [
      {
        id: 'headline',
        type: 'text.generate',
        label: 'Headline',
        config: { prompt: 'Write a headline for {{article_title}}', purpose: 'headline', maxWords: 12 },
      },
      {
        id: 'hero',
        type: 'image.generate',
        label: 'Hero image',
        config: {
          prompt: 'Editorial hero illustration: {{nodes.headline}}',
          aspectRatio: '16:9',
          longEdge: 960,
        },
      },
      {
        id: 'alt',
        type: 'text.generate',
        label: 'Alt text',
        config: { prompt: 'A short blurb about {{article_title}}', purpose: 'generic', maxWords: 40 },
      },
      { id: 'out_hero', type: 'output', label: 'Hero image', config: { label: 'Hero image' } },
      { id: 'out_headline', type: 'output', label: 'Headline', config: { label: 'Headline' } },
      { id: 'out_alt', type: 'output', label: 'Alt text', config: { label: 'Alt text' } },
    ],
    edges: [
      { source: 'headline', target: 'hero' },
      { source: 'hero', target: 'out_hero' },
      { source: 'headline', target: 'out_headline' },
      { source: 'alt', target: 'out_alt' },
    ],
  });
