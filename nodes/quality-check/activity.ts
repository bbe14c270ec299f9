import { join } from 'node:path';
import sharp from 'sharp';
import { probeMedia } from '../../adapters/media/ffmpeg';
import { withTempDir } from '../../adapters/media/media-params';
import { scoreOutput, type MeasuredOutput, type QualityScore } from '../../core/run/quality-score';
import type { NodeOutput } from '../../core/run/run-types';
import type { ActivityDeps } from '../../activities/deps';
import { classifyFailures } from '../failures';
import { readStored } from '../media-inputs';
import { QUALITY_CHECK, type QualityCheckInput } from './definition';

export function qualityCheckActivity(deps: ActivityDeps) {
  const measure = async (output: NodeOutput): Promise<MeasuredOutput> => {
    if (output.kind === 'text') return { modality: 'text', text: output.text };
    if (output.modality === 'image') {
      const image = sharp(await readStored(deps, output.ref.key));
      const [meta, stats] = await Promise.all([image.metadata(), image.stats()]);
      const colour = stats.channels.slice(0, 3);
      const meanStdev = colour.reduce((sum, c) => sum + c.stdev, 0) / colour.length;
      return {
        modality: 'image',
        width: meta.width!,
        height: meta.height!,
        entropy: stats.entropy,
        meanStdev,
      };
    }
    return withTempDir(async (dir) => {
      const path = join(dir, 'media');
      await deps.storage.downloadToFile(output.ref.key, path);
      const info = await probeMedia(path);
      if (output.modality === 'audio') return { modality: 'audio', durationSeconds: info.durationSeconds };
      return {
        modality: 'video',
        width: info.width ?? 0,
        height: info.height ?? 0,
        durationSeconds: info.durationSeconds,
        hasAudio: info.hasAudio,
        hasVideo: info.hasVideo,
      };
    });
  };

  return {
    /** quality.check: scores an output from its real properties against the node's threshold. */
    async [QUALITY_CHECK.activity.name](
      input: QualityCheckInput,
    ): Promise<QualityScore & { passed: boolean }> {
      return classifyFailures(async () => {
        const result = scoreOutput(await measure(input.output));
        deps.logger.info({ runId: input.runId, nodeId: input.nodeId, score: result.score }, 'quality check');
        return { ...result, passed: result.score >= input.minScore };
      });
    },
  };
}
