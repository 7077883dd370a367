// The main navigation (docs/product.md → Header and footer): the header shows these; the mobile menu adds Talleres.
export interface NavItem {
  to: string;
  label: string;
}

export const NAV_LINKS: readonly NavItem[] = [
  { to: '/', label: 'Inicio' },
  { to: '/collection', label: 'Eventos' },
  { to: '/curso-anestesia', label: 'Curso anestesia' },
  { to: '/cuotas', label: 'Cuotas' },
  { to: '/about', label: 'Sobre nosotros' },
  { to: '/contact', label: 'Contacto' },
];

export const MOBILE_NAV_LINKS: readonly NavItem[] = [
  ...NAV_LINKS.slice(0, 3),
  { to: '/talleres', label: 'Talleres' },
  ...NAV_LINKS.slice(3),
];
