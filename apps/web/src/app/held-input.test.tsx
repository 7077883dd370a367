import { act, useState } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdInput } from './held-input';

function page(html: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

/** What the visitor does: the browser's own events for a choice in a select and for typing. */
function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
function type(input: HTMLInputElement, text: string) {
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('holdInput', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('holds a click on a button (no form is sent) and clicks it again once released', () => {
    const root = page('<form><button type="submit"><span>Contactanos</span></button></form>');
    const button = root.querySelector('button')!;
    const seen = vi.fn();
    const submitted = vi.fn((e: Event) => e.preventDefault());
    root.querySelector('form')!.addEventListener('submit', submitted);
    root.addEventListener('click', seen);
    const { release } = holdInput(root);

    root.querySelector('span')!.click();
    root.querySelector('span')!.click();
    expect(seen).not.toHaveBeenCalled();
    expect(submitted).not.toHaveBeenCalled();

    release(true);
    expect(seen).toHaveBeenCalledTimes(1); // twice on the same button is one click
    expect(seen.mock.calls[0]![0].target).toBe(button);
    expect(submitted).toHaveBeenCalledTimes(1);
    button.click();
    expect(seen).toHaveBeenCalledTimes(2); // released: later clicks go through at once
  });

  it('ticks a box at once and ticks it again once released; twice on it is no click', () => {
    const root = page('<label><input type="checkbox" id="a"> Paneles</label><input type="checkbox" id="b">');
    const [a, b] = root.querySelectorAll('input');
    const seen: string[] = [];
    const { release } = holdInput(root);
    root.querySelector('label')!.click();
    b!.click();
    b!.click();
    expect(a!.checked).toBe(true); // the visitor sees it ticked
    expect(b!.checked).toBe(false);
    root.addEventListener('click', (e) =>
      seen.push(`${(e.target as HTMLInputElement).id}:${String((e.target as HTMLInputElement).checked)}`),
    );
    release(true);
    expect(a!.checked).toBe(true);
    expect(seen).toEqual(['a:true']); // clicked again once, ending ticked
  });

  it('replays only what is still on the page, and nothing when the app could not start', () => {
    const root = page('<button id="a">A</button><button id="b">B</button>');
    const clicked: string[] = [];
    root.addEventListener('click', (e) => clicked.push((e.target as Element).id));
    const { release } = holdInput(root);
    root.querySelector<HTMLElement>('#a')!.click();
    root.querySelector<HTMLElement>('#b')!.click();
    root.querySelector('#a')!.remove();
    release(true);
    expect(clicked).toEqual(['b']);

    const { release: drop } = holdInput(root);
    root.querySelector<HTMLElement>('#b')!.click();
    drop(false);
    expect(clicked).toEqual(['b']);
  });

  it('leaves links alone until the app starts; then holds a click on one of the store’s links', () => {
    const root = page(
      '<a id="cuotas" href="/cuotas">Cuotas</a><a id="fuera" href="https://www.paypal.com/">PayPal</a>',
    );
    const followed: string[] = [];
    // Stands for the browser following the link (and, after hydration, for the router).
    root.addEventListener('click', (e) => {
      followed.push((e.target as Element).id);
      e.preventDefault();
    });
    const held = holdInput(root);
    const cuotas = root.querySelector<HTMLElement>('#cuotas')!;
    cuotas.click();
    expect(followed).toEqual(['cuotas']); // before the app starts: a plain link

    held.alsoLinks();
    cuotas.click();
    cuotas.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    root.querySelector<HTMLElement>('#fuera')!.click();
    // A new tab and another site go through; the store's own link waits.
    expect(followed).toEqual(['cuotas', 'cuotas', 'fuera']);
    held.release(true);
    expect(followed).toEqual(['cuotas', 'cuotas', 'fuera', 'cuotas']);
  });

  it('when the app cannot start, a held link is still followed and a held button is not', () => {
    const root = page('<a id="cuotas" href="/cuotas">Cuotas</a><button id="enviar">Enviar</button>');
    const clicked: string[] = [];
    root.addEventListener('click', (e) => {
      clicked.push((e.target as Element).id);
      e.preventDefault();
    });
    const held = holdInput(root);
    held.alsoLinks();
    root.querySelector<HTMLElement>('#enviar')!.click();
    root.querySelector<HTMLElement>('#cuotas')!.click();
    held.release(false);
    expect(clicked).toEqual(['cuotas']);
  });

  it('a React page hydrated afterwards gets the choice, the text, the box and the click', async () => {
    function Filters() {
      const [order, setOrder] = useState('recent');
      const [query, setQuery] = useState('');
      const [panels, setPanels] = useState(false);
      const [sent, setSent] = useState(0);
      return (
        <div>
          <select aria-label="Ordenar por" value={order} onChange={(e) => setOrder(e.target.value)}>
            <option value="recent">Recientes</option>
            <option value="high-low">Mayor precio</option>
          </select>
          <input aria-label="Buscar" value={query} onChange={(e) => setQuery(e.target.value)} />
          <input type="checkbox" checked={panels} onChange={(e) => setPanels(e.target.checked)} />
          <button type="button" onClick={() => setSent((n) => n + 1)}>
            Buscar
          </button>
          <output>{`${order}|${query}|${panels ? 'paneles' : '-'}|${sent}`}</output>
        </div>
      );
    }
    const root = page(renderToString(<Filters />));
    const { release } = holdInput(root);
    choose(root.querySelector('select')!, 'high-low');
    type(root.querySelector<HTMLInputElement>('input[aria-label="Buscar"]')!, 'eco');
    root.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    expect(root.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked).toBe(true);
    root.querySelector('button')!.click();

    await act(async () => {
      hydrateRoot(root, <Filters />);
    });
    expect(root.querySelector('output')!.textContent).toBe('recent||-|0');
    act(() => release(true));
    expect(root.querySelector('output')!.textContent).toBe('high-low|eco|paneles|1');
    expect(root.querySelector('select')!.value).toBe('high-low');
  });

  it('replays clicks one at a time: a day chosen then «Agregar» adds that day', async () => {
    function Product({ added }: { added: (days: string[]) => void }) {
      const [days, setDays] = useState<string[]>([]);
      return (
        <div>
          <button type="button" aria-pressed={days.includes('Jueves')} onClick={() => setDays(['Jueves'])}>
            Jueves
          </button>
          <button type="button" onClick={() => added(days)}>
            Agregar
          </button>
        </div>
      );
    }
    const added = vi.fn();
    const root = page(renderToString(<Product added={added} />));
    const { release } = holdInput(root);
    root.querySelectorAll('button')[0]!.click();
    root.querySelectorAll('button')[1]!.click();
    await act(async () => {
      hydrateRoot(root, <Product added={added} />);
    });
    release(true, flushSync);
    expect(added).toHaveBeenCalledWith(['Jueves']);
  });
});
