// The course programme: one tab per day (jueves, viernes, sábado), each a timeline of modules,
// workshops and breaks with their topics and speakers.
import { Link } from 'react-router';
import { Clock, Coffee, Flag, MicVocal, Wrench, type LucideIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../components/ui/cn';
import { Tabs } from '../../../components/ui/tabs';
import type { CourseDay, CourseSession, SessionKind } from '../data/course';

const KIND: Record<SessionKind, { label: string; icon: LucideIcon; tone: 'brand' | 'info' | 'neutral' }> = {
  modulo: { label: 'Módulo', icon: MicVocal, tone: 'brand' },
  taller: { label: 'Taller presencial', icon: Wrench, tone: 'info' },
  receso: { label: 'Receso', icon: Coffee, tone: 'neutral' },
  registro: { label: 'Registro', icon: Flag, tone: 'neutral' },
  clausura: { label: 'Clausura', icon: Flag, tone: 'neutral' },
};

function Session({ session }: { session: CourseSession }) {
  const kind = KIND[session.kind];
  const Icon = kind.icon;
  const minor = session.kind === 'receso' || session.kind === 'registro' || session.kind === 'clausura';
  return (
    <li className="relative grid gap-2 pb-8 pl-10 last:pb-0 sm:grid-cols-[8.5rem_1fr] sm:gap-6 sm:pl-0">
      <p className="flex items-center gap-2 self-start text-sm font-semibold text-ink sm:justify-end sm:pt-4 sm:text-right">
        <Clock aria-hidden="true" className="h-4 w-4 text-slate-500 sm:hidden" />
        <span>
          <span className="sr-only">De </span>
          {session.start}
          <span aria-hidden="true"> – </span>
          <span className="sr-only"> a </span>
          {session.end} h
        </span>
      </p>
      <span
        aria-hidden="true"
        className={cn(
          'absolute top-0 left-0 flex h-7 w-7 items-center justify-center rounded-full ring-4 ring-white sm:left-[9.5rem] sm:top-3.5',
          minor ? 'bg-slate-200 text-slate-700' : 'bg-brand-700 text-white',
        )}
      >
        <Icon className="h-3.5 w-3.5" />
      </span>
      <div
        className={cn(
          'sm:ml-10',
          minor ? 'py-1 sm:pt-4' : 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm',
        )}
      >
        {!minor && <Badge tone={kind.tone}>{kind.label}</Badge>}
        <h4 className={cn('font-semibold text-ink', minor ? 'text-slate-700' : 'mt-2 text-lg')}>
          {session.title}
        </h4>
        {session.topics && (
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {session.topics.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        )}
        {session.note && <p className="mt-3 text-sm text-slate-700">{session.note}</p>}
        {session.speakers && (
          <p className="mt-3 text-sm text-slate-700">
            <span className="font-semibold text-ink">Ponente: </span>
            {session.speakers.join(', ')}
          </p>
        )}
        {session.workshop && (
          <Link
            to={`/talleres?taller=${session.workshop}`}
            className="mt-3 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2"
          >
            Objetivos e inscripción al taller
          </Link>
        )}
      </div>
    </li>
  );
}

export function CourseProgramme({ days }: { days: CourseDay[] }) {
  return (
    <Tabs
      label="Días del curso"
      items={days.map((day) => ({
        value: day.value,
        label: (
          <span className="flex flex-col items-center leading-tight">
            <span>{day.label}</span>
            <span className="text-xs font-medium text-slate-600">
              {day.date.replace(/^\S+ /, '').replace(/ de \d{4}$/, '')}
            </span>
          </span>
        ),
        content: (
          <div>
            <h3 className="mb-6 text-lg font-semibold text-ink">{day.date}</h3>
            <ol className="relative before:absolute before:top-2 before:bottom-2 before:left-3.5 before:w-px before:bg-slate-200 sm:before:left-[10.35rem]">
              {day.sessions.map((s) => (
                <Session key={`${s.start}-${s.title}`} session={s} />
              ))}
            </ol>
          </div>
        ),
      }))}
    />
  );
}
