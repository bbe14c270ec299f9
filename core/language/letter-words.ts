/**
 * The letter runs of a text in lower case ("Set on the story & banner." -> set, on, the, story,
 * banner): how slot filling compares a parameter's description with the words before a quote or a
 * colon, and how an instruction's style words are found. Digits and accented letters split words;
 * discovery's words (normalize.ts) keep them.
 */
export const letterWords = (text: string): string[] => text.toLowerCase().match(/[a-z]+/g) ?? [];
