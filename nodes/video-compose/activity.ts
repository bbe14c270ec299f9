import { join } from 'node:path';
import { estimateCaptionCues } from '../../adapters/media/captions';
import { probeMedia } from '../../adapters/media/ffmpeg';
import { measureImage } from '../../adapters/media/image-measure';
import { frameOf } from '../../adapters/media/video-frame';
import { dimensionsFor } from '../../adapters/media/image-edit';
import { withTempDir } from '../../adapters/media/media-params';
import { composeVideo, imageToClip } from '../../adapters/media/video-clip';
import { describeVideo } from '../../core/run/describe-media';
import type { VideoFacts } from '../../core/run/media-facts';
import type { NodeOutput, NodeTask } from '../../core/run/run-types';
import type { ActivityDeps } from '../../activities/deps';
import { aspectRatioOf } from '../aspect-ratio';
import { classifyFailures, invalidNodeInput } from '../failures';
import { mediaProgress, parentsOf, readStored, writeTemp } from '../media-inputs';
import { storeVideo } from '../store-video';
import { VIDEO_COMPOSE, type VideoComposeConfig } from './definition';

const IMAGE_CLIP_SECONDS = 5;

export function videoComposeActivity(deps: ActivityDeps) {
  const download = async (output: NodeOutput, path: string): Promise<string> => {
    if (output.kind !== 'media') throw invalidNodeInput('expected a media parent');
    await deps.storage.downloadToFile(output.ref.key, path);
    return path;
  };

  return {
    /** video.compose: clips (and images) joined, voiceover mixed, captions burned in: H.264/AAC mp4 with faststart. */
    async [VIDEO_COMPOSE.activity.name](task: NodeTask): Promise<NodeOutput> {
      return classifyFailures(() =>
        withTempDir(async (dir) => {
          const config = task.node.config as VideoComposeConfig;
          const { width, height } = dimensionsFor(aspectRatioOf(config.aspectRatio, '9:16'), config.longEdge);
          const progress = mediaProgress();
          const clips = await clipsOf(task, dir, width, height, progress);
          if (clips.length === 0)
            throw invalidNodeInput(
              `video.compose "${task.node.label}" needs at least one video or image parent`,
            );
          const voice = parentsOf(task, 'audio')[0];
          const voiceoverPath = voice ? await download(voice, join(dir, 'voice.m4a')) : undefined;
          const captionText = captionTextOf(task, voice);
          const duration = voiceoverPath ? (await probeMedia(voiceoverPath)).durationSeconds : undefined;
          const captions =
            config.captions && captionText && duration ? estimateCaptionCues(captionText, duration) : [];
          const video = await composeVideo({
            clips,
            voiceoverPath,
            captions,
            outPath: join(dir, 'composed.mp4'),
            width,
            height,
            transition: config.transition,
            waveform: config.waveform,
            ...progress,
          });
          const facts: VideoFacts = {
            modality: 'video',
            madeBy: 'video.compose',
            width: video.width,
            height: video.height,
            durationSeconds: Math.round(video.durationSeconds * 100) / 100,
            kind: 'composed',
            scenes: clips.length,
            voiceover: voiceoverPath !== undefined,
            captions: captions.length,
            waveform: config.waveform && voiceoverPath !== undefined,
            hasAudio: true,
            colours: (await measureImage(await frameOf(video.path, video.durationSeconds / 2))).colours,
          };
          return storeVideo(deps, task, video, describeVideo(facts), { facts });
        }),
      );
    },
  };

  async function clipsOf(
    task: NodeTask,
    dir: string,
    width: number,
    height: number,
    progress: ReturnType<typeof mediaProgress>,
  ): Promise<string[]> {
    const clips: string[] = [];
    for (const [i, parent] of task.parents.entries()) {
      const output = parent.output;
      if (output.modality === 'video') clips.push(await download(output, join(dir, `clip-${i}.mp4`)));
      if (output.modality === 'image' && output.kind === 'media') {
        const frame = await writeTemp(join(dir, `frame-${i}.png`), await readStored(deps, output.ref.key));
        const motion = i % 2 === 0 ? 'zoom-in' : 'pan-right';
        const clip = await imageToClip({
          imagePath: frame,
          outPath: join(dir, `still-${i}.mp4`),
          seconds: IMAGE_CLIP_SECONDS,
          width,
          height,
          motion,
          ...progress,
        });
        clips.push(clip.path);
      }
    }
    return clips;
  }
}

/** Captions say what the voiceover says: its transcript, else the first text parent. */
function captionTextOf(task: NodeTask, voice: NodeOutput | undefined): string | undefined {
  if (voice?.kind === 'media' && voice.transcript) return voice.transcript;
  const text = parentsOf(task, 'text')[0];
  return text?.kind === 'text' ? text.text : undefined;
}
