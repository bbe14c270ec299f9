import { IMAGE_FETCH_LIMIT_BYTES, VIDEO_AUDIO_FETCH_LIMIT_BYTES } from '../../core/limits';

export type MediaKind = 'image' | 'video' | 'audio';

const NAMES: Record<MediaKind, string> = { image: 'an image', video: 'a video', audio: 'an audio file' };

/** The media type without parameters: "image/png; q=1" -> "image/png"; "" when absent. */
export function mimeTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

export function matchesKinds(mimeType: string, kinds: readonly MediaKind[]): boolean {
  return kinds.some((kind) => mimeType.startsWith(`${kind}/`));
}

/** "not an image or a video (text/html)" */
export function wrongKindReason(mimeType: string, kinds: readonly MediaKind[]): string {
  return `not ${kinds.map((k) => NAMES[k]).join(' or ')} (${mimeType || 'no content type'})`;
}

/** The contract's size limit for a media type: 50 MiB for images, 500 MiB for video, audio and anything else. */
export function limitForMimeType(mimeType: string): number {
  return mimeType.startsWith('image/') ? IMAGE_FETCH_LIMIT_BYTES : VIDEO_AUDIO_FETCH_LIMIT_BYTES;
}
