import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import type { AdminSignature, AdminSignaturesResponse } from '@store/shared/schemas/admin/signatures';
import { setToken } from '../../../../lib/auth-token';
import { Reply, stubApi, testQueryClient, TestProviders } from '../../../../../test/providers';
import { ConstanciaSignatures } from './constancia-signatures';

const EVENT = '3f2a9c1e-0000-4000-8000-000000000001';
const KEY = 'private/signatures/0b7c8f2e-4a4f-4e9a-9d3a-3f2a9c1e0001.png';
const sig = (over: Partial<AdminSignature>): AdminSignature => ({
  _id: '0b7c8f2e-4a4f-4e9a-9d3a-3f2a9c1e00a1',
  position: 1,
  name: 'Dr. Juan Ramírez',
  title: 'Presidente',
  hasImage: true,
  ...over,
});
const answer = (over: Partial<AdminSignaturesResponse>): AdminSignaturesResponse => ({
  success: true,
  productId: null,
  signatures: [],
  usesDefault: false,
  defaults: [],
  ...over,
});
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'firma.png', { type: 'image/png' });
const image = () => new Response(new Uint8Array([0x89, 0x50]), { headers: { 'content-type': 'image/png' } });

function renderCard(productId: string | null) {
  return render(
    <TestProviders client={testQueryClient()}>
      <ConstanciaSignatures productId={productId} />
    </TestProviders>,
  );
}

// jsdom has no object URLs: numbered stand-ins, put back after each test.
const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
beforeEach(() => {
  let n = 0;
  Object.assign(URL, { createObjectURL: () => `blob:firma-${++n}`, revokeObjectURL: () => {} });
  setToken('sesion-admin');
});
afterEach(() => {
  Object.assign(URL, objectUrls);
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

describe('«Firmas de la constancia»', { timeout: 20_000 }, () => {
  it('the default set: adds two signatures, one with an uploaded image, refuses a bad name next to its field', async () => {
    const user = userEvent.setup();
    const { calls } = stubApi({
      '/api/admin/constancia-signatures': (body) =>
        body
          ? answer({
              signatures: [
                sig({}),
                sig({
                  _id: '0b7c8f2e-4a4f-4e9a-9d3a-3f2a9c1e00a2',
                  position: 2,
                  name: 'Dra. Lucía Fernández',
                  title: 'Coordinadora académica',
                  hasImage: false,
                }),
              ],
              message: ADMIN_MSG.signaturesSaved,
            })
          : answer({}),
      '/api/admin/constancia-signatures/images': () => ({
        success: true,
        key: KEY,
        width: 480,
        height: 160,
        message: 'ok',
      }),
      '/api/admin/constancia-signatures/0b7c8f2e-4a4f-4e9a-9d3a-3f2a9c1e00a1/image': image,
    });
    renderCard(null);
    expect(await screen.findByText(/Sin firmas, la constancia lleva una línea/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Agregar firma' }));
    await user.click(screen.getByRole('button', { name: 'Agregar firma' }));
    const [name1, name2] = screen.getAllByLabelText('Nombre');
    const [title1, title2] = screen.getAllByLabelText('Cargo');
    expect(title1).toHaveAttribute('placeholder', 'Presidente');
    expect(title2).toHaveAttribute('placeholder', 'Coordinador académico');
    await user.type(name1!, 'Dr. Juan Ramírez');
    await user.type(title1!, 'Presidente');
    await user.type(name2!, 'D');
    await user.type(title2!, 'Coordinadora académica');
    await user.upload(screen.getByLabelText('Imagen de la firma 1 (PNG o JPG)'), png());
    expect(await screen.findByRole('img', { name: 'Firma 1' })).toHaveAttribute('src', 'blob:firma-1');
    expect(screen.getByRole('button', { name: /Quitar imagen/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar firmas' }));
    expect(await screen.findByText(ADMIN_MSG.signatureNameInvalid)).toBeInTheDocument();
    expect(name2).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.path === '/api/admin/constancia-signatures' && c.body)).toHaveLength(0);

    await user.type(name2!, 'ra. Lucía Fernández');
    await user.click(screen.getByRole('button', { name: 'Guardar firmas' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/admin/constancia-signatures' && c.body)?.body).toEqual({
        productId: null,
        signatures: [
          { name: 'Dr. Juan Ramírez', title: 'Presidente', image: { key: KEY } },
          { name: 'Dra. Lucía Fernández', title: 'Coordinadora académica', image: null },
        ],
      }),
    );
    expect(await screen.findByText(ADMIN_MSG.signaturesSaved)).toBeInTheDocument();
    // The third row is the last one.
    await user.click(screen.getByRole('button', { name: 'Agregar firma' }));
    expect(screen.getByRole('button', { name: 'Agregar firma' })).toBeDisabled();
  });

  it('refuses a file that is not PNG/JPG before sending it, and shows the server’s refusal', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { calls } = stubApi({
      '/api/admin/constancia-signatures': () => answer({ signatures: [sig({ hasImage: false })] }),
      '/api/admin/constancia-signatures/images': () =>
        new Reply(400, { success: false, message: ADMIN_MSG.signatureImageType }),
    });
    renderCard(null);
    const input = await screen.findByLabelText('Imagen de la firma 1 (PNG o JPG)');
    await user.upload(input, new File(['hola'], 'firma.txt', { type: 'text/plain' }));
    expect(await screen.findByText(ADMIN_MSG.signatureImageType)).toBeInTheDocument();
    const uploads = () => calls.filter((c) => c.path.endsWith('/images')).length;
    expect(uploads()).toBe(0);
    await user.upload(input, new File([new Uint8Array(1024 * 1024 + 1)], 'firma.png', { type: 'image/png' }));
    expect(await screen.findByText(ADMIN_MSG.signatureImageTooLarge)).toBeInTheDocument();
    expect(uploads()).toBe(0);
    // A text file renamed .png passes the browser's look; the server reads the bytes.
    await user.upload(input, new File(['texto'], 'firma.png', { type: 'image/png' }));
    expect(await screen.findByText(ADMIN_MSG.signatureImageType)).toBeInTheDocument();
    expect(uploads()).toBe(1);
    expect(screen.queryByRole('img', { name: 'Firma 1' })).not.toBeInTheDocument();
    // The row keeps what it had.
    expect(screen.getByLabelText('Nombre')).toHaveValue('Dr. Juan Ramírez');
  });

  it('an event without its own set says it uses the default one, and can start its own from it', async () => {
    const user = userEvent.setup();
    let saved: AdminSignaturesResponse | null = null;
    const { calls } = stubApi({
      '/api/admin/constancia-signatures': (body) =>
        body
          ? (saved = answer({
              productId: EVENT,
              signatures: [sig({ _id: '0b7c8f2e-4a4f-4e9a-9d3a-3f2a9c1e00b1' })],
              defaults: [sig({})],
              message: ADMIN_MSG.signaturesSaved,
            }))
          : (saved ?? answer({ productId: EVENT, usesDefault: true, defaults: [sig({})] })),
      '/api/admin/constancia-signatures/0b7c8f2e-4a4f-4e9a-9d3a-3f2a9c1e00a1/image': image,
      '/api/admin/constancia-signatures/0b7c8f2e-4a4f-4e9a-9d3a-3f2a9c1e00b1/image': image,
    });
    renderCard(EVENT);
    const notice = await screen.findByText('Este evento usa las firmas predeterminadas de la asociación');
    expect(notice.parentElement).toHaveTextContent('Dr. Juan Ramírez · Presidente');
    expect(screen.getByRole('button', { name: /Vista previa \(Carta\)/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Vista previa \(A4\)/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Usar firmas propias/ }));
    expect(screen.getByLabelText('Nombre')).toHaveValue('Dr. Juan Ramírez');
    expect(await screen.findByRole('img', { name: 'Firma 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar firmas' }));
    await waitFor(() =>
      expect(calls.find((c) => c.body)?.body).toEqual({
        productId: EVENT,
        signatures: [
          {
            name: 'Dr. Juan Ramírez',
            title: 'Presidente',
            image: { signatureId: '0b7c8f2e-4a4f-4e9a-9d3a-3f2a9c1e00a1' },
          },
        ],
      }),
    );
    expect(await screen.findByRole('button', { name: 'Volver a las predeterminadas' })).toBeInTheDocument();
    const form = screen.getByRole('button', { name: 'Guardar firmas' }).closest('form')!;
    expect(
      within(form).queryByText('Este evento usa las firmas predeterminadas de la asociación'),
    ).toBeNull();
  });
});
