// Online attendance on the stream page (docs/attendance.md → Online attendance): while the
// day's player plays, a heartbeat every HEARTBEAT_INTERVAL_SECONDS (and one when it stops);
// the server credits the real time between them, only while the day happens (its start and
// end with a 15-minute tolerance). Shows when the time starts to count, the time counted so
// far and whether the day already counts, or why this device's time is not counted.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock } from 'lucide-react';
import { HEARTBEAT_INTERVAL_SECONDS, formatDuration } from '@store/shared/domain/attendance';
import { MX_TIME_ZONE_LABEL, formatDateTime } from '@store/shared/domain/time';
import { MSG } from '@store/shared/messages';
import type { DayAttendance } from '@store/shared/schemas/attendance';
import { useToken } from '../../../lib/auth-token';
import { errorMessage } from '../../../lib/notify';
import { sendHeartbeat } from '../api/heartbeat';
import { attendanceKeys } from '../api/keys';
import { useMyAttendance } from '../api/my-attendance';
import { watchPlayerState, type StreamProvider } from '../utils/player-state';
import { watchCreditStarts } from '@store/shared/attendance-messages';

function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export interface WatchTrackerProps {
  productId: string;
  day: string;
  provider: StreamProvider;
  iframe: HTMLIFrameElement | null;
}

export function WatchTracker({ productId, day, provider, iframe }: WatchTrackerProps) {
  const token = useToken();
  const queryClient = useQueryClient();
  const mine = useMyAttendance(productId);
  const [playing, setPlaying] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [latest, setLatest] = useState<DayAttendance | null>(null);
  const sessionId = useRef<string>(null);
  sessionId.current ??= newSessionId();

  useEffect(() => {
    if (!iframe) return;
    return watchPlayerState(provider, iframe, setPlaying);
  }, [iframe, provider]);

  useEffect(() => {
    if (!playing) return;
    const beat = () =>
      sendHeartbeat({ productId, day, sessionId: sessionId.current! })
        .then((attendance) => {
          setRefusal(null);
          setLatest(attendance);
          queryClient.setQueryData(
            attendanceKeys.mine(token, productId),
            (days: DayAttendance[] | undefined) =>
              days?.map((d) => (d.day === attendance.day ? attendance : d)),
          );
        })
        .catch((err: unknown) => setRefusal(errorMessage(err, '')));
    void beat();
    const timer = setInterval(() => void beat(), HEARTBEAT_INTERVAL_SECONDS * 1000);
    return () => {
      clearInterval(timer);
      // The last stretch before the pause counts too.
      void beat();
    };
  }, [playing, productId, day, queryClient, token]);

  const current = latest ?? mine.data?.find((d) => d.day === day) ?? null;
  if (!current && !refusal) return null;
  const watchedMinutes = current ? Math.floor(current.watchedSeconds / 60) : 0;
  const notYet = current !== null && Date.now() < current.creditFrom;
  const over = current !== null && Date.now() > current.creditUntil;
  return (
    <div
      className="mt-3 flex flex-wrap items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700"
      role="status"
      aria-live="polite"
      data-testid="watch-tracker"
    >
      {current?.attended ? (
        <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" />
      ) : (
        <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
      )}
      <p className="min-w-0 flex-1">
        {refusal ? (
          <span className="font-medium text-red-700">{refusal}</span>
        ) : current ? (
          <>
            Asistencia en línea: <strong>{formatDuration(watchedMinutes)}</strong> de{' '}
            {formatDuration(Math.round(current.dayLengthSeconds / 60))}.{' '}
            {current.attended
              ? 'Este día ya cuenta para tu constancia.'
              : `Para que cuente, mira al menos ${formatDuration(Math.ceil(current.requiredSeconds / 60))}.`}
            {notYet && !current.attended ? (
              <span className="mt-1 block">
                {watchCreditStarts(`${formatDateTime(current.creditFrom)} (${MX_TIME_ZONE_LABEL})`)}
              </span>
            ) : null}
            {over && !current.attended ? <span className="mt-1 block">{MSG.watchDayOver}</span> : null}
          </>
        ) : null}
      </p>
    </div>
  );
}
