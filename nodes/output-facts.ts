import { measureImage } from '../adapters/media/image-measure';
import type { DrawnImage } from '../adapters/models/local/image-renderer';
import type { DrawnClip, GeneratedVideo } from '../adapters/models/providers';
import type { DirectionOutcome, DrawnTextFacts, ImageFacts, VideoFacts } from '../core/run/media-facts';

/**
 * The facts of an image: measured from its pixels (size, tone, main colours), plus what its maker drew
 * when it can say (the local renderer's layout and every line of text).
 */
export async function imageFacts(
  data: Buffer,
  madeBy: string,
  drawn?: DrawnImage,
  extra: { edits?: string[]; text?: DrawnTextFacts[] } = {},
): Promise<ImageFacts> {
  const measured = await measureImage(data);
  return {
    modality: 'image',
    madeBy,
    width: measured.width,
    height: measured.height,
    colours: measured.colours,
    tone: measured.tone,
    ...(drawn
      ? {
          layout: drawn.layout,
          text: drawn.text.map((t) => ({ role: t.role, lines: t.lines })),
          photo: drawn.photo,
        }
      : {}),
    ...(extra.edits ? { edits: extra.edits } : {}),
    ...(extra.text ? { text: extra.text } : {}),
  };
}

/** The facts of a generated clip: its probed size and length, and how it was made. */
export function clipFacts(clip: GeneratedVideo, madeBy: string, hasAudio = false): VideoFacts {
  const drawn: DrawnClip | undefined = clip.drawn;
  return {
    modality: 'video',
    madeBy,
    width: clip.width,
    height: clip.height,
    durationSeconds: Math.round(clip.durationSeconds * 100) / 100,
    kind: drawn?.kind ?? 'generated',
    ...(drawn?.motion ? { motion: drawn.motion } : {}),
    ...(drawn?.lines ? { lines: drawn.lines } : {}),
    hasAudio,
  };
}

/** What the directions did, when there were any and the model reported it. */
export const directionOutcome = (drawn?: { applied: string[]; declined: DirectionOutcome['declined'] }) =>
  drawn && (drawn.applied.length > 0 || drawn.declined.length > 0)
    ? { directions: { applied: drawn.applied, declined: drawn.declined } }
    : {};
