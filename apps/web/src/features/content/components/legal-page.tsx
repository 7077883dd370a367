// Layout of a legal document (terms, privacy notice): header with the last update, a table of
// contents beside the text on wide screens, one h2 per section.
import { CalendarDays } from 'lucide-react';
import { Container } from '../../../components/ui/container';
import { PageHeader } from '../../../components/ui/page-header';
import type { LegalDocument } from '../types';
import { RichBlocks } from './rich-text';

export function LegalPage({ doc }: { doc: LegalDocument }) {
  return (
    <>
      <PageHeader eyebrow="Información legal" title={doc.title} lead={doc.lead}>
        <p className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
          <CalendarDays aria-hidden="true" className="h-4 w-4 text-brand-700" />
          Última actualización: {doc.updated}
        </p>
      </PageHeader>
      <Container className="grid gap-10 py-10 lg:grid-cols-[16rem_1fr] lg:py-14">
        <nav aria-label="Contenido del documento" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-xs font-bold tracking-widest text-slate-600 uppercase">Contenido</h2>
          <ol className="mt-3 space-y-1 border-l border-slate-200 text-sm">
            {doc.sections.map((s) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="-ml-px block border-l-2 border-transparent py-1.5 pl-4 text-slate-700 hover:border-brand-600 hover:text-ink"
                >
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="prose-content">
          {doc.sections.map((s) => (
            <section key={s.id} aria-labelledby={s.id} className="first:[&>h2]:mt-0">
              <h2 id={s.id}>{s.title}</h2>
              <div className="mt-4 space-y-4">
                <RichBlocks blocks={s.blocks} />
              </div>
            </section>
          ))}
        </div>
      </Container>
    </>
  );
}
