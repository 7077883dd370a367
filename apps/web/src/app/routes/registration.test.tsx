// /registro/:productId: the event's questions with my answers; «Guardar respuestas» checks them,
// saves them, says so and goes back to Mis Productos; a refusal names each field; once the event
// has started the answers are only shown.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUESTION_MSG } from '@store/shared/question-messages';
import type { EventQuestions } from '@store/shared/schemas/questions';
import { setToken } from '../../lib/auth-token';
import { testEventQuestions, testQuestion } from '../../../test/questions';
import { Reply, stubApi, testQueryClient } from '../../../test/providers';
import { Component as RegistrationPage } from './registration';

const EVENT = testEventQuestions({
  questions: [
    testQuestion({ _id: 'inst', label: 'Institución donde trabajas', required: true }),
    testQuestion({ _id: 'patro', kind: 'si_no', label: '¿Aceptas que los patrocinadores te contacten?' }),
  ],
});

function show(
  event: EventQuestions,
  save: (body: unknown) => unknown = () => ({ success: true, message: QUESTION_MSG.answersSaved, event }),
) {
  const api = stubApi({
    '/api/questions/event/congreso': () => ({ success: true, event }),
    '/api/questions/answers': save,
  });
  const router = createMemoryRouter(
    [
      { path: '/registro/:productId', element: <RegistrationPage /> },
      { path: '/orders', element: <p>Mis Productos</p> },
      { path: '*', element: <p>Otra página</p> },
    ],
    { initialEntries: ['/registro/congreso'] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return api;
}

beforeEach(() => {
  setToken('token-de-prueba');
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

describe('/registro/:productId', () => {
  it('saves the answers, says so and goes back to Mis Productos', async () => {
    const api = show(EVENT);
    expect(
      await screen.findByRole('heading', { level: 1, name: QUESTION_MSG.completeRegistration }),
    ).toBeInTheDocument();
    expect(await screen.findByText(EVENT.productName)).toBeInTheDocument();
    const inst = screen.getByRole('textbox', { name: 'Institución donde trabajas' });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar respuestas' }));
    await waitFor(() => expect(inst).toHaveFocus(), { timeout: 5000 });
    expect(inst).toHaveAccessibleDescription(QUESTION_MSG.answerRequired);
    expect(api.calls.some((c) => c.path === '/api/questions/answers')).toBe(false);

    await userEvent.type(inst, 'Hospital Ángeles');
    await userEvent.click(screen.getByRole('radio', { name: 'Sí' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar respuestas' }));
    // Mis Productos is a lazy page: on a loaded machine it takes more than the default second.
    expect(await screen.findByText('Mis Productos', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText(QUESTION_MSG.answersSaved, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/questions/answers')?.body).toEqual({
      productId: 'congreso',
      answers: [
        { questionId: 'inst', value: 'Hospital Ángeles' },
        { questionId: 'patro', value: true },
      ],
    });
  });

  it('shows the server’s refusal under each field it names, and stays', async () => {
    show(
      EVENT,
      () =>
        new Reply(400, {
          success: false,
          message: 'Revisa las respuestas marcadas',
          problems: { inst: QUESTION_MSG.answerNoFormula, patro: QUESTION_MSG.answerYesNo },
        }),
    );
    const inst = await screen.findByRole('textbox', { name: 'Institución donde trabajas' });
    await userEvent.type(inst, 'IMSS');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar respuestas' }));
    await waitFor(() => expect(inst).toHaveAccessibleDescription(QUESTION_MSG.answerNoFormula), {
      timeout: 5000,
    });
    expect(screen.getByRole('radio', { name: 'No' })).toHaveAccessibleDescription(QUESTION_MSG.answerYesNo);
    await waitFor(() => expect(inst).toHaveFocus(), { timeout: 5000 });
    expect(screen.queryByText('Mis Productos', { selector: 'p' })).not.toBeInTheDocument();
    expect(screen.queryByText(QUESTION_MSG.answersSaved)).not.toBeInTheDocument();
  });

  it('a complete registration can be changed; a started event only shows its answers', async () => {
    show({ ...EVENT, answers: { inst: 'IMSS', patro: false }, complete: true, editableUntil: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tus respuestas de registro' }),
    ).toBeInTheDocument();
    expect(screen.getByText(QUESTION_MSG.answersClosed)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Institución donde trabajas' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Guardar respuestas' })).not.toBeInTheDocument();
  });
});
