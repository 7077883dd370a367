// Small query helpers shared by the admin sub-areas.

/** An ILIKE pattern that matches `text` literally anywhere (escapes %, _ and \). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
