import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg } from './ffmpeg';
import { withTempDir } from './media-params';

/** One frame of a video at `atSeconds`, as a small PNG (for measuring what a clip shows). */
export function frameOf(videoPath: string, atSeconds: number, width = 320): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const out = join(dir, 'frame.png');
    await runFfmpeg({
      inputs: [{ path: videoPath, options: ['-ss', Math.max(0, atSeconds).toFixed(2)] }],
      outputOptions: ['-frames:v', '1', '-vf', `scale=${width}:-2`],
      outPath: out,
      durationSeconds: 1,
    });
    return readFile(out);
  });
}
