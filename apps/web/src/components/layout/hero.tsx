// Home hero (docs/product.md → Routes): full-width banner image under a dark overlay, the association's short
// name as the page title and the tagline between two red rules.
import { HERO_IMAGE } from '@store/shared/site';
import { site } from '../../config/site';
import { ButtonLink } from '../ui/button';
import { Container } from '../ui/container';

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="on-dark relative isolate overflow-hidden bg-navy-950">
      <img
        src={HERO_IMAGE}
        alt=""
        width={1600}
        height={700}
        fetchPriority="high"
        className="absolute inset-0 -z-20 h-full w-full object-cover"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-b from-black/55 via-black/45 to-black/65"
      />
      <Container className="flex min-h-[22rem] flex-col items-center justify-center py-16 text-center sm:min-h-[28rem] sm:py-24">
        <p className="text-xs font-semibold tracking-[0.25em] text-brand-200 uppercase sm:text-sm">
          {site.descriptor}
        </p>
        <h1 id="hero-title" className="mt-3 text-5xl font-extrabold tracking-[0.08em] text-white sm:text-7xl">
          {site.shortName}
        </h1>
        <div className="mt-6 flex w-full max-w-3xl items-center gap-4 sm:gap-6">
          <span aria-hidden="true" className="h-0.5 min-w-6 flex-1 rounded-full bg-brand-500" />
          <p className="max-w-xl text-base font-medium text-pretty text-white sm:text-xl">{site.tagline}</p>
          <span aria-hidden="true" className="h-0.5 min-w-6 flex-1 rounded-full bg-brand-500" />
        </div>
        <div className="mt-9 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/collection" size="lg">
            Ver eventos
          </ButtonLink>
          <ButtonLink to="/curso-anestesia" size="lg" variant="outline-light">
            Curso de anestesia
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}
