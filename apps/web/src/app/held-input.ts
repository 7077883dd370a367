// What a visitor does on the server-rendered page before it is hydrated. The page is shown first
// and hydrated a moment later (main.tsx); until then no handler is attached, so a click on a
// button or a filter's checkbox, a choice in a select or text typed in a field would be lost, or
// would leave the field showing what the app does not know. They are held and done again, in
// order, once the page is hydrated:
// - a click on a button is stopped before anything else sees it (a form is not submitted) and
//   clicked again;
// - a checkbox or radio button ticks at once, and is ticked again through the page's handlers;
// - a field's new value (select, text) stays on screen and is set again the way the browser sets
//   it when the visitor types, so the page's own handlers see the change.
// Links work as plain links (a new page load) until the app starts. From then until the page is
// hydrated a click on one of the store's own links is held too: React would otherwise handle it
// in the middle of hydrating, where the next page reads the session as the server did (none) and
// a page that needs one sends the buyer to sign in. A click that opens another tab or window
// (a modifier key, another button, `target`, `download`, another site) is never held.
const CLICKED = 'button, [role="button"]';
const BOX = 'input[type="checkbox"], input[type="radio"]';
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface HeldInput {
  /** From now on, also hold clicks on the store's own links (the app is starting). */
  alsoLinks(): void;
  /**
   * Stops holding, and does again what was held if `replay`; else (the app could not start)
   * only the links are followed, as plain links. `flush` (React's flushSync) makes each click's
   * update land before the next click: a day chosen then «Agregar» must add that day, not the
   * choice as it was before the first click.
   */
  release(replay: boolean, flush?: (run: () => void) => void): void;
}

/** A click on a link of this site, in this tab, that the browser would follow itself. */
function ownLink(event: MouseEvent, target: Element): HTMLAnchorElement | null {
  const link = target.closest<HTMLAnchorElement>('a[href]');
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  return link.origin === window.location.origin ? link : null;
}

/** Starts holding what the visitor does on `root`. */
export function holdInput(root: HTMLElement | null): HeldInput {
  const clicks: HTMLElement[] = [];
  const values = new Map<Field, string>();
  const ticked = new Map<HTMLInputElement, boolean>();
  let links = false;
  const onClick = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !root?.contains(event.target)) return;
    const box = event.target.matches(BOX) ? (event.target as HTMLInputElement) : null;
    if (box) {
      // The browser ticks it (before this listener runs); a box clicked twice is back where it
      // was. Hydration may put the box back as the server rendered it: what the visitor chose
      // is kept here.
      event.stopImmediatePropagation();
      if (clicks.at(-1) === box && box.type === 'checkbox') clicks.pop();
      else clicks.push(box);
      ticked.set(box, box.checked);
      return;
    }
    const link = links ? ownLink(event, event.target) : null;
    const control = event.target.closest<HTMLElement>(CLICKED);
    const target = link ?? (control && !control.closest('a[href]') ? control : null);
    if (!target) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // A button or link clicked twice is one click.
    if (clicks.at(-1) !== target) clicks.push(target);
  };
  const onValue = (event: Event) => {
    const field = event.target;
    if (
      !(
        field instanceof HTMLSelectElement ||
        field instanceof HTMLTextAreaElement ||
        field instanceof HTMLInputElement
      ) ||
      (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
    )
      return;
    event.stopImmediatePropagation();
    values.set(field, field.value);
  };
  root?.addEventListener('click', onClick, true);
  root?.addEventListener('input', onValue, true);
  root?.addEventListener('change', onValue, true);
  return {
    alsoLinks: () => {
      links = true;
    },
    release: (replay, flush = (run) => run()) => {
      root?.removeEventListener('click', onClick, true);
      root?.removeEventListener('input', onValue, true);
      root?.removeEventListener('change', onValue, true);
      if (replay) for (const [field, value] of values) if (field.isConnected) setAsTyped(field, value);
      for (const target of clicks) {
        if (!target.isConnected) continue;
        if (target instanceof HTMLInputElement) {
          // Ticked again as a click ticks it: first put back, through the element (React
          // records it), what the click changed.
          if (!replay) continue;
          const wanted = ticked.get(target) ?? target.checked;
          target.checked = !wanted;
          target.click();
        } else if (replay || target instanceof HTMLAnchorElement) flush(() => target.click());
      }
    },
  };
}

/**
 * Sets a field's value as typing does, so that a handler attached since sees a change: what the
 * page was rendered with is put back through the element (React records it as the current
 * value), then the new value through the prototype's setter (which it does not see), then the
 * event the browser sends.
 */
function setAsTyped(field: Field, value: string) {
  const initial =
    field instanceof HTMLSelectElement
      ? (([...field.options].find((o) => o.defaultSelected) ?? field.options[0])?.value ?? '')
      : field.defaultValue;
  field.value = initial;
  const proto = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}
