import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import type { MyEvaluation } from '@store/shared/schemas/evaluation';
import { setToken } from '../../../lib/auth-token';
import { testQueryClient, TestProviders } from '../../../../test/providers';
import { EvaluationsSection } from './evaluations-section';
import { evaluationFailed } from '@store/shared/attendance-messages';

afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

const evaluation = (over: Partial<MyEvaluation>): MyEvaluation => ({
  productId: '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2910',
  eventName: 'Curso de Anestesia en Cirugía Cardiaca',
  state: 'por_responder',
  hasExam: true,
  passPercent: 80,
  attemptsLeft: 2,
  bestScore: null,
  opensAt: Date.UTC(2026, 10, 20, 18, 0),
  questions: [
    { kind: 'examen', text: '¿Qué fármaco es de primera línea?', options: ['Milrinona', 'Norepinefrina'] },
    { kind: 'encuesta', text: '¿Recomendarías el curso?', options: ['Sí', 'No'] },
  ],
  ...over,
});

/** GET answers `lists` in turn (the list after each attempt); POST answers `result`. */
function stubApi(lists: MyEvaluation[][], result: object) {
  const posts: unknown[] = [];
  let gets = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ success: true, ...result }), { status: 200 });
      }
      const list = lists[Math.min(gets++, lists.length - 1)];
      return new Response(JSON.stringify({ success: true, evaluations: list }), { status: 200 });
    }),
  );
  return posts;
}

function renderSection() {
  setToken('sesion-ana');
  return render(
    <TestProviders client={testQueryClient()} path="/account">
      <EvaluationsSection />
    </TestProviders>,
  );
}

describe('EvaluationsSection', () => {
  it('asks every answer, sends the chosen options and shows a failed attempt with the attempts left', async () => {
    const failed = evaluationFailed(0, 80, 1);
    const posts = stubApi(
      [[evaluation({})], [evaluation({ state: 'no_aprobada', attemptsLeft: 1, bestScore: 0 })]],
      { passed: false, scorePercent: 0, attemptsLeft: 1, message: failed },
    );
    renderSection();
    expect(await screen.findByText('Asistencia suficiente — responde la evaluación')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));
    expect(screen.getByText(MSG.evaluationAnswersInvalid)).toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Milrinona' }));
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));
    // The DOM matchers fold the no-break spaces before '%' into plain ones.
    expect(await screen.findByRole('alert')).toHaveTextContent(failed.replace(/\u00a0/g, ' '));
    expect(posts).toEqual([{ answers: [0, 1] }]);
    expect(await screen.findByText('No aprobada (te queda 1 intento)')).toBeInTheDocument();
  });

  it('shows a passed evaluation without questions, and nothing when no event asks one', async () => {
    stubApi([[evaluation({ state: 'aprobada', bestScore: 100, questions: [] })]], {});
    const { unmount } = renderSection();
    expect(await screen.findByText('Aprobada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar respuestas' })).not.toBeInTheDocument();
    unmount();
    stubApi([[]], {});
    renderSection();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByText('Evaluaciones')).not.toBeInTheDocument();
  });
});
