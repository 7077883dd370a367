// The cart as the whole app sees it (docs/product.md → Cart, Session token): with a token the
// server cart replaces the local one; without a token the cart is local only. Count and amount
// come from the shared domain functions so the header, the cart page and checkout always agree.
// The amount needs prices, so this hook reads the product list query (lib/products-query.ts).
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addToCart as addLine,
  cartAmountCentavos,
  cartCount,
  setCartQuantity,
  type CartData,
} from '@store/shared/domain/cart';
import { toCentavos, toPesos } from '@store/shared/domain/money';
import { MAX_LINE_QUANTITY } from '@store/shared/constants';
import { MSG } from '@store/shared/messages';
import { getToken, useToken } from '../../../lib/auth-token';
import { clearLocalCart, getLocalCart, setLocalCart, useLocalCart } from '../../../lib/cart-store';
import { errorMessage, notify } from '../../../lib/notify';
import { userQueryKeys } from '../../../lib/query-keys';
import { productsQueryOptions } from '../../../lib/products-query';
import { addCartItem } from '../api/add-cart-item';
import { cartQueryOptions } from '../api/get-cart';
import { cartQuoteQueryOptions } from '../api/get-cart-quote';
import { updateCartItem } from '../api/update-cart-item';

const EMPTY: CartData = {};

export interface UseCart {
  cart: CartData;
  /** Sum of positive quantities. */
  count: number;
  /**
   * Pesos. Signed in: the server's quote at the member's fee tier (what checkout charges);
   * otherwise price × quantity over products found in the list.
   */
  amount: number;
  /** Pesos the server charges for a (product, day) line, when known (signed in). */
  linePrice: (productId: string, day: string) => number | undefined;
  /** Why checkout would refuse the cart (Spanish, from the server), or null. */
  problem: string | null;
  /** Resolves true when the line is in the cart afterwards. */
  /** Adds one day, or several days of a per-day event at once (one toast). */
  addToCart: (itemId: string, day: string | readonly string[]) => Promise<boolean>;
  updateQuantity: (itemId: string, day: string, quantity: number) => Promise<void>;
  clearCart: () => void;
  isLoading: boolean;
}

export function useCart(): UseCart {
  const token = useToken();
  const localCart = useLocalCart();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const serverCart = useQuery(cartQueryOptions(token));
  const products = useQuery(productsQueryOptions());

  // docs/product.md → Messages: a failed cart load shows the exception's message.
  const loadError = serverCart.error;
  useEffect(() => {
    if (loadError) notify.error(errorMessage(loadError, MSG.serverError));
  }, [loadError]);

  const cart = token ? (serverCart.data ?? EMPTY) : localCart;
  const quote = useQuery(cartQuoteQueryOptions(token, serverCart.data));
  // An event sold as a whole is one item however many days it has (one line in the cart).
  const count = useMemo(() => {
    const whole = new Set((products.data ?? []).filter((p) => p.saleMode === 'completo').map((p) => p._id));
    const extraDays = Object.entries(cart)
      .filter(([id]) => whole.has(id))
      .reduce((n, [, days]) => n + Math.max(0, Object.values(days).filter((q) => q > 0).length - 1), 0);
    return cartCount(cart) - extraDays;
  }, [cart, products.data]);
  const listAmount = useMemo(() => {
    const prices = new Map((products.data ?? []).map((p) => [p._id, toCentavos(p.price)]));
    return toPesos(cartAmountCentavos(cart, prices));
  }, [cart, products.data]);
  const quoted = token ? quote.data : undefined;
  const amount = quoted?.subtotal ?? listAmount;
  const prices = useMemo(
    () => new Map((quoted?.lines ?? []).map((l) => [`${l._id}\u0000${l.day}`, l.price])),
    [quoted],
  );
  const linePrice = useCallback(
    (productId: string, day: string) => prices.get(`${productId}\u0000${day}`),
    [prices],
  );

  const addToCart = useCallback(
    async (itemId: string, chosen: string | readonly string[]) => {
      const current = getToken();
      const days = (typeof chosen === 'string' ? [chosen] : [...chosen]).filter((d) => d !== '');
      if (days.length === 0) {
        notify.error(MSG.chooseDay);
        return false;
      }
      if (!current) {
        // An explanation, not an error: the choice is kept and added after signing in
        // (lib/pending-add.ts, app/routes/login.tsx).
        // Loaded when needed: it stays out of the home page's first script.
        const returnTo = location.pathname + location.search;
        void import('../../../lib/pending-add').then(({ loginPath, savePendingAdd }) => {
          savePendingAdd({ itemId, days });
          notify.info(MSG.loginRequiredToAdd);
          navigate(loginPath(returnTo));
        });
        return false;
      }
      const key = userQueryKeys.cart(current);
      const before = queryClient.getQueryData<CartData>(key) ?? EMPTY;
      const fresh = days.filter((d) => (before[itemId]?.[d] ?? 0) < MAX_LINE_QUANTITY);
      if (fresh.length === 0) {
        notify.info(MSG.alreadyInCart);
        return true;
      }
      // Optimistic: the badge moves at once; a failure puts the server's truth back.
      queryClient.setQueryData<CartData>(
        key,
        fresh.reduce((cart, d) => addLine(cart, itemId, d, MAX_LINE_QUANTITY), before),
      );
      try {
        for (const d of fresh) await addCartItem({ itemId, days: d });
        notify.successWithAction(MSG.cartAddDone, { label: 'Ver carrito', onClick: () => navigate('/cart') });
        return true;
      } catch (err) {
        queryClient.setQueryData<CartData>(key, before);
        notify.error(errorMessage(err, MSG.serverError));
        return false;
      } finally {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    [location.pathname, location.search, navigate, queryClient],
  );

  const updateQuantity = useCallback(
    async (itemId: string, day: string, quantity: number) => {
      const current = getToken();
      if (!current) {
        setLocalCart(setCartQuantity(getLocalCart(), itemId, day, quantity));
        return;
      }
      const key = userQueryKeys.cart(current);
      const before = queryClient.getQueryData<CartData>(key) ?? EMPTY;
      queryClient.setQueryData<CartData>(key, setCartQuantity(before, itemId, day, quantity));
      try {
        await updateCartItem({ itemId, days: day, quantity });
      } catch (err) {
        queryClient.setQueryData<CartData>(key, before);
        notify.error(errorMessage(err, MSG.serverError));
      } finally {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    [queryClient],
  );

  const clearCart = useCallback(() => {
    clearLocalCart();
    const current = getToken();
    if (current) queryClient.setQueryData<CartData>(userQueryKeys.cart(current), {});
  }, [queryClient]);

  return {
    cart,
    count,
    amount,
    linePrice,
    problem: quoted?.problem ?? null,
    addToCart,
    updateQuantity,
    clearCart,
    isLoading: Boolean(token) && (serverCart.isPending || quote.isLoading),
  };
}
