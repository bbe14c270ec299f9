import { IMAGE_FETCH_LIMIT_BYTES, VIDEO_AUDIO_FETCH_LIMIT_BYTES } from '../../core/limits';

export type MediaKind = 'image' | 'video' | 'audio';

/**
 * The media types the API takes in (inputs, transfer-asset) and serves inline from /cdn, by kind. Only
 * raster images, video and audio: SVG is an image that can carry script, so it is refused (issue 12 item 8).
 */
export const MEDIA_TYPES: Record<MediaKind, readonly string[]> = {
  image: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  video: ['video/mp4', 'video/webm', 'video/quicktime'],
  // Servers also label WAV and M4A with these older names.
  audio: ['audio/mpeg', 'audio/mp4', 'audio/wav', 'audio/ogg', 'audio/x-wav', 'audio/wave', 'audio/x-m4a'],
};

const NAMES: Record<MediaKind, string> = { image: 'an image', video: 'a video', audio: 'an audio file' };

/** The media type without parameters: "image/png; q=1" -> "image/png"; "" when absent. */
export function mimeTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

export function matchesKinds(mimeType: string, kinds: readonly MediaKind[]): boolean {
  return kinds.some((kind) => MEDIA_TYPES[kind].includes(mimeType));
}

/** Whether a stored object of this type may be shown inline (a documented media type). */
export function isMediaType(mimeType: string): boolean {
  return matchesKinds(mimeTypeOf(mimeType), ['image', 'video', 'audio']);
}

/**
 * "not an image or a video (text/html)"; for a type of the right kind that is not accepted:
 * "image/svg+xml is not an accepted image type (image/png, image/jpeg, image/webp, image/gif)".
 */
export function wrongKindReason(mimeType: string, kinds: readonly MediaKind[]): string {
  const kind = kinds.find((k) => mimeType.startsWith(`${k}/`));
  if (kind) return `${mimeType} is not an accepted ${kind} type (${MEDIA_TYPES[kind].join(', ')})`;
  return `not ${kinds.map((k) => NAMES[k]).join(' or ')} (${mimeType || 'no content type'})`;
}

/** The contract's size limit for a media type: 50 MiB for images, 500 MiB for video, audio and anything else. */
export function limitForMimeType(mimeType: string): number {
  return mimeType.startsWith('image/') ? IMAGE_FETCH_LIMIT_BYTES : VIDEO_AUDIO_FETCH_LIMIT_BYTES;
}
