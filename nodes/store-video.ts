import type { ActivityDeps } from '../activities/deps';
import { storeMedia } from '../activities/store-output';
import type { NodeOutput, NodeTask, OutputMetadata } from '../core/run/run-types';

/** An mp4 a media tool rendered: where it is and what it measured. */
export interface RenderedVideo {
  path: string;
  width: number;
  height: number;
  durationSeconds: number;
}

/** Stores a rendered mp4 as the node's video output (its duration to the hundredth of a second). */
export function storeVideo(
  deps: ActivityDeps,
  task: NodeTask,
  video: RenderedVideo,
  contentDescription: string,
  extra: Pick<OutputMetadata, 'facts' | 'provider' | 'directions'> = {},
): Promise<NodeOutput> {
  return storeMedia(
    deps,
    task,
    'video',
    { path: video.path, mimeType: 'video/mp4' },
    {
      dimensions: { width: video.width, height: video.height },
      durationSeconds: Math.round(video.durationSeconds * 100) / 100,
      contentDescription,
      ...extra,
    },
  );
}
