/** What a node or an app output carries. */
export const MODALITIES = ['image', 'video', 'audio', 'text'] as const;
export type Modality = (typeof MODALITIES)[number];

/** Default MIME type of each modality as the local provider writes it. */
export const DEFAULT_MIME: Record<Modality, string> = {
  image: 'image/png',
  video: 'video/mp4',
  audio: 'audio/mp4',
  text: 'text/plain',
};
