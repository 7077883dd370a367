import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { checkoutLinePosition } from '@store/shared/messages';
import { apiRequest } from '../../lib/api-client';
import { CheckoutLineNotice, LINE_TURN_TEXT } from './checkout-line-notice';

afterEach(() => vi.unstubAllGlobals());

describe('CheckoutLineNotice', () => {
  it('says the place while a call waits, then the turn, then goes; in a polite status region', async () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const push = (line: unknown) => controller.enqueue(new TextEncoder().encode(`${JSON.stringify(line)}\n`));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(body, { status: 202, headers: { 'Content-Type': 'application/x-ndjson' } }),
      ),
    );
    render(<CheckoutLineNotice />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    const answer = apiRequest('/api/cart/add', z.object({ success: z.literal(true) }), { body: {} });
    push({ fila: { antes: 3 } });
    await waitFor(() => expect(region).toHaveTextContent(checkoutLinePosition(3)));
    push({ fila: { antes: 0 } });
    await waitFor(() => expect(region).toHaveTextContent(checkoutLinePosition(0)));
    push({ turno: true });
    await waitFor(() => expect(region).toHaveTextContent(LINE_TURN_TEXT));
    push({ status: 200, body: { success: true } });
    controller.close();
    await expect(answer).resolves.toEqual({ success: true });
    await waitFor(() => expect(region).toBeEmptyDOMElement());
  });
});
