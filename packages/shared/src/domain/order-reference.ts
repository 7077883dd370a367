// The short order reference people quote: the confirmation e-mail's subject, "Mis Productos"
// and the admin's search all show the same 8 characters, so one rule makes them.

export function orderReference(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}
