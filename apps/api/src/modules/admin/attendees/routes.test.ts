import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { fromMexicoCityLocal } from '@store/shared/domain/time';
import { createTestContext, type TestContext } from '../../../../test/context';
import { createProduct } from '../../../../test/factories';
import { createUser, type TestUser } from '../../../../test/store-helpers';
import { call, claim } from '../../../../test/admin-helpers';

describe('admin attendees', () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  it('lists paid attendees per event and per day, and exports them as UTF-8 CSV with BOM', async () => {
    const e = await createProduct(ctx.database.db, {
      name: 'Taller de Aminas',
      price: 0,
      days: [
        { label: 'Jueves 29' },
        {
          label: 'Viernes 30',
          startsAt: fromMexicoCityLocal('2099-05-30T14:30')!,
          endsAt: fromMexicoCityLocal('2099-05-30T18:30')!,
        },
      ],
    });
    const nuria = await createUser(ctx, { email: 'nuria@hospital.mx', userType: 'enfermeria' });
    const raul = await createUser(ctx, { email: 'raul@hospital.mx', userType: 'residente' });
    const gone = await createUser(ctx, { email: 'baja@hospital.mx' });
    const nuriaOrder = await claim(ctx, nuria, e.product.id, ['Jueves 29', 'Viernes 30']);
    await claim(ctx, raul, e.product.id, ['Viernes 30']);
    const goneOrder = await claim(ctx, gone, e.product.id, ['Jueves 29']);
    await call(ctx, admin.token, 'POST', `/api/admin/orders/${goneOrder}/cancel`);

    const all = await call(ctx, admin.token, 'GET', `/api/admin/attendees?productId=${e.product.id}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().event).toEqual({ _id: e.product.id, name: 'Taller de Aminas' });
    expect(all.json().attendees.map((a: { email: string; day: string }) => [a.day, a.email])).toEqual([
      ['Jueves 29', 'nuria@hospital.mx'],
      ['Viernes 30', 'nuria@hospital.mx'],
      ['Viernes 30', 'raul@hospital.mx'],
    ]);

    const viernes = e.days[1]!.id;
    const day = await call(
      ctx,
      admin.token,
      'GET',
      `/api/admin/attendees?productId=${e.product.id}&productDayId=${viernes}`,
    );
    expect(day.json().day).toEqual({ _id: viernes, label: 'Viernes 30' });
    expect(day.json().attendees).toHaveLength(2);
    expect(day.json().attendees[0]).toMatchObject({
      orderId: nuriaOrder,
      name: 'CLIENTE DE PRUEBA',
      userType: 'enfermeria',
      paymentMethod: 'free',
    });

    const csv = await call(
      ctx,
      admin.token,
      'GET',
      `/api/admin/attendees/export?productId=${e.product.id}&productDayId=${viernes}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('asistentes-taller-de-aminas-viernes-30.csv');
    expect(csv.rawPayload.subarray(0, 3).toString('hex')).toBe('efbbbf');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Nombre,Correo,Tipo de usuario,Día,Inicio del día,Orden,Fecha de pago,Método de pago,Cupón,Pagado por,Nombre en constancia,Cédula profesional,Especialidad,Institución,Minutos en línea,Registro presencial,Asistió',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(
        `^CLIENTE DE PRUEBA,nuria@hospital\\.mx,Enfermería,Viernes 30,2099-05-30 14:30,${nuriaOrder.slice(0, 8).toUpperCase()},\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},Reclamar Gratis,,CLIENTE DE PRUEBA,,,,,0,,No$`,
      ),
    );
  });

  it('refuses a missing event, an unknown event and a day of another event', async () => {
    const missing = await call(ctx, admin.token, 'GET', '/api/admin/attendees');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(ADMIN_MSG.attendeesNeedEvent);
    const unknown = await call(
      ctx,
      admin.token,
      'GET',
      '/api/admin/attendees/export?productId=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    const a = await createProduct(ctx.database.db);
    const b = await createProduct(ctx.database.db);
    const wrong = await call(
      ctx,
      admin.token,
      'GET',
      `/api/admin/attendees?productId=${a.product.id}&productDayId=${b.days[0]!.id}`,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ADMIN_MSG.dayNotInEvent);
  });
});
