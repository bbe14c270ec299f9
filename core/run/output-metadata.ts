import type { Modality } from '../graph/modality';
import type { OutputMetadata } from './run-types';

export interface NextStep {
  description: string;
  toolHint: 'run_app' | 'atelier_create' | 'publish_content' | null;
}

export interface OutputGuidance {
  compatibleInputTypes: string[];
  suggestedNextSteps: NextStep[];
  canChainAs: string[];
  platformsOptimized: string[];
}

/** Platform placements: the aspect ratio (w/h) they want and, for video, their longest duration. */
const PLACEMENTS: { platform: string; ratio: number; maxSeconds?: number; minWidth: number }[] = [
  { platform: 'instagram_feed', ratio: 1, minWidth: 1080 },
  { platform: 'instagram_feed', ratio: 4 / 5, minWidth: 1080 },
  { platform: 'instagram_reels', ratio: 9 / 16, maxSeconds: 90, minWidth: 720 },
  { platform: 'tiktok', ratio: 9 / 16, maxSeconds: 600, minWidth: 720 },
  { platform: 'youtube_shorts', ratio: 9 / 16, maxSeconds: 60, minWidth: 720 },
  { platform: 'facebook_feed', ratio: 1, minWidth: 1080 },
  { platform: 'facebook_feed', ratio: 4 / 5, minWidth: 1080 },
  { platform: 'linkedin', ratio: 1, minWidth: 1080 },
  { platform: 'linkedin', ratio: 16 / 9, minWidth: 1200 },
  { platform: 'x', ratio: 16 / 9, maxSeconds: 140, minWidth: 1200 },
  { platform: 'youtube', ratio: 16 / 9, minWidth: 1280 },
  { platform: 'pinterest', ratio: 2 / 3, minWidth: 1000 },
  { platform: 'blog', ratio: 16 / 9, minWidth: 1200 },
];

/**
 * Guidance an agent can act on, from the output's real properties.
 * 1. Inputs it fits: its modality's tool categories. 2. Roles: by modality, shape and length.
 * 3. Platforms: placements whose ratio is within 3 %, whose width it meets and whose length it fits.
 * 4. Next steps: the usual follow-ups for that modality, each with the tool that does it.
 */
export function describeOutput(modality: Modality, metadata: OutputMetadata): OutputGuidance {
  return {
    compatibleInputTypes: COMPATIBLE[modality],
    suggestedNextSteps: NEXT_STEPS[modality],
    canChainAs: rolesOf(modality, metadata),
    platformsOptimized: platformsOf(modality, metadata),
  };
}

const COMPATIBLE: Record<Modality, string[]> = {
  image: ['image_url', 'image_to_video', 'image_edit', 'social_post_media'],
  video: ['video_url', 'video_compose', 'social_post_media'],
  audio: ['audio_url', 'voiceover', 'video_compose'],
  text: ['prompt', 'caption', 'script', 'brief'],
};

const NEXT_STEPS: Record<Modality, NextStep[]> = {
  image: [
    { description: 'Publish the image to a connected channel', toolHint: 'publish_content' },
    { description: 'Animate the image into a short vertical video', toolHint: 'run_app' },
    { description: 'Create variations for other platforms from a brief', toolHint: 'atelier_create' },
  ],
  video: [
    { description: 'Publish the video to a connected channel', toolHint: 'publish_content' },
    { description: 'Make a cut for another aspect ratio', toolHint: 'run_app' },
  ],
  audio: [
    { description: 'Turn the audio into an audiogram video', toolHint: 'run_app' },
    { description: 'Use it as the voiceover of a composed video', toolHint: 'atelier_create' },
  ],
  text: [
    { description: 'Use the text as the caption of a post', toolHint: 'publish_content' },
    { description: 'Turn the text into a voiceover or video', toolHint: 'atelier_create' },
  ],
};

function rolesOf(modality: Modality, m: OutputMetadata): string[] {
  const ratio = m.dimensions ? m.dimensions.width / m.dimensions.height : null;
  if (modality === 'image') {
    const roles = ['social_image'];
    if (ratio !== null && ratio >= 1.7) roles.push('hero_image', 'banner');
    if (ratio !== null && ratio <= 0.6) roles.push('story_frame');
    if (ratio !== null && Math.abs(ratio - 1) < 0.03) roles.push('thumbnail');
    roles.push('video_frame');
    return roles;
  }
  if (modality === 'video') {
    const roles = ['social_clip'];
    if ((m.durationSeconds ?? 0) <= 15) roles.push('b_roll', 'teaser');
    if (ratio !== null && ratio < 1) roles.push('vertical_video');
    return roles;
  }
  if (modality === 'audio') return ['voiceover', 'podcast_snippet'];
  return ['caption', 'script', 'prompt'];
}

function platformsOf(modality: Modality, m: OutputMetadata): string[] {
  if ((modality !== 'image' && modality !== 'video') || !m.dimensions) return [];
  const ratio = m.dimensions.width / m.dimensions.height;
  const fits = PLACEMENTS.filter(
    (p) =>
      Math.abs(ratio - p.ratio) / p.ratio < 0.03 &&
      m.dimensions!.width >= p.minWidth * 0.66 &&
      (modality === 'image'
        ? p.maxSeconds === undefined || p.platform !== 'tiktok'
        : (m.durationSeconds ?? 0) <= (p.maxSeconds ?? Infinity)),
  );
  const platforms = fits
    .map((p) => p.platform)
    .filter(
      (p) => modality === 'video' || !['tiktok', 'youtube_shorts', 'instagram_reels', 'youtube'].includes(p),
    );
  if (modality === 'image' && ratio < 0.6 && ratio > 0.5) platforms.push('instagram_stories');
  return [...new Set(platforms)];
}
