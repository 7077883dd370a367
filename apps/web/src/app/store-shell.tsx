// The storefront's frame as the router mounts it: the layout components get the session, the
// admin flag and the cart count from the features here, so components/layout imports no
// feature (docs/ARCHITECTURE.md → Layers and import rules).
import { useProfile } from '../features/account/api/get-profile';
import { useAuth } from '../features/account/hooks/use-auth';
import { useCart } from '../features/cart/hooks/use-cart';
import { Header } from '../components/layout/header';
import { useSession } from '../lib/auth-token';
import { Shell } from '../components/layout/shell';

export function StoreShell() {
  const { count } = useCart();
  const { logout } = useAuth();
  const isLoggedIn = useSession();
  // The profile query runs only with a token; the server checks the role again on every admin call.
  const isAdmin = useProfile().data?.role === 'admin';
  return (
    <Shell
      header={<Header cartCount={count} isLoggedIn={isLoggedIn} isAdmin={isAdmin} onLogout={logout} />}
    />
  );
}
