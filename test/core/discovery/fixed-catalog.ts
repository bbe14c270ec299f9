import type { DiscoveryCandidate } from '../../../core/discovery/candidate';
import type { Capabilities } from '../../../core/graph/derive-capabilities';
import type { Modality } from '../../../core/graph/modality';

const capabilities = (produces: string[], outputFormats: string[]): Capabilities => ({
  produces,
  strengths: [],
  bestFor: [],
  limitations: [],
  outputFormats,
  hasQualityControl: false,
  hasHumanApproval: false,
  generationStepCount: 1,
  nodeTypes: [],
});

function candidate(
  appId: string,
  name: string,
  description: string,
  tags: {
    useCases: string[];
    keywords: string[];
    aliases?: string[];
    formats: string[];
    platforms?: string[];
    excludedIntents?: string[];
  },
  outputs: Modality[],
  credits: number,
): DiscoveryCandidate {
  const mimes: Record<Modality, string> = {
    image: 'image/png',
    video: 'video/mp4',
    audio: 'audio/mp4',
    text: 'text/plain',
  };
  const share = { image: 0, video: 0, audio: 0, text: 0 };
  for (const o of outputs) share[o] += 1 / outputs.length;
  return {
    appId,
    name,
    description,
    frontmatter: {
      schemaVersion: 1,
      summary: description,
      categories: [],
      useCases: tags.useCases,
      keywords: tags.keywords,
      aliases: tags.aliases ?? [],
      formats: tags.formats,
      platforms: tags.platforms ?? [],
      audiences: [],
      excludedIntents: tags.excludedIntents ?? [],
    },
    capabilities: capabilities(
      outputs.map((o) => (o === 'text' ? 'copy' : o === 'video' ? 'video' : o)),
      [...new Set(outputs.map((o) => mimes[o]))],
    ),
    outputTypes: [...new Set(outputs)],
    outputShare: share,
    estimatedCredits: credits,
  };
}

/** Four apps with clearly separate jobs, so the expected order is the one a person would give. */
export const FIXED_CATALOG: DiscoveryCandidate[] = [
  candidate(
    'app-quote',
    'Quote Card',
    'A typographic quote card for social feeds.',
    {
      useCases: ['inspirational quote', 'testimonial'],
      keywords: ['quote', 'card', 'typography'],
      formats: ['image'],
      platforms: ['instagram', 'linkedin'],
      excludedIntents: ['video'],
    },
    ['image'],
    4,
  ),
  candidate(
    'app-blog',
    'Blog Hero Image',
    'A wide hero image for a blog post, with alt text.',
    {
      useCases: ['blog header', 'article hero image'],
      keywords: ['blog', 'hero', 'banner', 'article'],
      aliases: ['featured image'],
      formats: ['image', 'text'],
      platforms: ['blog'],
      excludedIntents: ['video', 'podcast'],
    },
    ['image', 'text'],
    6,
  ),
  candidate(
    'app-reel',
    'Vertical Video Ad',
    'A short 9:16 video ad with voiceover and captions.',
    {
      useCases: ['video ad', 'reels ad', 'story ad'],
      keywords: ['video', 'vertical', 'voiceover', 'captions'],
      aliases: ['tiktok ad creator'],
      formats: ['video', 'mp4'],
      platforms: ['tiktok', 'instagram'],
      excludedIntents: ['static image'],
    },
    ['video', 'text'],
    21,
  ),
  candidate(
    'app-podcast',
    'Podcast Audiogram',
    'An audiogram to promote a podcast episode.',
    {
      useCases: ['podcast promotion', 'episode teaser'],
      keywords: ['podcast', 'audiogram', 'episode'],
      formats: ['video', 'audio'],
      platforms: ['instagram'],
    },
    ['video', 'audio', 'image'],
    15,
  ),
];
