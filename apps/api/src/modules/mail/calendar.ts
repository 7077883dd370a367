// The calendar file (.ics, RFC 5545) attached to an order's confirmation: one VEVENT per
// bought day, in Mexico City time (TZID America/Mexico_City, with its VTIMEZONE), with the
// link to Mis Productos. Never the stream link: the file is forwarded and synced to shared
// calendars, and access is checked at /orders.

import { mexicoCityWallClock, MX_TIME_ZONE } from '@store/shared/domain/time';
import { orderReference } from '@store/shared/domain/order-reference';

export interface CalendarEvent {
  /** Stable across resends, so a calendar updates the event instead of adding another. */
  uid: string;
  summary: string;
  startsAt: Date;
  endsAt: Date;
  location?: string;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 20270107T090000 in Mexico City wall time. */
function local(t: Date): string {
  const w = mexicoCityWallClock(t);
  return `${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
}

/** 20261123T180000Z */
function utc(t: Date): string {
  return t
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values: backslash, semicolon, comma and newlines escaped. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** Mexico City has kept UTC−6 all year since October 2022. */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${MX_TIME_ZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:20221030T020000',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0600',
  'TZNAME:CST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

export function calendarFile(opts: {
  events: readonly CalendarEvent[];
  /** Where the buyer finds the event (Mis Productos). */
  url: string;
  description: string;
  now?: Date;
}): string {
  const stamp = utc(opts.now ?? new Date());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//AMACC//Tienda//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...VTIMEZONE,
    ...opts.events.flatMap((e) => [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;TZID=${MX_TIME_ZONE}:${local(e.startsAt)}`,
      `DTEND;TZID=${MX_TIME_ZONE}:${local(e.endsAt)}`,
      `SUMMARY:${icsText(e.summary)}`,
      `DESCRIPTION:${icsText(opts.description)}`,
      `URL:${opts.url}`,
      ...(e.location ? [`LOCATION:${icsText(e.location)}`] : []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

const STREAM_LOCATION = 'Transmisión en vivo (Mis Productos)';

/**
 * LOCATION: the venue's name and address when the event has one (a hybrid event, streamed
 * with a venue, says it is also streamed); else in person or the stream (docs/product.md → Venue).
 */
export function dayLocation(d: {
  isPresential: boolean;
  venue?: { name: string; address: string | null } | null;
}): string {
  if (!d.venue) return d.isPresential ? 'Evento presencial' : STREAM_LOCATION;
  const place = d.venue.address ? `${d.venue.name}, ${d.venue.address}` : d.venue.name;
  return d.isPresential ? place : `${place}. También en transmisión en vivo (Mis Productos)`;
}

/** The confirmation's calendar: one event per bought day. */
export function orderCalendar(opts: {
  orderId: string;
  ordersUrl: string;
  host: string;
  days: readonly {
    productId: string;
    productName: string;
    label: string;
    startsAt: Date;
    endsAt: Date;
    isPresential: boolean;
    /** The event's venue; a streamed event with one is hybrid. */
    venue?: { name: string; address: string | null } | null;
  }[];
}): string {
  const ref = orderReference(opts.orderId);
  return calendarFile({
    url: opts.ordersUrl,
    description: `Orden ${ref}. Entra a Mis Productos para ver tu acceso: ${opts.ordersUrl}`,
    events: opts.days.map((d) => ({
      uid: `${opts.orderId}-${d.productId}-${d.startsAt.getTime()}@${opts.host}`,
      summary: `${d.productName} · ${d.label}`,
      startsAt: d.startsAt,
      endsAt: d.endsAt,
      location: dayLocation(d),
    })),
  });
}
