/** Pure builders of ffmpeg filter-graph fragments shared by the video functions. */

export type Motion = 'zoom-in' | 'zoom-out' | 'pan-left' | 'pan-right' | 'none';
export type Transition = 'none' | 'fade' | 'slide';

const ZOOM = 0.2;
const PAN_ZOOM = 1.15;

/**
 * Ken Burns motion with zoompan over a single picture:
 * 1. scale the picture to cover twice the output size and crop it, because zoompan rounds its
 *    window to whole input pixels and a 2x source halves the visible jitter;
 * 2. zoompan emits `frames` frames from that one picture, moving the window linearly with `on`.
 */
export function kenBurnsFilter(
  motion: Motion,
  width: number,
  height: number,
  frames: number,
  fps: number,
): string {
  const progress = `on/${Math.max(1, frames - 1)}`;
  const centreX = 'iw/2-iw/zoom/2';
  const centreY = 'ih/2-ih/zoom/2';
  const window: Record<Motion, [z: string, x: string, y: string]> = {
    'zoom-in': [`1+${ZOOM}*${progress}`, centreX, centreY],
    'zoom-out': [`${1 + ZOOM}-${ZOOM}*${progress}`, centreX, centreY],
    'pan-left': [`${PAN_ZOOM}`, `(iw-iw/zoom)*(1-${progress})`, centreY],
    'pan-right': [`${PAN_ZOOM}`, `(iw-iw/zoom)*${progress}`, centreY],
    none: ['1', '0', '0'],
  };
  const [z, x, y] = window[motion];
  return [
    `scale=w=${width * 2}:h=${height * 2}:force_original_aspect_ratio=increase`,
    `crop=${width * 2}:${height * 2}`,
    'setsar=1',
    `zoompan=z='${z}':x='${x}':y='${y}':d=${frames}:s=${width}x${height}:fps=${fps}`,
    'format=yuv420p',
  ].join(',');
}

/** Brings any clip to one size (cover and crop), frame rate, pixel format and time base, as xfade requires. */
export function normaliseFilter(
  input: string,
  width: number,
  height: number,
  fps: number,
  out: string,
): string {
  return (
    `[${input}]scale=w=${width}:h=${height}:force_original_aspect_ratio=increase,crop=${width}:${height},` +
    `setsar=1,fps=${fps},format=yuv420p,settb=AVTB[${out}]`
  );
}

export interface Joined {
  filter: string;
  durationSeconds: number;
}

const XFADE: Record<Exclude<Transition, 'none'>, string> = { fade: 'fade', slide: 'slideleft' };

/**
 * Joins normalised clips end to end. With a transition each xfade starts `seconds` before the end of
 * what has been joined so far: offset_k = (d_0 + ... + d_{k-1}) - k * seconds.
 */
export function joinFilter(
  labels: string[],
  durations: number[],
  transition: Transition,
  transitionSeconds: number,
  out: string,
): Joined {
  const total = durations.reduce((sum, d) => sum + d, 0);
  if (labels.length === 1) return { filter: `[${labels[0]}]null[${out}]`, durationSeconds: total };
  if (transition === 'none') {
    const inputs = labels.map((l) => `[${l}]`).join('');
    return { filter: `${inputs}concat=n=${labels.length}:v=1:a=0[${out}]`, durationSeconds: total };
  }
  const seconds = Math.min(transitionSeconds, Math.min(...durations) / 2);
  const steps: string[] = [];
  let previous = labels[0];
  let joined = durations[0];
  for (let k = 1; k < labels.length; k++) {
    const target = k === labels.length - 1 ? out : `x${k}`;
    const offset = (joined - seconds).toFixed(3);
    steps.push(
      `[${previous}][${labels[k]}]xfade=transition=${XFADE[transition]}:duration=${seconds}:offset=${offset}[${target}]`,
    );
    joined += durations[k] - seconds;
    previous = target;
  }
  return { filter: steps.join(';'), durationSeconds: joined };
}
