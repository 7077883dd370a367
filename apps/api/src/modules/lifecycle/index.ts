// The lifecycle's one door (docs/lifecycle.md): everything outside this module that changes or
// reads an order comes through here (and the events through events.ts). Every action of the
// transition table (table.ts) is exported under the table's name and checks the table
// through guard.ts under the order's lock; the door test (door.test.ts) fails when one is
// missing or skips the check. ESLint keeps the module's other files private.

// The table's actions, by the table's names.
export { claimFree, hold } from './open';
export {
  abandon,
  adminCancel,
  allowTransfer,
  cancelFree,
  closeDuplicate,
  completeRefund,
  expire,
  failRefund,
  pay,
  payLate,
  providerRefund,
  recordRefund,
  refundInProcess,
  requestRefund,
} from './service';
export { transfer } from './transfer';
export { assignPlace, holdPlaces, openPlaceCancellation as cancelPlaces, reassignPlace } from './group';

// Plans that take one of the actions above, as the request decides (and their rules).
export {
  buyerRefundFigures,
  cancellationRefusal,
  openCancellation,
  type RefundsOnline,
} from './cancellation';
export { assignList, groupPlacesView, openPlaceCancellation } from './group';
export { transferOptions } from './transfer';
export { createOrderFromCart, type CreateOrderInput } from './open';

// Steps of `pay` a provider's flow takes first (attach its attempt, announce a capture, keep the
// seats while it decides), a refund to ask again later, and the back office's edits of orders.
export {
  attachPayment,
  claimForCapture,
  deleteOrdersOf,
  holdUntil,
  notePaymentProgress,
  renameOrderDays,
  scheduleRefundRetry,
  updateOrderItems,
} from './service';

// Reads.
export {
  findExpiredPending,
  findOrder,
  findOrderDayDetails,
  findOrderDays,
  type HoldingOrder,
  type OrderDayDetail,
  type OrderDayRow,
  type OrderRow,
} from './reads';
export {
  findOrderByCapture,
  findOrderByPayment,
  findPayment,
  type PaidPatch,
  type PaymentRow,
} from './payments-repo';
export {
  findDueRefunds,
  findPendingRefund,
  findRefund,
  findRefundByProviderId,
  type RefundRow,
} from './refunds-repo';
export { findOrderDayLabels, findPlacesAssignedTo } from './group-repo';
export { findOrderTransfers } from './transfer-repo';

// The table itself (docs, tests) and the guard's record (the door test).
export { TRANSITIONS, allows, type Action } from './table';
export { consultedActions } from './guard';
