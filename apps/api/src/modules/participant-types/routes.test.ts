// Verified participant types end to end through the API: a member asks for a type with a
// proof (type read from the bytes, 5 MB at most, one open request), the admin sees the queue
// and the proof, approves or rejects; the price quoted for the cart follows the verified
// type only; every decision e-mails the member and is audited.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { MSG } from '@store/shared/messages';
import { PROOF_MAX_BYTES } from '@store/shared/schemas/participant-types';
import { auditLog, emailOutbox, participantTypeRequests, priceTiers } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { createProduct } from '../../../test/factories';
import { addToCart, createUser, post, userRow, type TestUser } from '../../../test/store-helpers';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const JPG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('\0\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0'),
  Buffer.alloc(64),
]);

function form(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
  const boundary = '----comprobante9xK2';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('participant-type requests', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let productId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin' });
    const { product } = await createProduct(ctx.database.db, { name: 'Curso', price: 3000 });
    productId = product.id;
    await ctx.database.db.insert(priceTiers).values([
      {
        productId,
        userType: 'general',
        untilAt: null,
        priceCentavos: 300_000,
        scholarshipPriceCentavos: null,
      },
      {
        productId,
        userType: 'residente',
        untilAt: null,
        priceCentavos: 200_000,
        scholarshipPriceCentavos: 150_000,
      },
    ]);
  });
  afterAll(() => ctx.close());

  function submit(
    user: TestUser | null,
    type: string,
    file?: { name: string; bytes: Buffer; type?: string },
  ) {
    const { payload, headers } = form(
      { type },
      file ? { name: file.name, bytes: file.bytes, type: file.type ?? 'application/pdf' } : undefined,
    );
    return ctx.app.inject({
      method: 'POST',
      url: '/api/participant-type/',
      headers: { ...headers, ...(user ? { token: user.token } : {}) },
      payload,
    });
  }
  const mine = (user: TestUser) =>
    ctx.app.inject({ method: 'GET', url: '/api/participant-type/', headers: { token: user.token } });
  const adminCall = (token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method, url: `/api/admin/participant-types${url}`, headers: { token }, payload });
  async function quotedSubtotal(user: TestUser) {
    return (await post(ctx, '/api/order/quote', user.token, {})).json().subtotal as number;
  }
  const requestsOf = (userId: string) =>
    ctx.database.db.select().from(participantTypeRequests).where(eq(participantTypeRequests.userId, userId));
  const mailsTo = (email: string) =>
    ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

  it('refuses what is not a PDF, JPG or PNG by its bytes, an unverifiable type, no file, 5 MB + 1; nothing is stored', async () => {
    const member = await createUser(ctx);
    const text = await submit(member, 'residente', {
      name: 'constancia.pdf',
      bytes: Buffer.from('soy texto, no un PDF'),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ success: false, message: MSG.proofType });
    const html = await submit(member, 'residente', {
      name: 'c.png',
      bytes: Buffer.from('<html><script>1</script>'),
      type: 'image/png',
    });
    expect(html.json().message).toBe(MSG.proofType);
    const general = await submit(member, 'general', { name: 'c.pdf', bytes: PDF });
    expect(general.statusCode).toBe(400);
    expect(general.json().message).toBe(MSG.participantTypeInvalid);
    const unknown = await submit(member, 'astronauta', { name: 'c.pdf', bytes: PDF });
    expect(unknown.json().message).toBe(MSG.participantTypeInvalid);
    const none = await submit(member, 'residente');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MSG.proofRequired);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/participant-type/',
      headers: { token: member.token },
      payload: { type: 'residente' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(MSG.proofRequired);
    const big = Buffer.concat([PDF, Buffer.alloc(PROOF_MAX_BYTES + 1 - PDF.length)]);
    const tooBig = await submit(member, 'residente', { name: 'grande.pdf', bytes: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ success: false, message: MSG.proofTooLarge });
    expect(await requestsOf(member.id)).toEqual([]);
    expect((await userRow(ctx, member.id)).userType).toBe('general');
    // Exactly 5 MB is accepted.
    const limit = await submit(member, 'residente', {
      name: 'limite.pdf',
      bytes: big.subarray(0, PROOF_MAX_BYTES),
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const anon = await submit(null, 'residente', { name: 'c.pdf', bytes: PDF });
    expect(anon.statusCode).toBe(401);
  });

  it('accepts a PNG named .pdf as a PNG, keeps it private, and refuses a second open request', async () => {
    const member = await createUser(ctx);
    const res = await submit(member, 'estudiante', {
      name: 'credencial.pdf',
      bytes: PNG,
      type: 'application/pdf',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      userType: 'general',
      request: {
        requestedType: 'estudiante',
        status: 'solicitada',
        reason: null,
        fileName: 'credencial.pdf',
      },
      message: MSG.participantTypeRequestSent,
    });
    const [row] = await requestsOf(member.id);
    expect(row!.fileMime).toBe('image/png');
    expect(row!.fileKey).toMatch(/^private\/proofs\/[0-9a-f-]{36}\.png$/);
    // No public path serves it.
    const leaked = await ctx.app.inject({
      method: 'GET',
      url: `/${row!.fileKey.replace(/^private/, 'uploads')}`,
    });
    expect(leaked.statusCode).toBe(404);

    const again = await submit(member, 'residente', { name: 'otra.pdf', bytes: PDF });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.participantTypeRequestOpen);
    expect(await requestsOf(member.id)).toHaveLength(1);

    // Withdrawn: the row and the file go; a new one may be sent.
    const cancel = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/participant-type/',
      headers: { token: member.token },
    });
    expect(cancel.json()).toMatchObject({
      success: true,
      request: null,
      message: MSG.participantTypeRequestCancelled,
    });
    expect(await ctx.app.storage.get(row!.fileKey)).toBeNull();
    const none = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/participant-type/',
      headers: { token: member.token },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(MSG.participantTypeNoOpenRequest);
    expect(
      (await submit(member, 'residente', { name: 'c.jpg', bytes: JPG, type: 'image/jpeg' })).statusCode,
    ).toBe(200);
  });

  it('approval verifies the type: the quote drops to the resident price, the member is e-mailed, the change audited', async () => {
    const member = await createUser(ctx);
    await addToCart(ctx, member, productId);
    expect(await quotedSubtotal(member)).toBe(3000);
    await submit(member, 'residente', { name: 'Constancia de residencia.pdf', bytes: PDF });
    // Until approved, the general price applies.
    expect(await quotedSubtotal(member)).toBe(3000);
    const [row] = await requestsOf(member.id);

    // The queue: counts per status, filter, the member's data.
    const queue = await adminCall(admin.token, 'GET', '/?status=solicitada');
    expect(queue.statusCode).toBe(200);
    const listed = queue.json();
    expect(listed.counts.solicitada).toBeGreaterThanOrEqual(1);
    expect(listed.requests.every((r: { status: string }) => r.status === 'solicitada')).toBe(true);
    expect(listed.requests.find((r: { _id: string }) => r._id === row!.id)).toMatchObject({
      member: { _id: member.id, email: member.email, userType: 'general' },
      requestedType: 'residente',
      fileMime: 'application/pdf',
      fileSize: PDF.length,
    });
    const badFilter = await adminCall(admin.token, 'GET', '/?status=otra');
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toBe(ADMIN_MSG.participantStatusInvalid);

    // The proof: admin only, inline, private, never sniffed.
    const proof = await adminCall(admin.token, 'GET', `/${row!.id}/proof`);
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('application/pdf');
    expect(proof.headers['content-disposition']).toMatch(
      /^inline; filename="Comprobante CLIENTE DE PRUEBA\.pdf"/,
    );
    expect(proof.headers['cache-control']).toBe('private, no-store');
    expect(proof.headers['x-content-type-options']).toBe('nosniff');
    expect(proof.rawPayload.equals(PDF)).toBe(true);
    expect((await adminCall(member.token, 'GET', `/${row!.id}/proof`)).statusCode).toBe(403);
    expect((await adminCall(member.token, 'POST', `/${row!.id}/approve`, {})).statusCode).toBe(403);

    const approved = await adminCall(admin.token, 'POST', `/${row!.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      request: { status: 'aprobada', decidedBy: admin.id, member: { userType: 'residente' } },
      message: ADMIN_MSG.participantRequestApproved,
    });
    expect((await userRow(ctx, member.id)).userType).toBe('residente');
    expect(await quotedSubtotal(member)).toBe(2000);
    expect((await mine(member)).json()).toMatchObject({
      userType: 'residente',
      request: { status: 'aprobada' },
    });

    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Aprobamos tu tipo de participante');
    expect(mails[0]!.text).toContain('médico residente');
    expect(mails[0]!.text).toContain('http://tienda.test/account#tipo-de-participante');
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, member.id), eq(auditLog.action, 'member.participant_type_approve')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ userType: { from: 'general', to: 'residente' } });

    // Decided once: a second decision is refused; the same type cannot be asked again.
    const twice = await adminCall(admin.token, 'POST', `/${row!.id}/reject`, { reason: 'x' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ADMIN_MSG.participantRequestDecided);
    const same = await submit(member, 'residente', { name: 'c.pdf', bytes: PDF });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(MSG.participantTypeAlreadyVerified);
  });

  it('rejection needs a reason, keeps the general price and tells the member why', async () => {
    const member = await createUser(ctx);
    await addToCart(ctx, member, productId);
    await submit(member, 'residente', { name: 'c.png', bytes: PNG, type: 'image/png' });
    const [row] = await requestsOf(member.id);
    const noReason = await adminCall(admin.token, 'POST', `/${row!.id}/reject`, { reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(ADMIN_MSG.participantRejectReasonRequired);
    expect((await requestsOf(member.id))[0]!.status).toBe('solicitada');

    const reason = 'La constancia no tiene fecha vigente';
    const rejected = await adminCall(admin.token, 'POST', `/${row!.id}/reject`, { reason });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().request).toMatchObject({ status: 'rechazada', reason });
    expect((await userRow(ctx, member.id)).userType).toBe('general');
    expect(await quotedSubtotal(member)).toBe(3000);
    expect((await mine(member)).json()).toMatchObject({
      userType: 'general',
      request: { status: 'rechazada', reason },
    });
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Tu solicitud de tipo de participante no fue aprobada');
    expect(mails[0]!.text).toContain(`Motivo: ${reason}`);
    // After a rejection a new request may be sent.
    expect((await submit(member, 'residente', { name: 'nueva.pdf', bytes: PDF })).statusCode).toBe(200);
  });

  it('a member sees only their own request; an unknown request is a 404 for the admin', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    await submit(a, 'enfermeria', { name: 'a.pdf', bytes: PDF });
    expect((await mine(b)).json()).toEqual({ success: true, userType: 'general', request: null });
    const missing = await adminCall(admin.token, 'GET', '/00000000-0000-4000-8000-000000000000/proof');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMIN_MSG.participantRequestNotFound);
  });
});

describe('scholarships per member', () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => ctx.app.inject({ method, url: `/api/admin/members${url}`, headers: { token }, payload });

  it('grants for one event or every event, refuses a duplicate, revokes; the price follows', async () => {
    const { product } = await createProduct(ctx.database.db, { name: 'Curso', price: 3000 });
    const { product: other } = await createProduct(ctx.database.db, { name: 'Otro curso', price: 3000 });
    for (const p of [product, other]) {
      await ctx.database.db.insert(priceTiers).values([
        {
          productId: p.id,
          userType: 'general',
          untilAt: null,
          priceCentavos: 300_000,
          scholarshipPriceCentavos: null,
        },
        {
          productId: p.id,
          userType: 'residente',
          untilAt: null,
          priceCentavos: 200_000,
          scholarshipPriceCentavos: 150_000,
        },
      ]);
    }
    const member = await createUser(ctx, { userType: 'residente' });
    await addToCart(ctx, member, product.id);
    await addToCart(ctx, member, other.id);
    const subtotal = async () => (await post(ctx, '/api/order/quote', member.token, {})).json().subtotal;
    expect(await subtotal()).toBe(4000);

    expect(
      (await call(member.token, 'POST', `/${member.id}/scholarships`, { productId: null })).statusCode,
    ).toBe(403);
    const one = await call(admin.token, 'POST', `/${member.id}/scholarships`, { productId: product.id });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      scholarships: [{ productId: product.id, productName: 'Curso' }],
      message: ADMIN_MSG.scholarshipGranted,
    });
    expect(await subtotal()).toBe(3500);
    const dup = await call(admin.token, 'POST', `/${member.id}/scholarships`, { productId: product.id });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(ADMIN_MSG.scholarshipExists);
    const missingEvent = await call(admin.token, 'POST', `/${member.id}/scholarships`, {
      productId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missingEvent.statusCode).toBe(404);
    expect(missingEvent.json().message).toBe(ADMIN_MSG.scholarshipEventNotFound);

    const all = await call(admin.token, 'POST', `/${member.id}/scholarships`, { productId: null });
    expect(all.json().scholarships).toHaveLength(2);
    expect(await subtotal()).toBe(3000);

    const id = one.json().scholarships[0]._id as string;
    const allId = (all.json().scholarships as { _id: string; productId: string | null }[]).find(
      (s) => s.productId === null,
    )!._id;
    expect((await call(admin.token, 'DELETE', `/${member.id}/scholarships/${id}`)).json().message).toBe(
      ADMIN_MSG.scholarshipRevoked,
    );
    await call(admin.token, 'DELETE', `/${member.id}/scholarships/${allId}`);
    expect((await call(admin.token, 'GET', `/${member.id}/scholarships`)).json().scholarships).toEqual([]);
    expect(await subtotal()).toBe(4000);
    const gone = await call(admin.token, 'DELETE', `/${member.id}/scholarships/${id}`);
    expect(gone.statusCode).toBe(404);
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, member.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'member.scholarship_grant',
      'member.scholarship_grant',
      'member.scholarship_revoke',
      'member.scholarship_revoke',
    ]);
  });
});
