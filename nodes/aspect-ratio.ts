import { ASPECT_RATIOS, type AspectRatio } from '../adapters/media/image-edit';
import { invalidNodeInput } from './failures';

/** A node's rendered `aspectRatio`: empty or `auto` takes the fallback; an unknown ratio is the caller's error. */
export function aspectRatioOf(value: string | undefined, fallback: AspectRatio): AspectRatio {
  const ratio = (value ?? '').trim();
  if (!ratio || ratio === 'auto') return fallback;
  if (!(ratio in ASPECT_RATIOS))
    throw invalidNodeInput(
      `unsupported aspect ratio "${ratio}"; use one of ${Object.keys(ASPECT_RATIOS).join(', ')}`,
    );
  return ratio as AspectRatio;
}
