// The back office's pages, nested under /admin in app/router.tsx. Each page is its own lazy
// chunk, so customers never download any of it and the charts load only on the dashboard.
export const adminRoutes = {
  path: '/admin',
  lazy: () => import('./layout'),
  children: [
    { index: true, lazy: () => import('./dashboard') },
    { path: 'events', lazy: () => import('./events') },
    { path: 'events/new', lazy: () => import('./event-edit') },
    { path: 'events/:eventId', lazy: () => import('./event-edit') },
    { path: 'orders', lazy: () => import('./orders') },
    { path: 'orders/:orderId', lazy: () => import('./order-detail') },
    { path: 'attendees', lazy: () => import('./attendees') },
    { path: 'waitlist', lazy: () => import('./waitlist') },
    { path: 'attendance', lazy: () => import('./attendance') },
    { path: 'checkin', lazy: () => import('./checkin') },
    { path: 'invoices', lazy: () => import('./invoices') },
    { path: 'coupons', lazy: () => import('./coupons') },
    { path: 'coupons/new', lazy: () => import('./coupon-edit') },
    { path: 'coupons/:couponId', lazy: () => import('./coupon-edit') },
    { path: 'members', lazy: () => import('./members') },
    { path: 'members/import', lazy: () => import('./members-import') },
    { path: 'participant-types', lazy: () => import('./participant-types') },
    { path: 'audit', lazy: () => import('./audit') },
    { path: '*', lazy: () => import('./not-found') },
  ],
};
