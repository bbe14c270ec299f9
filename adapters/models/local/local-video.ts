import { lexicon } from '../../../core/language/lexicon';
import { phrasePattern, phrases } from '../../../core/language/phrases';
import { join, dirname } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { imageToClip, textClip } from '../../media/video-clip';
import { isDarkColour } from './palette';
import type { VideoModel, VideoRequest } from '../providers';
import { COLOUR_PHRASE, TEXT_TARGET, colourOf } from './art-direction';
import { COUNT_SOURCE, countOf, MARK_SOURCES } from '../../../core/language/clause-marks';
import {
  applied,
  COMMON_FILLER,
  declined,
  ignored,
  readDirections,
  splitDirections,
  type DirectionReader,
  type DirectionReading,
  type DirectionRule,
  type RuleOutcome,
} from './directions';

type Motion = NonNullable<VideoRequest['motion']>;

const motion = lexicon.motion;
const MUCH = `(?:${phrases(motion.intensifiers.words)})`;
const PAN_ADVERBS = phrases(motion.pan_adverbs.words);
const PAN_ADVERB = `(?:${PAN_ADVERBS})`;

/** What directions ask of the local motion: a title card's colours and type, the clip's length and motion. */
export interface MotionDirection {
  background?: string;
  ink?: string;
  tone?: 'light' | 'dark';
  textScale?: number;
  lengthScale?: number;
  seconds?: number;
  /** An upper bound ("no more than 10 seconds"): the clip is cut to it, never lengthened. */
  maxSeconds?: number;
  motion?: Motion;
}

const OVER_PICTURE =
  'the clip animates its input picture; refine the node that makes the picture to change its colours or text';

function rules(hasImage: boolean): DirectionRule<MotionDirection>[] {
  const onTitleCard = (outcome: () => RuleOutcome) => (hasImage ? declined(OVER_PICTURE) : outcome());
  return [
    {
      // "15 seconds long", "a 15-second clip", "no more than 10 s", "half a minute".
      pattern: new RegExp(
        String.raw`\b${COUNT_SOURCE}\s*-?\s*(?:(${MARK_SOURCES.seconds})|${MARK_SOURCES.minutes})(?:\s+long)?`,
        'i',
      ),
      apply: (m, s) => {
        const count = countOf(m[1], m[2], m[3]);
        const seconds = Math.min(90, Math.max(1, count.n * (m[4] ? 1 : 60)));
        if (count.bound === 'at-most') {
          s.maxSeconds = seconds;
          return applied(`at most ${seconds} seconds long`);
        }
        s.seconds = seconds;
        return applied(`${seconds} seconds long`);
      },
    },
    {
      pattern: new RegExp(`\\b(?:${MUCH}\\s+)?(?:${phrases(motion.shorter.words)})\\b`, 'i'),
      apply: (m, s) => ((s.lengthScale = /much|way|lot/i.test(m[0]) ? 0.45 : 0.6), applied('shorter clip')),
    },
    {
      pattern: new RegExp(`\\b(?:${MUCH}\\s+)?(?:${phrases(motion.longer.words)})\\b`, 'i'),
      apply: (m, s) => ((s.lengthScale = /much|way|lot/i.test(m[0]) ? 2.2 : 1.6), applied('longer clip')),
    },
    {
      // "too long" asks for a shorter clip, "too short" for a longer one.
      pattern: /\b(?:long|short)\b/i,
      apply: () => null,
      negated: (m, s) =>
        /long/i.test(m[0])
          ? ((s.lengthScale = 0.6), applied('shorter clip'))
          : ((s.lengthScale = 1.6), applied('longer clip')),
    },
    {
      pattern: new RegExp(
        String.raw`\bpan(?:s|ning|ned)?[\s-]+(?:${PAN_ADVERB}\s+)?(?:(?:to|towards?)\s+(?:the\s+)?)?(left|right)\b|\b(left|right)(?:ward)?\s+pan\b`,
        'i',
      ),
      apply: (m, s) => {
        if (!hasImage) return declined('a title card has no camera motion; it animates its text');
        s.motion = `pan-${(m[1] ?? m[2]).toLowerCase()}` as Motion;
        const adverb = m[0].match(new RegExp(`\\b(${PAN_ADVERBS})\\b`, 'i'))?.[1];
        return applied(
          `${s.motion} motion`,
          adverb ? { direction: adverb, reason: 'the local motion has one speed' } : undefined,
        );
      },
      negated: (_m, s, scope) =>
        scope.replaced || !hasImage ? ignored : ((s.motion = 'none'), applied('no camera motion')),
    },
    {
      pattern: /\bzoom(?:s|ing|ed)?(?:[\s-]?(in|out))?\b/i,
      apply: (m, s) => {
        if (!hasImage) return declined('a title card has no camera motion; it animates its text');
        s.motion = `zoom-${(m[1] ?? 'in').toLowerCase()}` as Motion;
        return applied(`${s.motion} motion`);
      },
      negated: (_m, s, scope) =>
        scope.replaced || !hasImage ? ignored : ((s.motion = 'none'), applied('no camera motion')),
    },
    {
      pattern: phrasePattern(motion.still.phrases),
      apply: (_m, s) =>
        hasImage
          ? ((s.motion = 'none'), applied('no camera motion'))
          : declined('a title card always animates its text'),
    },
    {
      // After the camera moves, which say themselves that their adverb ("pan slowly") is not applied.
      pattern: phrasePattern(motion.speed.phrases),
      apply: () => declined('the local motion has one speed; ask for a shorter or longer clip'),
      negated: () => declined('the local motion has one speed; ask for a shorter or longer clip'),
    },
    {
      pattern: COLOUR_PHRASE,
      apply: (m, s, clause) =>
        onTitleCard(() => {
          const hex = colourOf(m[0]);
          if (TEXT_TARGET.test(clause) && !/background|backdrop/i.test(clause))
            return ((s.ink = hex), applied(`text colour ${m[0].toLowerCase()} (${hex})`));
          return ((s.background = hex), applied(`background colour ${m[0].toLowerCase()} (${hex})`));
        }),
    },
    {
      pattern: phrasePattern(motion.text_size.words),
      apply: (m, s) =>
        onTitleCard(() => {
          const smaller = /smaller|tin/i.test(m[0]);
          s.textScale = smaller ? 0.75 : 1.3;
          return applied(smaller ? 'smaller text' : 'bigger text');
        }),
    },
    {
      pattern: phrasePattern(motion.light_dark.words),
      apply: (m, s) =>
        onTitleCard(() => {
          s.tone = /dark/i.test(m[0]) ? 'dark' : 'light';
          return applied(s.tone === 'dark' ? 'dark background' : 'light background');
        }),
    },
  ];
}

const FILLER = new Set([...COMMON_FILLER, ...motion.filler.words]);

/** The local motion's reader of directions: a title card (no input picture) or camera motion over one. */
export function motionDirectionReader(options: { hasImage: boolean }): DirectionReader<MotionDirection> {
  return {
    rules: rules(options.hasImage),
    filler: FILLER,
    unknown:
      'the local motion animates a picture with a camera move or sets a title card; it cannot add or change what a scene shows',
    negated: (direction) =>
      `"${direction}" is negated here, and the local motion sets what it is asked for rather than avoiding something; say what you want instead (a length in seconds, zoom in or out, pan left or right, no motion)`,
    initial: () => ({}),
    finish: oneCameraMove,
  };
}

/** One camera move is made: "no zoom, just a pan right" applied says only the pan. */
function oneCameraMove(reading: DirectionReading<MotionDirection>): DirectionReading<MotionDirection> {
  const motion = reading.settings.motion;
  const said = motion === 'none' ? 'no camera motion' : `${motion} motion`;
  const isMotion = (a: string) => a === 'no camera motion' || /^(?:zoom|pan)-\w+ motion$/.test(a);
  return { ...reading, applied: reading.applied.filter((a) => !isMotion(a) || a === said) };
}

/** Reads directions for the local motion. */
export function readMotionDirection(
  directions: string[],
  options: { hasImage: boolean },
): DirectionReading<MotionDirection> {
  return readDirections(directions, motionDirectionReader(options));
}

const TITLE_CARD_BACKGROUND = { dark: '#111827', light: '#f4f1ea' };

/**
 * The offline video model: an input picture animated with a Ken Burns zoom or pan, else an animated title
 * card of the prompt's subject (never of its revision directions), both as H.264 mp4 with ffmpeg.
 */
export const localVideo: VideoModel = {
  name: 'local',
  async generate(request) {
    const { subject, directions } = splitDirections(request.prompt);
    const reading = readMotionDirection(directions, { hasImage: request.image !== undefined });
    const d = reading.settings;
    const asked = d.seconds ?? request.seconds * (d.lengthScale ?? 1);
    const seconds = Math.min(90, d.maxSeconds ?? 90, Math.max(1, Math.round(asked * 10) / 10));
    const progress = { signal: request.signal, onProgress: request.onProgress };
    const report = { applied: reading.applied, declined: reading.declined };
    if (request.image) {
      const imagePath = join(dirname(request.outPath), 'local-video-frame.png');
      await writeFile(imagePath, request.image);
      const motion = d.motion ?? request.motion ?? 'zoom-in';
      const clip = await imageToClip({
        ...progress,
        imagePath,
        outPath: request.outPath,
        seconds,
        width: request.width,
        height: request.height,
        motion,
      });
      return { ...clip, drawn: { kind: 'motion', motion, ...report } };
    }
    const background = d.background ?? TITLE_CARD_BACKGROUND[d.tone ?? 'dark'];
    const ink = d.ink ?? (isDarkColour(background) ? '#ffffff' : '#15171c');
    const clip = await textClip({
      ...progress,
      text: subject || 'Untitled',
      outPath: request.outPath,
      seconds,
      width: request.width,
      height: request.height,
      background,
      color: ink,
      fontScale: d.textScale,
      animation: 'slide-up',
    });
    return { ...clip, drawn: { kind: 'title-card', lines: clip.lines, background, ...report } };
  },
};
