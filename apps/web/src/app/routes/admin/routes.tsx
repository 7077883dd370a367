// The back office's pages under /admin/* (app/router.tsx loads this table lazily, so not even
// it is in a customer's first script). Each page is its own lazy chunk, so customers never
// download any of it and the charts load only on the dashboard.
import { useRoutes, type RouteObject } from 'react-router';
import { page } from '../../lazy-page';

const adminRoutes: RouteObject = {
  element: page(() => import('./layout')),
  children: [
    { index: true, element: page(() => import('./dashboard')) },
    { path: 'events', element: page(() => import('./events')) },
    { path: 'events/new', element: page(() => import('./event-edit')) },
    { path: 'events/:eventId', element: page(() => import('./event-edit')) },
    { path: 'events/:eventId/respuestas', element: page(() => import('./event-answers')) },
    { path: 'orders', element: page(() => import('./orders')) },
    { path: 'orders/:orderId', element: page(() => import('./order-detail')) },
    { path: 'attendees', element: page(() => import('./attendees')) },
    { path: 'waitlist', element: page(() => import('./waitlist')) },
    { path: 'attendance', element: page(() => import('./attendance')) },
    { path: 'checkin', element: page(() => import('./checkin')) },
    { path: 'invoices', element: page(() => import('./invoices')) },
    { path: 'pagos', element: page(() => import('./payment-settings')) },
    { path: 'coupons', element: page(() => import('./coupons')) },
    { path: 'coupons/new', element: page(() => import('./coupon-edit')) },
    { path: 'coupons/:couponId', element: page(() => import('./coupon-edit')) },
    { path: 'members', element: page(() => import('./members')) },
    { path: 'members/import', element: page(() => import('./members-import')) },
    { path: 'participant-types', element: page(() => import('./participant-types')) },
    { path: 'audit', element: page(() => import('./audit')) },
    { path: '*', element: page(() => import('./not-found')) },
  ],
};

export function Component() {
  return useRoutes([adminRoutes]);
}
