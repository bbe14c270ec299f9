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

const COLOUR_WORDS = Object.keys(NAMED_COLOURS).join('|');
const QUALIFIERS: Record<string, string> = {
  ocean: '#0a4d68',
  sea: '#2e8b9a',
  forest: '#1b4332',
  sky: '#7cc6fe',
  midnight: '#0b132b',
  steel: '#4a6b8a',
  slate: '#5a6677',
  powder: '#b8d4ee',
  cherry: '#c2185b',
  wine: '#722f37',
  lemon: '#fff44f',
  blood: '#8a0303',
  royal: '#2b3fb8',
  baby: '#bfe1ff',
  ice: '#dff3fb',
};
const MODIFIERS =
  'deep|deeper|dark|darker|light|lighter|pale|paler|bright|brighter|soft|softer|vivid|rich|richer|muted|dusty|pastel|hot|electric|warm|warmer|cool|cooler';
export const COLOUR_PHRASE = new RegExp(
  `#[0-9a-f]{6}\\b|#[0-9a-f]{3}\\b|(?:\\b(?:${MODIFIERS})[\\s-]+){0,3}(?:\\b(?:${Object.keys(QUALIFIERS).join('|')})[\\s-]+)?\\b(?:${COLOUR_WORDS})(?:ish)?(?:[\\s-]+(?:${COLOUR_WORDS}))?\\b`,
  'i',
);
/** Basic hues: after a specific colour ("navy blue", "lime green") they name its family, not another colour. */
const BASIC_HUES = new Set([
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'brown',
  'grey',
  'gray',
]);

export const TEXT_TARGET =
  /\b(text|type|typeface|typography|font|fonts|lettering|letters|headline|title|heading|words|quote|copy|ink|writing|caption)\b/i;
const ACCENT_TARGET =
  /\b(accents?|shapes?|stripes?|band|details?|highlights?|circles?|waves?|podium|mark)\b/i;
const BACKGROUND_TARGET = /\b(background|backdrop|bg|canvas|paper|wall|base|backgrounds)\b/i;

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
    if (/^(deep|deeper|dark|darker|rich|richer)$/.test(word))
      hex = shiftColour(hex, { toward: -0.3, s: 0.08 });
    if (/^(light|lighter|pale|paler|pastel)$/.test(word)) hex = shiftColour(hex, { toward: 0.45, s: -0.1 });
    if (/^(bright|brighter|vivid|hot|electric)$/.test(word)) hex = shiftColour(hex, { s: 0.25, l: 0.04 });
    if (/^(soft|softer|muted|dusty)$/.test(word)) hex = shiftColour(hex, { s: -0.3 });
    if (/^(warm|warmer)$/.test(word)) hex = shiftColour(hex, { h: -14 });
    if (/^(cool|cooler)$/.test(word)) hex = shiftColour(hex, { h: 14 });
  }
  return hex;
}

const MOOD_WORDS: Record<string, string> = {
  calm: 'calm',
  calmer: 'calm',
  serene: 'calm',
  peaceful: 'calm',
  tranquil: 'calm',
  relaxed: 'calm',
  soothing: 'calm',
  energetic: 'energetic',
  dynamic: 'energetic',
  lively: 'energetic',
  exciting: 'energetic',
  moody: 'moody',
  moodier: 'moody',
  dramatic: 'moody',
  mysterious: 'moody',
  cheerful: 'cheerful',
  happy: 'cheerful',
  happier: 'cheerful',
  sunny: 'cheerful',
  joyful: 'cheerful',
  upbeat: 'cheerful',
  romantic: 'romantic',
  festive: 'festive',
  christmassy: 'festive',
  celebratory: 'festive',
  fresh: 'fresh',
  fresher: 'fresh',
  crisp: 'fresh',
  natural: 'earthy',
  organic: 'earthy',
  earthy: 'earthy',
  professional: 'professional',
  corporate: 'professional',
  serious: 'professional',
  trustworthy: 'professional',
  retro: 'retro',
  vintage: 'retro',
  futuristic: 'neon',
  techy: 'neon',
  neon: 'neon',
  warm: 'warm',
  warmer: 'warm',
  cool: 'cool',
  cooler: 'cool',
  cold: 'cool',
  icy: 'winter',
  tropical: 'tropical',
  autumnal: 'autumn',
  fall: 'autumn',
  ...Object.fromEntries(Object.keys(MOODS).map((m) => [m, m])),
};

const LAYOUT_WORDS: Record<string, LayoutStyle> = {
  gradient: 'gradient',
  geometric: 'geometric',
  shapes: 'geometric',
  bauhaus: 'geometric',
  wave: 'waves',
  waves: 'waves',
  wavy: 'waves',
  stripe: 'bold',
  stripes: 'bold',
  diagonal: 'bold',
};

const wantsText = (clause: string) => TEXT_TARGET.test(clause);

/**
 * The local renderer's rules, strongest first: monochrome, colours (with what they are for), then type, style, size,
 * placement, layout, light/dark, saturation and mood; then what it knows it cannot do.
 */
const RULES: DirectionRule<ArtDirection>[] = [
  {
    pattern: /\b(?:monochrome|black-and-white|greyscale|grayscale|b&w)\b/i,
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
    pattern: /\b(?:thinner|lighter[\s-]weight|regular[\s-]weight|not bold|less bold)\b/i,
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
    pattern: /\b(?:bold|bolder|boldest|punchy|punchier|stronger|louder|heavier|impactful|striking)\b/i,
    apply: (_m, s, clause) => {
      if (wantsText(clause)) return ((s.weight = 'bold'), applied('bold type'));
      s.style = 'bold';
      return applied('bold style');
    },
    negated: (_m, s, scope) =>
      scope.replaced ? ignored : ((s.weight = 'normal'), applied('regular-weight type')),
  },
  {
    pattern:
      /\b(?:minimal|minimalist|minimalistic|simpler|simple|cleaner|clean|uncluttered|sparse|less (?:busy|cluttered))\b/i,
    apply: (_m, s) => ((s.style = 'minimal'), applied('minimal style')),
  },
  {
    pattern: /\b(?:playful|fun|funnier|whimsical|quirky|cute|silly)\b/i,
    apply: (_m, s) => ((s.style = 'playful'), applied('playful style')),
  },
  {
    pattern:
      /\b(?:elegant|classy|refined|sophisticated|luxurious|luxury|premium|graceful|stylish|upscale|high-end)\b/i,
    apply: (_m, s) => ((s.style = 'elegant'), applied('elegant style')),
  },
  {
    pattern:
      /\b(?:much\s+|a lot\s+)?(?:bigger|larger|huge|giant|enlarge[ds]?|increase[ds]?|smaller|tinier|tiny|reduce[ds]?|shrink|subtler|big|large|small)\b/i,
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
    pattern: /\bmore (?:white[\s-]?space|space|breathing room|room)\b/i,
    apply: (_m, s) => ((s.textScale = (s.textScale ?? 1) * 0.85), applied('more space around the text')),
  },
  {
    pattern: /\b(?:cent(?:er|re)(?:ed|d|s)?|in the (?:middle|cent(?:er|re)))\b/i,
    apply: (_m, s) => ((s.placement = 'center'), (s.align = 'middle'), applied('text centred')),
    negated: (_m, s, scope) =>
      scope.replaced ? ignored : ((s.align = 'start'), applied('text aligned left')),
  },
  {
    pattern: /\b(?:(?:at|to|on|near|move\w* (?:it )?to) the top|top|higher|move\w* (?:it )?up)\b/i,
    apply: (_m, s) => ((s.placement = 'top'), applied('text at the top')),
  },
  {
    pattern: /\b(?:(?:at|to|near|move\w* (?:it )?to) the bottom|bottom|lower|move\w* (?:it )?down)\b/i,
    apply: (_m, s) => ((s.placement = 'bottom'), applied('text at the bottom')),
  },
  {
    pattern: /\b(?:left[\s-]align(?:ed)?|align(?:ed)? (?:to the )?left|on the left)\b/i,
    apply: (_m, s) => ((s.align = 'start'), applied('text aligned left')),
  },
  {
    pattern: /\b(?:right[\s-]align(?:ed)?|align(?:ed)? (?:to the )?right|on the right)\b/i,
    apply: () => declined('the layouts set text from the left or centred, never right-aligned'),
  },
  {
    pattern:
      /\b(?:different|new|another|other|alternative) (?:layout|composition|design)\b|\bchange (?:the )?(?:layout|composition)\b/i,
    apply: (_m, s) => ((s.otherLayout = true), applied('another layout')),
  },
  {
    pattern: new RegExp(`\\b(?:${Object.keys(LAYOUT_WORDS).join('|')})\\b`, 'i'),
    apply: (m, s) => {
      s.layout = LAYOUT_WORDS[m[0].toLowerCase()];
      return applied(`${s.layout} layout`);
    },
  },
  {
    pattern:
      /\b(?:colou?rful|vibrant|vivid|saturated|brighter colou?rs|punchier colou?rs|more colou?r|pop(?:ping)?)\b/i,
    apply: (_m, s) => ((s.saturation = 'vibrant'), applied('more saturated colours')),
    negated: (_m, s, scope) =>
      scope.replaced ? ignored : ((s.saturation = 'muted'), applied('muted colours')),
  },
  {
    pattern:
      /\b(?:muted|desaturated|subtle|subdued|toned[\s-]down|tone (?:it|them|the colou?rs) down|softer|less colou?rful|washed[\s-]out|calmer colou?rs)\b/i,
    apply: (_m, s) => ((s.saturation = 'muted'), applied('muted colours')),
    negated: (_m, s, scope) =>
      scope.replaced ? ignored : ((s.saturation = 'vibrant'), applied('more saturated colours')),
  },
  {
    pattern: /\bpastels?\b/i,
    apply: (_m, s) => ((s.saturation = 'pastel'), applied('pastel colours')),
  },
  {
    pattern: /\b(?:lighter|brighter|light(?:[\s-]mode)?|bright|airy|darker|dark(?:[\s-]mode)?|dimmer)\b/i,
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
    pattern: new RegExp(`\\b(?:${Object.keys(MOOD_WORDS).join('|')})\\b`, 'i'),
    apply: (m, s) => {
      s.mood = MOOD_WORDS[m[0].toLowerCase()];
      return applied(`${s.mood} mood palette`);
    },
  },
  {
    pattern:
      /\b(?:photo-?realistic|realistic|3-?d|three-dimensional|watercolou?r|cartoon\w*|anime|hand-?drawn|painterly|oil painting|sketch(?:y|ed)?)\b/i,
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
    pattern:
      /\b(?:blur\w*|sharper|sharpen|texture[ds]?|grain\w*|noise|drop shadows?|sparkles?|glitter|bokeh)\b/i,
    apply: () =>
      declined('the local renderer draws flat shapes and type; it has no texture, blur or lighting effects'),
  },
];

const FILLER = new Set([
  ...COMMON_FILLER,
  ...'image picture pic photo graphic design poster card visual slide slides cover artwork frame canvas page'.split(
    ' ',
  ),
  ...'colour colours color colors palette tones tone hue hues shade shades scheme theme colouring coloring'.split(
    ' ',
  ),
  ...'background backdrop bg text type typography font fonts headline title heading quote words lettering letters'.split(
    ' ',
  ),
  ...'layout composition area part side whole feel look aesthetic overall accent accents shapes stripe band'.split(
    ' ',
  ),
  ...'weight size sized ink writing copy caption vibes typeface'.split(' '),
]);

/** The local renderer's reader of art directions ("Make the background a deep ocean blue and the type bolder"). */
export const ART_DIRECTION_READER: DirectionReader<ArtDirection> = {
  rules: RULES,
  filler: FILLER,
  unknown:
    'the local renderer draws layouts, colours and type from the prompt; it cannot add, remove or change objects or the subject',
  foreign: {
    pattern: /\b(?:caption|captions|hashtags?|script|voice|voiceover|narration|transcript|wording)\b/i,
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
