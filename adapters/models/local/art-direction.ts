import { lexicon } from '../../../core/language/lexicon';
import { phrasePattern, phrases } from '../../../core/language/phrases';
import { NAMED_COLOURS } from '../../media/colours';
import type { ArtDirection } from './art-direction-shape';
import {
  applied,
  COMMON_FILLER,
  declined,
  ignored,
  readDirections,
  type DirectionReader,
  type DirectionReading,
  type DirectionRule,
} from './directions';
import type { LayoutStyle } from './layouts/types';
import { MOODS, mixColours, shiftColour } from './palette';

const { qualifiers, modifiers, basic_hues, targets } = lexicon.colours;
const looks = lexicon.looks;
const COLOUR_WORDS = Object.keys(NAMED_COLOURS).join('|');
const QUALIFIERS: Record<string, string> = qualifiers.hex;
export const COLOUR_PHRASE = new RegExp(
  `#[0-9a-f]{6}\\b|#[0-9a-f]{3}\\b|(?:\\b(?:${phrases(modifiers.words)})[\\s-]+){0,3}(?:\\b(?:${Object.keys(QUALIFIERS).join('|')})[\\s-]+)?\\b(?:${COLOUR_WORDS})(?:ish)?(?:[\\s-]+(?:${COLOUR_WORDS}))?\\b`,
  'i',
);
/** Basic hues: after a specific colour ("navy blue", "lime green") they name its family, not another colour. */
const BASIC_HUES = new Set(basic_hues.words);

export const TEXT_TARGET = phrasePattern(targets.text);
const ACCENT_TARGET = phrasePattern(targets.accent);
const BACKGROUND_TARGET = phrasePattern(targets.background);

type Target = 'background' | 'accent' | 'ink';

/** The part a colour is for: the target word right after the colour, else the nearest one before it. */
function targetOf(clause: string, start: number, end: number): Target | null {
  const after = clause.slice(end).match(/^\s*([\p{L}-]+)(?:\s+([\p{L}-]+))?/u);
  const next = [after?.[1], after?.[2]].filter(Boolean).join(' ');
  const before = clause.slice(0, start);
  const lastIndex = (re: RegExp) => {
    let at = -1;
    for (const m of before.matchAll(new RegExp(re.source, 'gi'))) at = m.index!;
    return at;
  };
  if (BACKGROUND_TARGET.test(next)) return 'background';
  if (TEXT_TARGET.test(next)) return 'ink';
  if (ACCENT_TARGET.test(next)) return 'accent';
  const candidates: [Target, number][] = [
    ['background', lastIndex(BACKGROUND_TARGET)],
    ['ink', lastIndex(TEXT_TARGET)],
    ['accent', lastIndex(ACCENT_TARGET)],
  ];
  const [best] = candidates.sort((a, b) => b[1] - a[1]);
  return best[1] >= 0 ? best[0] : null;
}

/** A colour phrase ("deep ocean blue", "#1b2a4a") as a hex: the base colour, mixed with a qualifier, shifted by modifiers. */
export function colourOf(phrase: string): string {
  const words = phrase
    .toLowerCase()
    .split(/[\s-]+/)
    .map((w) => w.replace(/ish$/, ''));
  if (words[0].startsWith('#')) return words[0];
  const colours = words.filter((w) => NAMED_COLOURS[w]);
  const [first, second] = colours;
  const base =
    second === undefined
      ? NAMED_COLOURS[first]
      : BASIC_HUES.has(second)
        ? NAMED_COLOURS[first]
        : mixColours(NAMED_COLOURS[first], NAMED_COLOURS[second], 0.5);
  const qualifier = words.map((w) => QUALIFIERS[w]).find(Boolean);
  let hex = qualifier ? mixColours(base, qualifier, 0.45) : base;
  for (const word of words.filter((w) => !NAMED_COLOURS[w])) {
    if (modifiers.darker.includes(word)) hex = shiftColour(hex, { toward: -0.3, s: 0.08 });
    if (modifiers.lighter.includes(word)) hex = shiftColour(hex, { toward: 0.45, s: -0.1 });
    if (modifiers.brighter.includes(word)) hex = shiftColour(hex, { s: 0.25, l: 0.04 });
    if (modifiers.softer.includes(word)) hex = shiftColour(hex, { s: -0.3 });
    if (modifiers.warmer.includes(word)) hex = shiftColour(hex, { h: -14 });
    if (modifiers.cooler.includes(word)) hex = shiftColour(hex, { h: 14 });
  }
  return hex;
}

const MOOD_WORDS: Record<string, string> = {
  ...looks.moods.words,
  ...Object.fromEntries(Object.keys(MOODS).map((m) => [m, m])),
};

const LAYOUT_WORDS = looks.layouts.words as Record<string, LayoutStyle>;

const wantsText = (clause: string) => TEXT_TARGET.test(clause);

/**
 * The local renderer's rules, strongest first: monochrome, colours (with what they are for), then type, style, size,
 * placement, layout, light/dark, saturation and mood; then what it knows it cannot do.
 */
const RULES: DirectionRule<ArtDirection>[] = [
  {
    pattern: phrasePattern(looks.monochrome.phrases),
    apply: (_m, s) => ((s.saturation = 'monochrome'), applied('monochrome colours')),
  },
  {
    pattern: COLOUR_PHRASE,
    apply: (m, s, clause) => {
      const hex = colourOf(m[0]);
      const target =
        targetOf(clause, m.index!, m.index! + m[0].length) ?? (s.background ? 'accent' : 'background');
      s[target] = hex;
      const part = target === 'ink' ? 'text' : target;
      return applied(`${part} colour ${m[0].toLowerCase()} (${hex})`);
    },
  },
  {
    pattern: phrasePattern(looks.regular_weight.phrases),
    apply: (_m, s) => ((s.weight = 'normal'), applied('regular-weight type')),
  },
  {
    pattern: /\bsans(?:[\s-]serif)?\b/i,
    apply: (_m, s) => ((s.family = 'sans'), applied('sans-serif type')),
    negated: (_m, s, scope) => (scope.replaced ? ignored : ((s.family = 'serif'), applied('serif type'))),
  },
  {
    pattern: /\bserif\b/i,
    apply: (_m, s) => ((s.family = 'serif'), applied('serif type')),
    negated: (_m, s, scope) => (scope.replaced ? ignored : ((s.family = 'sans'), applied('sans-serif type'))),
  },
  {
    pattern: phrasePattern(looks.bold.phrases),
    apply: (_m, s, clause) => {
      if (wantsText(clause)) return ((s.weight = 'bold'), applied('bold type'));
      s.style = 'bold';
      return applied('bold style');
    },
    negated: (_m, s, scope) =>
      scope.replaced ? ignored : ((s.weight = 'normal'), applied('regular-weight type')),
  },
  {
    pattern: phrasePattern(looks.minimal.phrases),
    apply: (_m, s) => ((s.style = 'minimal'), applied('minimal style')),
  },
  {
    pattern: phrasePattern(looks.playful.phrases),
    apply: (_m, s) => ((s.style = 'playful'), applied('playful style')),
  },
  {
    pattern: phrasePattern(looks.elegant.phrases),
    apply: (_m, s) => ((s.style = 'elegant'), applied('elegant style')),
  },
  {
    pattern: new RegExp(`\\b(?:much\\s+|a lot\\s+)?(?:${phrases(looks.size.phrases)})\\b`, 'i'),
    apply: (m, s, clause) => {
      const smaller = /small|tin[iy]|reduce|shrink|subtler/i.test(m[0]);
      if (!wantsText(clause))
        return declined('the canvas size is set by the aspect ratio; ask for bigger or smaller text instead');
      const much = /much|a lot/i.test(m[0]);
      s.textScale = (s.textScale ?? 1) * (smaller ? (much ? 0.6 : 0.75) : much ? 1.55 : 1.3);
      return applied(smaller ? 'smaller text' : 'bigger text');
    },
    negated: (m, s, scope) => {
      // "too big" asks for smaller, "not so small" for bigger.
      if (scope.replaced) return ignored;
      const smaller = !/small|tin[iy]|reduce|shrink|subtler/i.test(m[0]);
      s.textScale = (s.textScale ?? 1) * (smaller ? 0.75 : 1.3);
      return applied(smaller ? 'smaller text' : 'bigger text');
    },
  },
  {
    pattern: phrasePattern(looks.more_space.phrases),
    apply: (_m, s) => ((s.textScale = (s.textScale ?? 1) * 0.85), applied('more space around the text')),
  },
  {
    pattern: phrasePattern(looks.centred.phrases),
    apply: (_m, s) => ((s.placement = 'center'), (s.align = 'middle'), applied('text centred')),
    negated: (_m, s, scope) =>
      scope.replaced ? ignored : ((s.align = 'start'), applied('text aligned left')),
  },
  {
    pattern: phrasePattern(looks.top.phrases),
    apply: (_m, s) => ((s.placement = 'top'), applied('text at the top')),
  },
  {
    pattern: phrasePattern(looks.bottom.phrases),
    apply: (_m, s) => ((s.placement = 'bottom'), applied('text at the bottom')),
  },
  {
    pattern: phrasePattern(looks.left.phrases),
    apply: (_m, s) => ((s.align = 'start'), applied('text aligned left')),
  },
  {
    pattern: phrasePattern(looks.right.phrases),
    apply: () => declined('the layouts set text from the left or centred, never right-aligned'),
  },
  {
    pattern: phrasePattern(looks.other_layout.phrases),
    apply: (_m, s) => ((s.otherLayout = true), applied('another layout')),
  },
  {
    pattern: phrasePattern(Object.keys(LAYOUT_WORDS)),
    apply: (m, s) => {
      s.layout = LAYOUT_WORDS[m[0].toLowerCase()];
      return applied(`${s.layout} layout`);
    },
  },
  {
    pattern: phrasePattern(looks.vibrant.phrases),
    apply: (_m, s) => ((s.saturation = 'vibrant'), applied('more saturated colours')),
    negated: (_m, s, scope) =>
      scope.replaced ? ignored : ((s.saturation = 'muted'), applied('muted colours')),
  },
  {
    pattern: phrasePattern(looks.muted.phrases),
    apply: (_m, s) => ((s.saturation = 'muted'), applied('muted colours')),
    negated: (_m, s, scope) =>
      scope.replaced ? ignored : ((s.saturation = 'vibrant'), applied('more saturated colours')),
  },
  {
    pattern: /\bpastels?\b/i,
    apply: (_m, s) => ((s.saturation = 'pastel'), applied('pastel colours')),
  },
  {
    pattern: phrasePattern(looks.light_dark.phrases),
    apply: (m, s, clause) => {
      const dark = /dark|dimmer/i.test(m[0]);
      if (wantsText(clause) && !BACKGROUND_TARGET.test(clause)) {
        s.ink = dark ? '#15171c' : '#fafafa';
        return applied(dark ? 'dark text' : 'light text');
      }
      s.tone = dark ? 'dark' : 'light';
      return applied(dark ? 'darker, dark background' : 'lighter, light background');
    },
    negated: (m, s, scope) => {
      // "too dark" and "not so dark" ask for the other tone.
      if (scope.replaced) return ignored;
      const dark = !/dark|dimmer/i.test(m[0]);
      s.tone = dark ? 'dark' : 'light';
      return applied(dark ? 'darker, dark background' : 'lighter, light background');
    },
  },
  {
    pattern: phrasePattern(Object.keys(MOOD_WORDS)),
    apply: (m, s) => {
      s.mood = MOOD_WORDS[m[0].toLowerCase()];
      return applied(`${s.mood} mood palette`);
    },
  },
  {
    pattern: phrasePattern(looks.unmade_looks.phrases),
    apply: () =>
      declined(
        'the local renderer makes flat graphic layouts; a photographic, 3D or painted look needs a generation provider (ComfyUI, fal, Replicate, OpenAI)',
      ),
  },
  {
    pattern: /\blogo\b/i,
    apply: () => declined('image.generate has no logo input; an image.edit node overlays a logo'),
  },
  {
    pattern: /\b(?:font|typeface)\s+(?:to\s+|like\s+)?([A-Z][\w-]+)/,
    apply: (m) =>
      /^(serif|sans)/i.test(m[1])
        ? null
        : declined(
            `only DejaVu Sans and DejaVu Serif are installed; "${m[1]}" is not (ask for serif or sans-serif type)`,
          ),
  },
  {
    pattern: phrasePattern(looks.effects.phrases),
    apply: () =>
      declined('the local renderer draws flat shapes and type; it has no texture, blur or lighting effects'),
  },
];

const FILLER = new Set([...COMMON_FILLER, ...looks.filler.words]);

/** The local renderer's reader of art directions ("Make the background a deep ocean blue and the type bolder"). */
export const ART_DIRECTION_READER: DirectionReader<ArtDirection> = {
  rules: RULES,
  filler: FILLER,
  unknown:
    'the local renderer draws layouts, colours and type from the prompt; it cannot add, remove or change objects or the subject',
  foreign: {
    pattern: phrasePattern(looks.not_the_picture.words),
    reason: (word) =>
      `this is about the ${word}, which the picture does not carry; the node that writes or speaks it applies it`,
  },
  negated: (direction) =>
    `"${direction}" is negated here, and the local renderer sets what it is asked for rather than avoiding something; name what you want instead (a colour such as "a green background", a layout, serif or sans-serif type, a mood)`,
  initial: () => ({}),
};

/** Reads art directions for the local renderer. */
export function readArtDirection(directions: string[]): DirectionReading<ArtDirection> {
  return readDirections(directions, ART_DIRECTION_READER);
}
