/** The name shown for changes the product made itself (automations, the command line). */
export const AUTOMATIC_ACTOR = 'Shine (automatic)';

/** "Ana Ruiz" → "AR"; one name gives its first two letters; nothing usable gives "?". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters =
    words.length === 1
      ? Array.from(words[0] ?? '').slice(0, 2)
      : [words[0], words[words.length - 1]].map((w) => Array.from(w ?? '')[0]);
  return letters.join('').toUpperCase();
}
