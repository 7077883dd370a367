// After a refused submit (docs/product.md → Checkout): the first field marked invalid inside
// `root`, scrolled to the middle of the screen and focused, once the errors are drawn.

export function showFirstMarked(root: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field.focus({ preventScroll: true });
  });
}
