// Site header (docs/product.md → Header and footer): logo, main navigation, search, account (or Acceder) and the cart
// with its item count; below the lg breakpoint the navigation moves into the mobile menu.
import { useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Menu, Search, ShoppingCart } from 'lucide-react';
import { setShowSearch } from '../../lib/search-store';
import { ButtonLink } from '../ui/button';
import { Container } from '../ui/container';
import { cn } from '../ui/cn';
import { AccountMenu } from './account-menu';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NAV_LINKS } from './nav-links';

const iconButton =
  'relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-ink hover:bg-slate-100 sm:h-11 sm:w-11';

export interface HeaderProps {
  /** Items in the cart, for the badge. */
  cartCount: number;
  /** null while the app does not know yet (the server's HTML and its hydration): a neutral slot. */
  isLoggedIn: boolean | null;
  /** Shows Administración in the account menus. */
  isAdmin: boolean;
  onLogout: () => void;
}

/** The session and cart come in as props: app/store-shell.tsx reads them from the features. */
export function Header({ cartCount: count, isLoggedIn, isAdmin, onLogout: logout }: HeaderProps) {
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  // Any navigation (a link, the back button) closes the mobile menu.
  const { pathname } = useLocation();
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <Container className="flex h-16 items-center gap-2 sm:h-[4.5rem] sm:gap-4">
        <Link to="/" className="shrink-0 rounded-lg">
          <Logo compact />
        </Link>

        <nav aria-label="Principal" className="mx-auto hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  end={l.to === '/'}
                  className={({ isActive }) =>
                    cn(
                      'relative inline-flex h-10 items-center rounded-lg px-3 text-sm font-semibold transition-colors',
                      isActive
                        ? 'text-brand-700 after:absolute after:inset-x-3 after:-bottom-0.5 after:h-0.5 after:rounded-full after:bg-brand-600'
                        : 'text-ink-soft hover:bg-slate-100 hover:text-ink',
                    )
                  }
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-0.5 sm:gap-1 lg:ml-0">
          <button
            type="button"
            className={iconButton}
            aria-label="Buscar eventos"
            onClick={() => {
              setShowSearch(true);
              navigate('/collection');
            }}
          >
            <Search aria-hidden="true" className="h-5 w-5" />
          </button>

          {isLoggedIn === null ? (
            <AccountSlot />
          ) : isLoggedIn ? (
            <AccountMenu isAdmin={isAdmin} onLogout={logout} />
          ) : (
            <ButtonLink to="/login" size="sm" className="mx-1">
              Acceder
            </ButtonLink>
          )}

          <Link
            to="/cart"
            className={iconButton}
            aria-label={count === 1 ? 'Carrito: 1 producto' : `Carrito: ${count} productos`}
          >
            <ShoppingCart aria-hidden="true" className="h-5 w-5" />
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-0.5 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-xs font-bold',
                count > 0 ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-800',
              )}
            >
              {count}
            </span>
          </Link>

          <button
            type="button"
            className={cn(iconButton, 'lg:hidden')}
            aria-label="Abrir menú"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(true)}
          >
            <Menu aria-hidden="true" className="h-6 w-6" />
          </button>
        </div>
      </Container>
      <MobileMenu
        id={menuId}
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        isLoggedIn={isLoggedIn}
        isAdmin={isAdmin}
        onLogout={logout}
      />
    </header>
  );
}

/**
 * Where «Acceder» or the account menu goes while the app does not know yet whether there is a
 * session (the server's HTML and its hydration): the button's size, no text that could flip.
 */
export function AccountSlot({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-account-slot=""
      className={cn('mx-1 inline-block h-9 w-[5.25rem] rounded-lg bg-slate-100', className)}
    />
  );
}
