// Small query helpers shared by the admin sub-areas.

/** An ILIKE pattern that matches `text` literally anywhere (escapes %, _ and \). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Start of a calendar day in Mexico City (UTC-6 all year since 2022, when Mexico dropped
 * daylight saving time), so date filters match the association's calendar.
 */
export function mexicoDayStart(date: string): Date {
  return new Date(`${date}T00:00:00-06:00`);
}

/** The calendar date (YYYY-MM-DD) of an instant in Mexico City. */
export function mexicoDate(instant: Date): string {
  return new Date(instant.getTime() - 6 * 3_600_000).toISOString().slice(0, 10);
}
