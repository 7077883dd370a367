// The content pages describe the course and its workshops with the dates of their text; when
// the events are in the catalogue, their real dates (Mexico City time) replace those.
import { formatDateRange, formatDayLabel, formatTime, mexicoCityWallClock } from '@store/shared/domain/time';
import type { Product } from '@store/shared/schemas/product';
import type { CourseDay } from './data/course';
import type { Workshop } from './data/workshops';

/** Each programme day dated from the course event's day in the same place (same count only). */
export function courseDaysFromCatalogue(
  days: readonly CourseDay[],
  course: Product | undefined,
): CourseDay[] {
  if (!course || course.dayOptions.length !== days.length) return [...days];
  return days.map((d, i) => {
    const date = formatDayLabel(course.dayOptions[i]!.startsAt);
    return { ...d, date, label: date.split(' ')[0]! };
  });
}

/** The course's dates and year as the page header shows them, or the text's. */
export function courseFactsFromCatalogue(
  course: Product | undefined,
  fallback: { dates: string; year: number },
) {
  if (!course) return fallback;
  return {
    dates: formatDateRange(course.startsAt, course.endsAt),
    year: mexicoCityWallClock(course.startsAt).year,
  };
}

/** A workshop's date and hours from its event's first day, or the text's. */
export function workshopFromCatalogue(workshop: Workshop, product: Product | undefined): Workshop {
  const day = product?.dayOptions[0];
  if (!day) return workshop;
  return {
    ...workshop,
    date: formatDayLabel(day.startsAt),
    time: `${formatTime(day.startsAt)} a ${formatTime(day.endsAt)} h`,
  };
}
