import os from 'node:os';
import sharp from 'sharp';
import { benchImage, IMAGE_HEIGHT, IMAGE_WIDTH } from './media/image';
import { printTable } from './media/stats';
import { benchSpeech } from './media/speech';
import { benchVideo, VIDEO_HEIGHT, VIDEO_WIDTH } from './media/video';

/**
 * `npm run bench:media`: the cost of Atelier's media code over the tools it drives.
 * 1. Image, 1080x1350: the renderer as image.generate calls it (`localImage.generate`), and the whole
 *    `imageGenerate` activity (render, sharp metadata, fs storage put, asset upsert on PGlite), beside
 *    raw sharp rasterising the same SVG (and compositing it over the same photo) into the same PNG.
 * 2. Video, 1080x1920: `composeVideo` as video.compose calls it (three 5 s clips cross-faded, a ~15 s
 *    espeak-ng voiceover, burned-in captions), beside one ffmpeg spawned with the same graph and settings.
 * 3. Speech: the voice of a voiced app (audio.tts on the local provider), Piper beside espeak-ng, both
 *    brought to -16 LUFS, with the speech made and its measured loudness.
 * Cases alternate run by run; ratios compare medians. Speed is never asserted, only printed.
 */
const IMAGE_RUNS = 20;
const IMAGE_WARMUP = 2;
const VIDEO_RUNS = 3;
const SPEECH_RUNS = 3;

async function main(): Promise<void> {
  // libvips' operation cache would serve repeated identical renders from memory; real prompts differ.
  sharp.cache(false);
  const started = Date.now();
  console.log(
    `media benchmark on ${os.cpus().length} cores (load ${os.loadavg()[0].toFixed(1)}), node ${process.version}, ` +
      `sharp ${sharp.versions.sharp} / libvips ${sharp.versions.vips}`,
  );

  const image = await benchImage(IMAGE_RUNS, IMAGE_WARMUP);
  printTable(
    `image node path, ${IMAGE_WIDTH}x${IMAGE_HEIGHT}, prompt only`,
    image.plain,
    image.plain[0].name,
  );
  printTable(
    `image node path, ${IMAGE_WIDTH}x${IMAGE_HEIGHT}, over an input photo`,
    image.photo,
    image.photo[0].name,
  );
  image.notes.forEach((note) => console.log(`  ${note}`));

  const video = await benchVideo(VIDEO_RUNS);
  printTable(
    `video.compose, ${VIDEO_WIDTH}x${VIDEO_HEIGHT}, voiceover + captions`,
    video.rows,
    video.rows[0].name,
  );
  video.notes.forEach((note) => console.log(`  ${note}`));

  const speech = await benchSpeech(SPEECH_RUNS);
  printTable(
    'voiced app: audio.tts on the local provider, ~15 s narration',
    speech.rows,
    speech.rows[0].name,
  );
  speech.notes.forEach((note) => console.log(`  ${note}`));

  console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s (load ${os.loadavg()[0].toFixed(1)})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
