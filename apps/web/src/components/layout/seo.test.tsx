// Per-route tags: title with the brand, a description search engines can show whole,
// noindex on private pages, and Open Graph tags for link previews.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { site } from '../../config/site';
import { testQueryClient, TestProviders } from '../../../test/providers';
import { DESCRIPTION_MAX } from '@store/shared/domain/text';
import { Seo, type SeoProps } from './seo';

const renderSeo = (props: SeoProps, path = '/product/abc') => {
  render(
    <TestProviders client={testQueryClient()} path={path}>
      <Seo {...props} />
    </TestProviders>,
  );
  const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
  return {
    title: document.title,
    description: meta('meta[name="description"]'),
    robots: meta('meta[name="robots"]'),
    og: (p: string) => meta(`meta[property="og:${p}"]`),
  };
};

const long =
  'Curso teórico-práctico sobre el manejo anestésico del paciente con cardiopatía congénita del adulto, ' +
  'con casos clínicos, simulación y discusión con especialistas de los principales centros del país.\n\n' +
  'Incluye constancia con valor curricular.';

describe('Seo', () => {
  it('cuts a long description at a word, under the limit, with an ellipsis', () => {
    const tags = renderSeo({ title: 'Curso', description: long, type: 'product', image: '/uploads/x.jpg' });
    expect(tags.title).toBe(`Curso · ${site.shortName}`);
    expect(tags.description!.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(tags.description).toMatch(/^Curso teórico-práctico sobre el manejo anestésico/);
    expect(tags.description).toMatch(/[a-záéíóúñ]…$/);
    expect(long.replace(/\s+/g, ' ')).toContain(tags.description!.slice(0, -1));
    expect(tags.og('description')).toBe(tags.description);
    expect(tags.og('type')).toBe('product');
    expect(tags.og('image')).toBe(`${window.location.origin}/uploads/x.jpg`);
    expect(tags.robots).toBeUndefined();
  });

  it('previews SVG covers with the raster default image (social networks skip SVG)', () => {
    const tags = renderSeo({ title: 'Curso', image: '/covers/x.svg' });
    expect(tags.og('image')).toBe(`${window.location.origin}/og-image.jpg`);
  });

  it('keeps a short description as written and marks private pages noindex', () => {
    const tags = renderSeo({ title: 'Carrito', description: 'Tu carrito.', noindex: true }, '/cart');
    expect(tags.description).toBe('Tu carrito.');
    expect(tags.robots).toBe('noindex, nofollow');
  });

  it('defaults to the brand facts on the home page', () => {
    const tags = renderSeo({}, '/');
    expect(tags.title).toBe(`${site.shortName} · ${site.tagline}`);
    expect(tags.description).toBe(site.description);
  });
});
