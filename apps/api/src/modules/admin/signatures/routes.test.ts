// Constancia signatures through the admin API: uploads are PNG or JPEG read from the bytes, up
// to 1 MB and of a printable size; a set is at most three signatures with valid names and
// titles, and a refused save keeps the previous set; only keys the upload produced are taken; an
// event prints its own set or else the association's default; replacing a set deletes the image
// files nobody uses any more (not one an event copied); every save is audited; the preview is a
// PDF marked as a sample, on Carta and A4.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import type { AdminSignaturesResponse } from '@store/shared/schemas/admin/signatures';
import { call } from '../../../../test/admin-helpers';
import { createTestContext, type TestContext } from '../../../../test/context';
import { createProduct } from '../../../../test/factories';
import { pdfLayout } from '../../../../test/pdf-boxes';
import { signaturePng } from '../../../../test/signature-png';
import { createUser, type TestUser } from '../../../../test/store-helpers';
import { auditLog, constanciaSignatures, products } from '../../../db/schema';
import { signaturesForConstancia } from '../../attendance/signatures';

const URL = '/api/admin/constancia-signatures';
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(filename: string, content: Buffer, type = 'image/png') {
  const boundary = '----firmas7MA4YWxkTrZu0gW';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('/api/admin/constancia-signatures', () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  function upload(filename: string, content: Buffer, type?: string) {
    const { payload, headers } = multipart(filename, content, type);
    return ctx.app.inject({
      method: 'POST',
      url: `${URL}/images`,
      headers: { ...headers, token: admin.token },
      payload,
    });
  }
  async function uploaded(seed = 1): Promise<string> {
    const res = await upload('firma.png', signaturePng({ seed }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().key as string;
  }
  const save = (body: unknown) => call(ctx, admin.token, 'PUT', URL, body);
  const get = async (productId?: string): Promise<AdminSignaturesResponse> => {
    const res = await call(ctx, admin.token, 'GET', productId ? `${URL}?productId=${productId}` : URL);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('uploads a PNG into private storage and answers its key; shows it to the admin only, never cached', async () => {
    const png = signaturePng();
    const res = await upload('../../firma.PNG', png, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(200);
    const { key, width, height, message } = res.json();
    expect(key).toMatch(/^private\/signatures\/[0-9a-f-]{36}\.png$/);
    expect([width, height]).toEqual([480, 160]);
    expect(message).toBe(ADMIN_MSG.signatureImageUploaded);
    expect(await ctx.app.storage.exists(key)).toBe(true);

    const event = await createProduct(ctx.database.db);
    const saved = await save({
      productId: event.product.id,
      signatures: [{ name: 'Dr. Juan Ramírez', title: 'Presidente', image: { key } }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = (saved.json() as AdminSignaturesResponse).signatures[0]!._id;
    const image = await call(ctx, admin.token, 'GET', `${URL}/${id}/image`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.rawPayload.equals(png)).toBe(true);
    const member = await createUser(ctx);
    expect((await call(ctx, member.token, 'GET', `${URL}/${id}/image`)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `${URL}/${id}/image` })).statusCode).toBe(401);
  });

  it('refuses a text file renamed .png, a file over 1 MB and images too small, in Spanish', async () => {
    const text = await upload('firma.png', Buffer.from('Esto no es una firma, es texto.\n'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ success: false, message: ADMIN_MSG.signatureImageType });

    const big = Buffer.concat([signaturePng(), Buffer.alloc(1024 * 1024 + 10, 7)]);
    const large = await upload('firma.png', big);
    expect(large.statusCode).toBe(400);
    expect(large.json().message).toBe(ADMIN_MSG.signatureImageTooLarge);

    const tiny = await upload('firma.png', PNG_1PX);
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().message).toBe(ADMIN_MSG.signatureImageTooSmall);

    const gif = await upload(
      'firma.gif',
      Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
    );
    expect(gif.json().message).toBe(ADMIN_MSG.signatureImageType);

    const none = await ctx.app.inject({
      method: 'POST',
      url: `${URL}/images`,
      headers: { token: admin.token },
    });
    expect(none.json().message).toBe(ADMIN_MSG.signatureImageRequired);
  });

  it('refuses a fourth signature, bad names and titles and foreign keys; the previous set stays', async () => {
    const event = await createProduct(ctx.database.db);
    const productId = event.product.id;
    const key = await uploaded();
    const first = await save({
      productId,
      signatures: [{ name: 'Dra. Lucía Fernández', title: 'Coordinadora académica', image: { key } }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const ok = { name: 'Dr. Ernesto Salinas', title: 'Secretario', image: null };

    const refusals: [unknown[], string][] = [
      [[ok, ok, ok, ok], ADMIN_MSG.signatureTooMany],
      [[{ ...ok, name: 'X' }], ADMIN_MSG.signatureNameInvalid],
      [[{ ...ok, name: '  ' }], ADMIN_MSG.signatureNameInvalid],
      [[{ ...ok, name: 'N'.repeat(121) }], ADMIN_MSG.signatureNameInvalid],
      [[{ ...ok, title: '' }], ADMIN_MSG.signatureTitleInvalid],
      [[{ ...ok, title: 'T'.repeat(121) }], ADMIN_MSG.signatureTitleInvalid],
      // Only keys the upload produces: no other folder, no traversal, no made-up file.
      [[{ ...ok, image: { key: '../../etc/passwd' } }], ADMIN_MSG.signatureImageInvalid],
      [
        [{ ...ok, image: { key: 'private/constancias/0b7c8f2e-4a4f-4e9a-9d3a-3f2a9c1e0001.pdf' } }],
        ADMIN_MSG.signatureImageInvalid,
      ],
      [
        [{ ...ok, image: { key: 'private/signatures/0b7c8f2e-4a4f-4e9a-9d3a-3f2a9c1e0001.png' } }],
        ADMIN_MSG.signatureImageInvalid,
      ],
      [
        [{ ...ok, image: { signatureId: '0b7c8f2e-4a4f-4e9a-9d3a-3f2a9c1e0001' } }],
        ADMIN_MSG.signatureImageInvalid,
      ],
      // A valid second entry after a bad one: nothing of it is saved either.
      [
        [ok, { ...ok, image: { key: 'private/signatures/0b7c8f2e-4a4f-4e9a-9d3a-3f2a9c1e0002.jpg' } }],
        ADMIN_MSG.signatureImageInvalid,
      ],
    ];
    for (const [signatures, message] of refusals) {
      const res = await save({ productId, signatures });
      expect(res.statusCode, JSON.stringify(signatures)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const after = await get(productId);
    expect(after.signatures.map((s) => [s.name, s.hasImage])).toEqual([['Dra. Lucía Fernández', true]]);
    expect(await ctx.app.storage.exists(key)).toBe(true);

    // Another event's image cannot be borrowed by id.
    const other = await createProduct(ctx.database.db);
    const borrowed = await save({
      productId: other.product.id,
      signatures: [{ ...ok, image: { signatureId: after.signatures[0]!._id } }],
    });
    expect(borrowed.json().message).toBe(ADMIN_MSG.signatureImageInvalid);

    const unknown = await save({ productId: '0b7c8f2e-4a4f-4e9a-9d3a-3f2a9c1e0001', signatures: [] });
    expect(unknown.statusCode).toBe(404);
  });

  it('an event prints its own set, or else the default set, left to right, with the images', async () => {
    const withOwn = await createProduct(ctx.database.db);
    const without = await createProduct(ctx.database.db);
    const [k1, k2] = [await uploaded(1), await uploaded(2)];
    const defaults = await save({
      productId: null,
      signatures: [
        { name: 'Dr. Juan Ramírez', title: 'Presidente', image: { key: k1 } },
        { name: 'Dra. Lucía Fernández', title: 'Coordinadora académica', image: null },
      ],
    });
    expect(defaults.statusCode, defaults.body).toBe(200);
    expect(defaults.json().message).toBe(ADMIN_MSG.signaturesSaved);
    const own = await save({
      productId: withOwn.product.id,
      signatures: [
        { name: 'Dr. Ernesto Salinas', title: 'Profesor titular', image: null },
        { name: 'Dra. Ana Ruiz', title: 'Jefa de enseñanza', image: { key: k2 } },
      ],
    });
    expect(own.statusCode, own.body).toBe(200);

    const storage = ctx.app.storage;
    const printedOwn = await signaturesForConstancia(ctx.database.db, storage, withOwn.product.id);
    expect(printedOwn.map((s) => [s.name, s.title, s.image !== null])).toEqual([
      ['Dr. Ernesto Salinas', 'Profesor titular', false],
      ['Dra. Ana Ruiz', 'Jefa de enseñanza', true],
    ]);
    expect(printedOwn[1]!.image!.equals(signaturePng({ seed: 2 }))).toBe(true);
    const printedDefault = await signaturesForConstancia(ctx.database.db, storage, without.product.id);
    expect(printedDefault.map((s) => [s.name, s.image !== null])).toEqual([
      ['Dr. Juan Ramírez', true],
      ['Dra. Lucía Fernández', false],
    ]);

    const view = await get(without.product.id);
    expect(view.usesDefault).toBe(true);
    expect(view.signatures).toEqual([]);
    expect(view.defaults.map((s) => s.name)).toEqual(['Dr. Juan Ramírez', 'Dra. Lucía Fernández']);
    expect((await get(withOwn.product.id)).usesDefault).toBe(false);

    // A file gone from storage prints the line to sign by hand, never fails the constancia.
    await storage.delete(k2);
    const gone = await signaturesForConstancia(ctx.database.db, storage, withOwn.product.id);
    expect(gone.map((s) => s.image)).toEqual([null, null]);

    // Saving no signatures gives the event back the default set.
    const back = await save({ productId: withOwn.product.id, signatures: [] });
    expect(back.json().message).toBe(ADMIN_MSG.signaturesDefaultRestored);
    expect(back.json().usesDefault).toBe(true);
    expect((await signaturesForConstancia(ctx.database.db, storage, withOwn.product.id))[0]!.name).toBe(
      'Dr. Juan Ramírez',
    );
  });

  it('replacing a set deletes the image files it no longer uses, keeps kept and copied ones; audited', async () => {
    const event = await createProduct(ctx.database.db);
    const productId = event.product.id;
    const [k1, k2, k3] = [await uploaded(1), await uploaded(2), await uploaded(3)];
    const first = await save({
      productId,
      signatures: [
        { name: 'Dr. Juan Ramírez', title: 'Presidente', image: { key: k1 } },
        { name: 'Dra. Lucía Fernández', title: 'Coordinadora académica', image: { key: k2 } },
      ],
    });
    const [s1] = (first.json() as AdminSignaturesResponse).signatures;
    // Keep the first image (moved to the right), replace the second with a new one.
    const second = await save({
      productId,
      signatures: [
        { name: 'Dra. Ana Ruiz', title: 'Vicepresidenta', image: { key: k3 } },
        { name: 'Dr. Juan Ramírez', title: 'Presidente', image: { signatureId: s1!._id } },
      ],
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await ctx.app.storage.exists(k1)).toBe(true);
    expect(await ctx.app.storage.exists(k2)).toBe(false);
    expect(await ctx.app.storage.exists(k3)).toBe(true);
    const rows = await ctx.database.db
      .select()
      .from(constanciaSignatures)
      .where(eq(constanciaSignatures.productId, productId));
    expect(rows.map((r) => [r.position, r.name, r.imageKey]).sort()).toEqual([
      [1, 'Dra. Ana Ruiz', k3],
      [2, 'Dr. Juan Ramírez', k1],
    ]);

    // An event copies the default set's image; replacing the default set keeps that file.
    const k4 = await uploaded(4);
    const defaults = await save({
      productId: null,
      signatures: [{ name: 'Dr. Pedro Luna', title: 'Presidente', image: { key: k4 } }],
    });
    const copyFrom = (defaults.json() as AdminSignaturesResponse).signatures[0]!._id;
    const copied = await save({
      productId,
      signatures: [{ name: 'Dr. Pedro Luna', title: 'Presidente', image: { signatureId: copyFrom } }],
    });
    expect(copied.statusCode, copied.body).toBe(200);
    expect(await ctx.app.storage.exists(k1)).toBe(false);
    expect(await ctx.app.storage.exists(k3)).toBe(false);
    await save({ productId: null, signatures: [] });
    expect(await ctx.app.storage.exists(k4)).toBe(true);
    await save({ productId, signatures: [] });
    expect(await ctx.app.storage.exists(k4)).toBe(false);

    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.signatures_update'), eq(auditLog.entityId, productId)));
    expect(entries).toHaveLength(4);
    expect(entries.every((e) => e.entity === 'event' && e.actorId === admin.id)).toBe(true);
    const details = entries.map((e) => e.details as { signatures: { name: string; title: string }[] });
    expect(details[1]!.signatures).toEqual([
      { name: 'Dra. Ana Ruiz', title: 'Vicepresidenta', image: true },
      { name: 'Dr. Juan Ramírez', title: 'Presidente', image: true },
    ]);
    const site = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entity, 'site'));
    expect(site.length).toBeGreaterThan(0);
    expect(site.every((e) => e.action === 'event.signatures_update' && e.entityId === null)).toBe(true);
  });

  it('the preview is a sample PDF on Carta or A4 with the event, its endorsement and the signatures', async () => {
    const event = await createProduct(ctx.database.db, { name: 'Taller de ecocardiografía transesofágica' });
    await ctx.database.db
      .update(products)
      .set({
        endorsementBody: 'Consejo Mexicano de Anestesiología',
        endorsementNumber: 'CMA-2026-7',
        endorsementHours: 8,
        endorsementPoints: 4,
      })
      .where(eq(products.id, event.product.id));
    await save({
      productId: event.product.id,
      signatures: [
        { name: 'Dr. Juan Ramírez', title: 'Presidente', image: { key: await uploaded() } },
        { name: 'Dra. Lucía Fernández', title: 'Coordinadora académica', image: null },
      ],
    });
    for (const [papel, size] of [
      ['carta', [792, 612]],
      ['a4', [842, 595]],
    ] as const) {
      const res = await call(
        ctx,
        admin.token,
        'GET',
        `${URL}/preview?productId=${event.product.id}&papel=${papel}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      const layout = await pdfLayout(new Uint8Array(res.rawPayload));
      expect(layout.pages.map((p) => [Math.round(p.width), Math.round(p.height)])).toEqual([size]);
      const text = layout.boxes.map((b) => b.str).join(' ');
      for (const t of [
        'Nombre de ejemplo',
        'Folio: MUESTRA',
        'VISTA PREVIA',
        'Taller de ecocardiografía transesofágica',
        'Dr. Juan Ramírez',
        'Coordinadora académica',
        'Actividad avalada por Consejo Mexicano de Anestesiología · Aval núm. CMA-2026-7',
      ]) {
        expect(text).toContain(t);
      }
    }
    // The default set's preview needs no event; a bad paper is refused.
    const defaults = await call(ctx, admin.token, 'GET', `${URL}/preview`);
    expect(defaults.statusCode).toBe(200);
    expect((await call(ctx, admin.token, 'GET', `${URL}/preview?papel=oficio`)).statusCode).toBe(400);
  });
});
