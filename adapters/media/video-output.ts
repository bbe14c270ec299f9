import type { H264Options, ProgressOptions } from './ffmpeg';
import { probeMedia } from './ffmpeg';
import { MediaToolError } from './media-errors';

/** Every video function renders H.264 yuv420p mp4 with the moov atom first. */
export interface RenderOptions extends ProgressOptions, H264Options {}

export interface VideoResult {
  path: string;
  durationSeconds: number;
  width: number;
  height: number;
  mimeType: 'video/mp4';
}

/** Describes a file ffmpeg just wrote, from the file itself. */
export async function videoResult(path: string): Promise<VideoResult> {
  const info = await probeMedia(path);
  if (!(info.durationSeconds > 0) || !info.width || !info.height) {
    throw new MediaToolError(`ffmpeg wrote an empty video: ${path}`);
  }
  return {
    path,
    durationSeconds: info.durationSeconds,
    width: info.width,
    height: info.height,
    mimeType: 'video/mp4',
  };
}
