// The association's brand facts, in one place for the storefront (header, footer, content
// pages, meta tags), the e-mails the API sends and the built index.html and web manifest.
// An edit here changes every page and every e-mail; nothing about the association is
// written anywhere else.

export const site = {
  name: 'Asociación Mexicana de Anestesia Cardiovascular y Cuidado del Paciente Cardiópata',
  shortName: 'AMACC',
  /** Under the logo and in the title before the app starts, where the full name does not fit. */
  descriptor: 'Anestesia cardiovascular',
  tagline: 'Educación de calidad y profesionalismo para el cuidado del paciente cardiópata',
  description:
    'Cursos, congresos y talleres de anestesia cardiovascular y cuidado del paciente cardiópata, presenciales y en transmisión en vivo.',
  locale: 'es_MX',
  email: 'contacto@amacc.org.mx',
  /** Where the privacy notice sends ARCO requests (data protection contact). */
  privacyEmail: 'contacto@amacc.org.mx',
  phone: '+52 55 5000 1234',
  phoneHref: 'tel:+525550001234',
  address: 'Ciudad de México, México',
  hours: 'Lunes a viernes, de 9:00 a 17:00 h',
  /** The association's pages on each network; replace with the real profile addresses. */
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/' },
    { name: 'Instagram', href: 'https://www.instagram.com/' },
    { name: 'YouTube', href: 'https://www.youtube.com/' },
  ],
  course: {
    name: '2º Curso de Anestesia Cardiovascular',
    dates: '29 al 31 de mayo de 2025',
    venue: 'Instituto Nacional de Cardiología, Ciudad de México',
    /** The venue of the course and its workshops as events store it (docs/product.md → Venue). */
    venuePlace: {
      name: 'Instituto Nacional de Cardiología Ignacio Chávez',
      address: 'Juan Badiano 1, Belisario Domínguez Secc. 16, Tlalpan, 14080 Ciudad de México',
      mapUrl:
        'https://www.google.com/maps/search/?api=1&query=Instituto+Nacional+de+Cardiolog%C3%ADa+Ignacio+Ch%C3%A1vez',
    },
    modality: 'Híbrido: presencial y en transmisión en vivo',
  },
} as const;

export type Site = typeof site;

/** The default link-preview image (a raster: social networks do not show SVG previews). */
export const DEFAULT_PREVIEW_IMAGE = '/og-image.jpg';

/** Absolute URL of a page's link-preview image; SVG covers fall back to the default image. */
export function previewImageUrl(image: string | undefined, origin: string): string {
  const usable = image && !/\.svg(\?|$)/i.test(image) ? image : DEFAULT_PREVIEW_IMAGE;
  return /^https?:\/\//.test(usable) ? usable : `${origin}${usable}`;
}

/**
 * The home page's hero image, its largest paint: a 2 KB vector, sharp at every width, so it
 * needs no raster variants; the server preloads it from the page's <head>.
 */
export const HERO_IMAGE = '/images/hero.svg';
