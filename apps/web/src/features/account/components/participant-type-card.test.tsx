import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import type { ParticipantTypeResponse } from '@store/shared/schemas/participant-types';
import { setToken } from '../../../lib/auth-token';
import { testQueryClient, TestProviders } from '../../../../test/providers';
import { ParticipantTypeCard, proofProblem } from './participant-type-card';

afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

const request = (over: Partial<NonNullable<ParticipantTypeResponse['request']>>) => ({
  _id: 'r1',
  requestedType: 'residente' as const,
  status: 'solicitada' as const,
  reason: null,
  fileName: 'constancia.pdf',
  createdAt: Date.UTC(2026, 10, 20, 18, 0),
  decidedAt: null,
  ...over,
});

/** A fetch stub for /api/participant-type/ that records method and the multipart fields. */
function stubParticipantApi(
  initial: ParticipantTypeResponse,
  answers: Record<string, ParticipantTypeResponse> = {},
) {
  const calls: { method: string; fields?: [string, string][] }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const fields =
        init?.body instanceof FormData
          ? [...init.body.entries()].map(([k, v]): [string, string] => [
              k,
              typeof v === 'string' ? v : v.name,
            ])
          : undefined;
      calls.push({ method, ...(fields ? { fields } : {}) });
      return new Response(JSON.stringify(method === 'GET' ? initial : answers[method]), { status: 200 });
    }),
  );
  return calls;
}

function renderCard() {
  setToken('sesion-ana');
  return render(
    <TestProviders client={testQueryClient()} path="/account">
      <ParticipantTypeCard />
    </TestProviders>,
  );
}

describe('ParticipantTypeCard', () => {
  it('shows the verified type and sends the type before the proof; the open request replaces the form', async () => {
    const calls = stubParticipantApi(
      { success: true, userType: 'general', request: null },
      {
        POST: {
          success: true,
          userType: 'general',
          request: request({}),
          message: MSG.participantTypeRequestSent,
        },
      },
    );
    renderCard();
    expect(await screen.findByTestId('verified-type')).toHaveTextContent('General');

    // Nothing chosen: Spanish messages, no call.
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(screen.getByText(MSG.participantTypeInvalid)).toBeVisible();
    expect(screen.getByText(MSG.proofRequired)).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText(/Tipo que solicitas/), 'residente');
    const pdf = new File(['%PDF-1.4'], 'constancia.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText(/Comprobante/), pdf);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));

    expect(await screen.findByText('Solicitud en revisión')).toBeVisible();
    expect(screen.getByText(/Médico residente/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Enviar solicitud' })).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.fields).toEqual([
      ['type', 'residente'],
      ['file', 'constancia.pdf'],
    ]);
  });

  it('lets the member withdraw an open request', async () => {
    const calls = stubParticipantApi(
      { success: true, userType: 'general', request: request({}) },
      {
        DELETE: {
          success: true,
          userType: 'general',
          request: null,
          message: MSG.participantTypeRequestCancelled,
        },
      },
    );
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar solicitud' }));
    expect(await screen.findByRole('button', { name: 'Enviar solicitud' })).toBeVisible();
    expect(calls.map((c) => c.method)).toEqual(['GET', 'DELETE']);
  });

  it('shows the rejection reason and offers the form again, without the type already verified', async () => {
    stubParticipantApi({
      success: true,
      userType: 'estudiante',
      request: request({ status: 'rechazada', reason: 'La credencial está vencida', decidedAt: Date.now() }),
    });
    renderCard();
    expect(await screen.findByText('Tu última solicitud no fue aprobada')).toBeVisible();
    expect(screen.getByText(/Motivo: La credencial está vencida/)).toBeVisible();
    expect(screen.getByTestId('verified-type')).toHaveTextContent('Estudiante');
    const options = [...(screen.getByLabelText(/Tipo que solicitas/) as HTMLSelectElement).options].map(
      (o) => o.value,
    );
    expect(options).not.toContain('estudiante');
    expect(options).not.toContain('general');
    expect(options).toContain('residente');
  });
});

describe('proofProblem', () => {
  it('refuses other extensions, empty files and more than 5 MB in the browser (the server reads the bytes)', () => {
    expect(proofProblem(null)).toBe(MSG.proofRequired);
    expect(proofProblem(new File([''], 'vacio.pdf'))).toBe(MSG.proofRequired);
    expect(proofProblem(new File(['x'], 'nota.txt'))).toBe(MSG.proofType);
    expect(proofProblem(new File(['x'], 'foto.JPEG'))).toBeNull();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'grande.png');
    expect(proofProblem(big)).toBe(MSG.proofTooLarge);
    expect(proofProblem(new File([new Uint8Array(5 * 1024 * 1024)], 'limite.png'))).toBeNull();
  });
});
