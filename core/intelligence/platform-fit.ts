import { factor, type Factor } from './factor';
import { isKnownPlatform, KNOWN_PLATFORMS, type KnownPlatform } from './platforms';

export const PREDICT_MODALITIES = ['image', 'video', 'text', 'audio', 'mixed'] as const;
export type PredictModality = (typeof PREDICT_MODALITIES)[number];

/**
 * Points for a modality on a platform: positive where the platform's feed is built for it
 * (TikTok and YouTube video, Pinterest images, LinkedIn text and images), negative where it barely travels.
 */
const FIT: Record<KnownPlatform, Record<PredictModality, number>> = {
  tiktok: { video: 15, mixed: 5, image: -8, audio: -5, text: -15 },
  instagram: { video: 12, image: 10, mixed: 8, text: -10, audio: -8 },
  linkedin: { text: 10, image: 10, mixed: 6, video: 4, audio: -6 },
  facebook: { video: 8, image: 8, mixed: 6, text: 4, audio: -4 },
  x: { text: 10, image: 6, video: 4, mixed: 4, audio: -6 },
  youtube: { video: 15, audio: 0, mixed: -2, image: -10, text: -12 },
  pinterest: { image: 15, mixed: 6, video: 4, text: -12, audio: -12 },
};

/** The modality that fits a platform best. */
export function bestModality(platform: KnownPlatform): PredictModality {
  return (Object.entries(FIT[platform]) as [PredictModality, number][]).sort((a, b) => b[1] - a[1])[0][0];
}

/**
 * 1. Look the pair up in FIT. 2. A strong fit (>= 10) is a strength, a poor one (< 0) a risk that suggests
 *    the platform's best modality. 3. An unknown platform scores 0 and says there is no fit data.
 */
export function platformFit(platform: string, modality: PredictModality): Factor {
  if (!isKnownPlatform(platform))
    return factor(
      'platform_fit',
      0,
      null,
      `no fit data for "${platform}"; known platforms are ${KNOWN_PLATFORMS.join(', ')}`,
    );
  const points = FIT[platform][modality];
  const best = bestModality(platform);
  if (points >= 10) return factor('platform_fit', points, `${modality} is a native format on ${platform}`);
  if (points < 0)
    return factor(
      'platform_fit',
      points,
      `${modality} travels poorly on ${platform}`,
      `${best} fits ${platform} best`,
    );
  return factor(
    'platform_fit',
    points,
    points > 0 ? `${modality} works on ${platform}` : null,
    best !== modality ? `${best} fits ${platform} better than ${modality}` : null,
  );
}
