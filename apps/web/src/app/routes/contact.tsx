// /contact (docs/product.md → Routes): contact details and the Contactanos button, which opens the contact form.
import { Link } from 'react-router';
import { ChevronRight, Clock, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Seo } from '../../components/layout/seo';
import { Card, CardContent } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { site } from '../../config/site';
import { ContactDialog } from '../../features/content/components/contact-dialog';
import { contact } from '../../features/content/data/contact';

function Detail({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-ink">{label}</p>
        <div className="mt-0.5 break-words text-slate-700">{children}</div>
      </div>
    </li>
  );
}

export function Component() {
  return (
    <main>
      <Seo title={contact.title} description={contact.description} />
      <PageHeader eyebrow={site.shortName} title={contact.title} lead={contact.lead} />
      <Container className="grid gap-8 py-10 sm:py-14 lg:grid-cols-2">
        <Card className="self-start">
          <CardContent>
            <h2 className="text-xl font-bold text-ink">Datos de contacto</h2>
            <ul className="mt-6 space-y-6">
              <Detail icon={Mail} label="Correo electrónico">
                <a
                  href={`mailto:${site.email}`}
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  {site.email}
                </a>
              </Detail>
              <Detail icon={Phone} label="Teléfono">
                <a href={site.phoneHref} className="font-medium text-brand-700 underline underline-offset-2">
                  {site.phone}
                </a>
              </Detail>
              <Detail icon={MapPin} label="Dirección">
                {site.address}
              </Detail>
              <Detail icon={Clock} label="Horario de atención">
                {site.hours}
              </Detail>
            </ul>
          </CardContent>
        </Card>

        <div className="flex flex-col gap-8">
          <Card className="border-brand-200 bg-gradient-to-br from-brand-50 to-white">
            <CardContent>
              <h2 className="text-xl font-bold text-ink">{contact.formTitle}</h2>
              <p className="mt-3 text-slate-700">{contact.formText}</p>
              <div className="mt-6">
                <ContactDialog />
              </div>
            </CardContent>
          </Card>
          <nav aria-labelledby="ayuda">
            <h2 id="ayuda" className="text-lg font-semibold text-ink">
              Quizá encuentres la respuesta aquí
            </h2>
            <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {contact.helpLinks.map((l) => (
                <li key={l.to}>
                  <Link
                    to={l.to}
                    className="flex items-center justify-between gap-3 px-4 py-3.5 font-medium text-ink hover:bg-slate-50"
                  >
                    {l.label}
                    <ChevronRight aria-hidden="true" className="h-4 w-4 text-slate-500" />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </Container>
    </main>
  );
}
