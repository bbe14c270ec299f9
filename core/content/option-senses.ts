/**
 * Words people use for an option label without naming it ("relaxed" for Calm, "soft baby colours"
 * for Pastel), by label in lower case. Read only where the brief says how the content should look
 * or feel (next to a style cue or after "feel", "look", "seem"), and only when it names no label.
 */
export const OPTION_SENSES: Record<string, string[]> = {
  // Moods
  calm: [
    'relaxed',
    'relaxing',
    'serene',
    'peaceful',
    'soothing',
    'tranquil',
    'gentle',
    'quiet',
    'laid-back',
    'chill',
    'zen',
  ],
  energetic: [
    'lively',
    'dynamic',
    'upbeat',
    'vibrant',
    'punchy',
    'exciting',
    'high-energy',
    'buzzy',
    'sporty',
  ],
  professional: [
    'corporate',
    'businesslike',
    'formal',
    'polished',
    'serious',
    'sober',
    'credible',
    'trustworthy',
  ],
  playful: ['fun', 'cheerful', 'whimsical', 'silly', 'cheeky', 'lighthearted', 'quirky', 'goofy', 'joyful'],
  // Palettes and backdrops
  pastel: ['soft', 'baby', 'muted', 'powder', 'candy', 'light'],
  dark: ['moody', 'black', 'dim', 'shadowy', 'noir'],
  warm: ['cozy', 'cosy', 'golden', 'orange', 'toasty', 'amber'],
  cool: ['icy', 'blue', 'crisp', 'frosty'],
  earthy: ['natural', 'brown', 'rustic', 'terracotta', 'organic', 'clay'],
  neon: ['electric', 'glowing', 'fluorescent', 'cyberpunk'],
  night: ['midnight', 'nocturnal', 'starry'],
  forest: ['green', 'woodland', 'leafy'],
  ocean: ['sea', 'marine', 'aqua', 'teal', 'nautical', 'beachy'],
  sunset: ['dusk', 'pink-orange'],
  // Styles
  minimal: ['clean', 'simple', 'minimalist', 'plain', 'understated', 'sparse'],
  bold: ['striking', 'loud', 'strong', 'eye-catching', 'big'],
};

/** Verbs after which a brief says how the content should come across ("it should feel relaxed"). */
export const SENSE_VERBS = new Set(['feel', 'look', 'seem', 'sound', 'come']);
