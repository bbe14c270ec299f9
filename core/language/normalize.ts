/**
 * Words as discovery compares them: lower case, split on anything that is not a letter or digit,
 * stop words dropped, and a light suffix-stripping stemmer so that "posts", "posting" and "post"
 * meet. Both the intent and the app fields go through the same functions.
 */

const STOPWORDS = new Set(
  (
    'a an the and or but of for to in on at by with from into onto about as is are be been being was were ' +
    'this that these those it its our your their my his her we you they i me us them some any each every ' +
    'very really just also so than then there here which who whom whose what when where why how all both ' +
    'can could should would will shall may might must do does did done please not no yes up out off ' +
    'only own same such too more most other one ones via per like use using need needs want wants ' +
    'get got now new make makes making create creates creating generate produce give build help ' +
    "something anything thing things some kind sort lot lots i'd i'm let let's quick quickly good nice great " +
    'write writes design craft prepare draft put together produce whip come'
  ).split(' '),
);

/** Words kept short on purpose: stemming would merge them with unrelated words. */
const STEM_EXCEPTIONS = new Set([
  'news',
  'series',
  'this',
  'ads',
  'ios',
  'canvas',
  'status',
  'bus',
  'gas',
  'analysis',
  'lens',
  'glass',
  'press',
  'business',
  'less',
  'class',
  'process',
  'success',
]);

export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length <= 3 || STEM_EXCEPTIONS.has(w) || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(sses|shes|ches|xes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = undouble(w.slice(0, -3));
  else if (w.length > 5 && w.endsWith('ed') && !w.endsWith('eed')) w = undouble(w.slice(0, -2));
  else if (w.length > 6 && w.endsWith('ly')) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** "shopping" -> "shopp" -> "shop"; "editing" -> "edit" stays. */
function undouble(w: string): string {
  return /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w) ? w.slice(0, -1) : w;
}

/** Raw word tokens, lower case; keeps aspect ratios ("9:16") and file extensions ("mp4") whole. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/\d+:\d+|[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
}

export const isStopword = (word: string) => STOPWORDS.has(word);

/** Content words of a text, stemmed, in order (duplicates kept). */
export function terms(text: string): string[] {
  return words(text)
    .filter((w) => !STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w)))
    .map(stem);
}
