// /place-order with registration questions (docs/questions.md → At checkout), composed as the
// route does: the cart's events' questions come after the billing fields; no way to pay starts
// while a required answer is missing (the field is marked, scrolled to and focused); the answers
// are saved before the order is placed; a refusal marks the fields it names and places nothing.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import { QUESTION_MSG } from '@store/shared/question-messages';
import type { PlaceOrderBody } from '@store/shared/schemas/order';
import type { EventQuestions } from '@store/shared/schemas/questions';
import { CheckoutPage, type CheckoutPageProps } from '../../features/checkout/components/checkout-page';
import { PROPOSED_NOTE } from '../../features/questions/components/answer-fields';
import { useCheckoutAnswers } from '../../features/questions/hooks/use-checkout-answers';
import { setToken } from '../../lib/auth-token';
import { testEventQuestions, testQuestion } from '../../../test/questions';
import { Reply, stubApi, TestProviders, testQueryClient } from '../../../test/providers';

const LAST = {
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'ana@ejemplo.mx',
  street: 'Juárez 1',
  city: 'Puebla',
  state: 'Puebla',
  zipcode: '72000',
  country: 'México',
  phone: '2225550000',
};

const CONGRESO = testEventQuestions({
  questions: [
    testQuestion({ _id: 'inst', label: 'Institución donde trabajas', required: true }),
    testQuestion({
      _id: 'esp',
      kind: 'opcion',
      label: 'Especialidad',
      required: true,
      options: ['Anestesiología', 'Cardiología'],
    }),
  ],
  answers: { esp: 'Cardiología' },
  proposed: ['esp'],
});

let buildOrder: (() => Promise<PlaceOrderBody | null>) | undefined;

function Checkout(props: Pick<CheckoutPageProps, 'subtotal' | 'onDone'>) {
  const questions = useCheckoutAnswers('{"congreso":{"Día 1":1}}');
  return (
    <CheckoutPage
      loading={questions.loading}
      cart={{ congreso: { 'Día 1': 1 } }}
      summary={[]}
      ended={[]}
      account={{ email: 'ana@ejemplo.mx', userType: 'general' }}
      lastAddress={LAST}
      invoice={{ section: null, wanted: false, build: async () => null }}
      questions={questions}
      renderTotals={() => null}
      renderPaypal={(paypal) => {
        buildOrder = paypal.buildOrder;
        return <p>Botones de PayPal</p>;
      }}
      onAwaitingPayment={vi.fn()}
      {...props}
    />
  );
}

function show(events: EventQuestions[], answers: (body: unknown) => unknown, subtotal = 0) {
  const api = stubApi({
    '/api/payment-methods': () => ({ success: true, card: null, oxxo: null, spei: null }),
    '/api/questions/checkout': () => ({ success: true, events }),
    '/api/questions/answers': answers,
    '/api/order/place': () => ({ success: true, message: MSG.freeClaimDone, orderId: 'orden-1' }),
  });
  const onDone = vi.fn();
  render(
    <TestProviders client={testQueryClient()} path="/place-order">
      <Checkout subtotal={subtotal} onDone={onDone} />
    </TestProviders>,
  );
  return { api, onDone, paths: () => api.calls.map((c) => c.path) };
}

const saved = () => ({
  success: true,
  message: QUESTION_MSG.answersSaved,
  event: { ...CONGRESO, complete: true },
});

beforeEach(() => {
  setToken('token-de-prueba');
  buildOrder = undefined;
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

describe('checkout with registration questions', () => {
  it('asks them after the billing fields, prefilled with the proposed answers', async () => {
    show([CONGRESO], saved);
    const section = await screen.findByRole('region', { name: 'PREGUNTAS DE REGISTRO' });
    expect(within(section).getByRole('heading', { name: CONGRESO.productName })).toBeInTheDocument();
    expect(within(section).getByRole('radio', { name: 'Cardiología' })).toBeChecked();
    expect(within(section).getByText(`${PROPOSED_NOTE}.`)).toBeInTheDocument();
    // After the billing fields, before the button that pays.
    const street = screen.getByLabelText(/^Calle/);
    const pay = screen.getByRole('button', { name: 'RECLAMAR AHORA' });
    expect(street.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(section.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('places nothing while a required answer is missing; saves the answers, then places the order', async () => {
    const { api, onDone, paths } = show([CONGRESO], saved);
    await waitFor(() => expect(screen.getByLabelText(/^Calle/)).toHaveValue('Juárez 1'));
    const inst = await screen.findByRole('textbox', { name: 'Institución donde trabajas' });
    await userEvent.click(screen.getByRole('button', { name: 'RECLAMAR AHORA' }));

    await waitFor(() => expect(inst).toHaveFocus());
    expect(inst).toHaveAttribute('aria-invalid', 'true');
    expect(inst).toHaveAccessibleDescription(QUESTION_MSG.answerRequired);
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    expect(paths()).not.toContain('/api/questions/answers');
    expect(paths()).not.toContain('/api/order/place');

    await userEvent.type(inst, '  Hospital Ángeles ');
    await userEvent.click(screen.getByRole('button', { name: 'RECLAMAR AHORA' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const order = paths().filter((p) => p === '/api/questions/answers' || p === '/api/order/place');
    expect(order).toEqual(['/api/questions/answers', '/api/order/place']);
    expect(api.calls.find((c) => c.path === '/api/questions/answers')?.body).toEqual({
      productId: 'congreso',
      answers: [
        { questionId: 'inst', value: 'Hospital Ángeles' },
        { questionId: 'esp', value: 'Cardiología' },
      ],
    });
  });

  it('a refused save marks the fields it names and places nothing', async () => {
    const { onDone, paths } = show(
      [CONGRESO],
      () =>
        new Reply(400, {
          success: false,
          message: 'Revisa las respuestas marcadas',
          problems: { inst: QUESTION_MSG.answerNoHtml },
        }),
    );
    await waitFor(() => expect(screen.getByLabelText(/^Calle/)).toHaveValue('Juárez 1'));
    const inst = await screen.findByRole('textbox', { name: 'Institución donde trabajas' });
    await userEvent.type(inst, 'IMSS');
    await userEvent.click(screen.getByRole('button', { name: 'RECLAMAR AHORA' }));
    await waitFor(() => expect(inst).toHaveAccessibleDescription(QUESTION_MSG.answerNoHtml));
    await waitFor(() => expect(inst).toHaveFocus());
    expect(paths()).toContain('/api/questions/answers');
    expect(paths()).not.toContain('/api/order/place');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('PayPal opens only once the answers are given and saved', async () => {
    const { paths } = show([CONGRESO], saved, 2500);
    await waitFor(() => expect(screen.getByLabelText(/^Calle/)).toHaveValue('Juárez 1'));
    const inst = await screen.findByRole('textbox', { name: 'Institución donde trabajas' });
    let body: PlaceOrderBody | null = null;
    await act(async () => {
      body = await buildOrder!();
    });
    expect(body).toBeNull();
    await waitFor(() => expect(inst).toHaveFocus());
    expect(paths()).not.toContain('/api/questions/answers');

    await userEvent.type(inst, 'IMSS');
    await act(async () => {
      body = await buildOrder!();
    });
    expect(body).toMatchObject({ items: [{ _id: 'congreso', days: 'Día 1', quantity: 1 }] });
    expect(paths()).toContain('/api/questions/answers');
  });

  it('without questions for the cart, the page is as it always was', async () => {
    const { onDone, paths } = show([], saved);
    await waitFor(() => expect(screen.getByLabelText(/^Calle/)).toHaveValue('Juárez 1'));
    expect(screen.queryByRole('region', { name: 'PREGUNTAS DE REGISTRO' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'RECLAMAR AHORA' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(paths()).not.toContain('/api/questions/answers');
  });
});
