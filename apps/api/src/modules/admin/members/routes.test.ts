import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, adminImportDone } from '@store/shared/admin-messages';
import { MSG } from '@store/shared/messages';
import type {
  AdminImportResponse,
  AdminMember,
  AdminTemporaryPasswordResponse,
} from '@store/shared/schemas/admin/members';
import { auditLog, emailOutbox, passwordResetTokens, users } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../../test/context';
import { createUser, userRow, type TestUser } from '../../../../test/store-helpers';
import { createProduct } from '../../../../test/factories';
import { call, claim } from '../../../../test/admin-helpers';

describe('admin members', () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin', email: 'jefa@asociacion.mx' });
  });
  afterAll(() => ctx.close());

  const importCsv = (csv: string, flags: { dryRun?: boolean; onlyValid?: boolean } = {}) =>
    call(ctx, admin.token, 'POST', '/api/admin/members/import', { csv, ...flags });

  it('lists, searches by name or e-mail and filters by user type and role', async () => {
    await createUser(ctx, { email: 'residente.uno@hospital.mx', userType: 'residente' });
    await createUser(ctx, { email: 'enfermera@hospital.mx', userType: 'enfermeria' });
    const emails = async (qs: string) =>
      (await call(ctx, admin.token, 'GET', `/api/admin/members?${qs}`))
        .json()
        .members.map((m: AdminMember) => m.email);
    expect(await emails('search=HOSPITAL.MX')).toEqual([
      'enfermera@hospital.mx',
      'residente.uno@hospital.mx',
    ]);
    expect(await emails('search=hospital&userType=residente')).toEqual(['residente.uno@hospital.mx']);
    expect(await emails('role=admin')).toEqual(['jefa@asociacion.mx']);
    const list = await call(ctx, admin.token, 'GET', '/api/admin/members?search=residente.uno');
    expect(list.json().members[0]).toMatchObject({
      paidOrders: 0,
      mustChangePassword: false,
      hasPassword: true,
      role: 'customer',
    });
    const page = await call(ctx, admin.token, 'GET', '/api/admin/members?pageSize=1&page=2');
    expect(page.json()).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(page.json().members).toHaveLength(1);
    const bad = await call(ctx, admin.token, 'GET', '/api/admin/members?userType=astronauta');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ADMIN_MSG.memberUserTypeInvalid);
  });

  it("counts each member's paid orders", async () => {
    const buyer = await createUser(ctx, { email: 'compradora@hospital.mx' });
    const free = await createProduct(ctx.database.db, { price: 0, days: [{ label: 'A' }, { label: 'B' }] });
    await claim(ctx, buyer, free.product.id, ['A']);
    await claim(ctx, buyer, free.product.id, ['B']);
    const res = await call(ctx, admin.token, 'GET', '/api/admin/members?search=compradora');
    expect(res.json().members[0]).toMatchObject({ email: 'compradora@hospital.mx', paidOrders: 2 });
  });

  it('changes user type and role (promotes an admin), audited; never demotes oneself', async () => {
    const member = await createUser(ctx);
    const res = await call(ctx, admin.token, 'PATCH', `/api/admin/members/${member.id}`, {
      userType: 'especialista',
      role: 'admin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ADMIN_MSG.memberSaved,
      member: { userType: 'especialista', role: 'admin' },
    });
    const promoted = await call(ctx, member.token, 'GET', '/api/admin/session');
    expect(promoted.statusCode).toBe(200);

    const self = await call(ctx, admin.token, 'PATCH', `/api/admin/members/${admin.id}`, {
      role: 'customer',
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(ADMIN_MSG.memberCannotDemoteSelf);

    for (const [body, message] of [
      [{}, ADMIN_MSG.memberNothingToChange],
      [{ userType: 'astronauta' }, ADMIN_MSG.memberUserTypeInvalid],
      [{ role: 'root' }, ADMIN_MSG.memberRoleInvalid],
    ] as const) {
      const r = await call(ctx, admin.token, 'PATCH', `/api/admin/members/${member.id}`, body);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(message);
    }
    const missing = await call(
      ctx,
      admin.token,
      'PATCH',
      '/api/admin/members/00000000-0000-4000-8000-000000000000',
      {
        role: 'admin',
      },
    );
    expect(missing.statusCode).toBe(404);

    const audit = await call(ctx, admin.token, 'GET', `/api/admin/audit?entity=member&entityId=${member.id}`);
    expect(audit.json().entries[0].details).toMatchObject({
      userType: { from: 'general', to: 'especialista' },
      role: { from: 'customer', to: 'admin' },
    });
  });

  it('imports a clean file: accounts have no password, must choose one and get a 7-day link that works', async () => {
    const res = await importCsv('name,email,userType\nMaría Pérez,maria.perez@hospital.mx,residente\n');
    expect(res.statusCode, res.body).toBe(200);
    const body: AdminImportResponse = res.json();
    expect(body).toMatchObject({ imported: true, created: 1, problems: [], message: adminImportDone(1) });

    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'maria.perez@hospital.mx'));
    expect(row).toMatchObject({
      name: 'MARIA PEREZ',
      userType: 'residente',
      role: 'customer',
      mustChangePassword: true,
      passwordHash: null,
    });
    // No password signs in to it, as a wrong password.
    const before = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'maria.perez@hospital.mx', password: 'una-clave-nueva-segura' },
    });
    expect(before.statusCode).toBe(401);
    expect(before.json().message).toBe(MSG.invalidCredentials);

    const [mail] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'maria.perez@hospital.mx'));
    const listed = await call(ctx, admin.token, 'GET', '/api/admin/members?search=maria.perez');
    expect(listed.json().members[0]).toMatchObject({ hasPassword: false, mustChangePassword: true });
    expect(mail!.subject).toBe(ADMIN_MSG.importWelcomeSubject);
    const token = /reset-password\?token=([\w-]+)/.exec(mail!.text)?.[1];
    expect(mail!.text).toContain('http://tienda.test/reset-password?token=');
    expect(mail!.text).toContain('7 días');

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token, newPassword: 'una-clave-nueva-segura' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await userRow(ctx, row!.id)).mustChangePassword).toBe(false);
    const after = await call(ctx, admin.token, 'GET', '/api/admin/members?search=maria.perez');
    expect(after.json().members[0]).toMatchObject({ hasPassword: true, mustChangePassword: false });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'maria.perez@hospital.mx', password: 'una-clave-nueva-segura' },
    });
    expect(login.json().token).toBeTruthy();
  });

  it('a file with bad and duplicate rows changes nothing until the valid rows are confirmed', async () => {
    await createUser(ctx, { email: 'ya.existe@hospital.mx' });
    const csv = [
      'name,email,userType',
      'Pedro Ruiz,pedro@hospital.mx,especialista',
      'Mal 123,correo-malo,residente',
      'Ya Existe,YA.EXISTE@hospital.mx,general',
      'Lucia Gomez,lucia@hospital.mx,Enfermería',
      'Otra Lucia,lucia@hospital.mx,estudiante',
    ].join('\n');
    const count = async () => (await ctx.database.db.select({ id: users.id }).from(users)).length;
    const before = await count();

    const preview = await importCsv(csv, { dryRun: true });
    expect(preview.json()).toMatchObject({ imported: false, totalRows: 5, message: ADMIN_MSG.importPreview });

    const blocked = await importCsv(csv);
    const report: AdminImportResponse = blocked.json();
    expect(blocked.statusCode).toBe(200);
    expect(report.imported).toBe(false);
    expect(report.message).toBe(ADMIN_MSG.importBlocked);
    expect(report.valid.map((r) => r.email)).toEqual(['pedro@hospital.mx', 'lucia@hospital.mx']);
    expect(report.problems.map((p) => [p.line, p.kind])).toEqual([
      [3, 'error'],
      [4, 'duplicate'],
      [6, 'duplicate'],
    ]);
    expect(report.problems[1]!.reason).toBe(ADMIN_MSG.importDuplicateExisting);
    expect(await count()).toBe(before);

    const confirmed = await importCsv(csv, { onlyValid: true });
    expect(confirmed.json()).toMatchObject({ imported: true, created: 2, message: adminImportDone(2) });
    expect(await count()).toBe(before + 2);

    // Importing the same file again: every row is now a duplicate, nothing valid to confirm.
    const again = await importCsv(csv, { onlyValid: true });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ADMIN_MSG.importNothingValid);

    const audit = await call(ctx, admin.token, 'GET', '/api/admin/audit?entity=member');
    expect(
      audit.json().entries.find((e: { action: string }) => e.action === 'member.import').details,
    ).toMatchObject({
      created: 2,
      skipped: 3,
    });
  });

  const login = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
  const profile = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { token } });

  /** The first login (docs/product.md → First login) with a temporary password, through the public API. */
  async function expectFirstLoginWith(email: string, temporaryPassword: string) {
    const first = await login(email, temporaryPassword);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      isFirstLogin: true,
      message: MSG.firstLoginChangePassword,
    });
    expect(first.json().token).toBeUndefined();
    const resetToken: string = first.json().resetToken;
    expect(resetToken).toBeTruthy();

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token: resetToken, newPassword: 'mi-clave-definitiva' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(email, temporaryPassword)).statusCode).toBe(401);
    const normal = await login(email, 'mi-clave-definitiva');
    expect(normal.json()).toMatchObject({ success: true, isFirstLogin: false });
    expect((await profile(normal.json().token)).statusCode).toBe(200);
  }

  it('assigns a temporary password: once in the answer, hashed, sessions and links end, audited', async () => {
    const member = await createUser(ctx, { email: 'por.telefono@hospital.mx' });
    const welcome = await importCsv('name,email,userType\nAna Sola,ana.sola@hospital.mx,general\n');
    expect(welcome.json().imported).toBe(true);
    expect((await profile(member.token)).statusCode).toBe(200);

    const res = await call(ctx, admin.token, 'POST', `/api/admin/members/${member.id}/temporary-password`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body: AdminTemporaryPasswordResponse = res.json();
    expect(body).toMatchObject({
      message: ADMIN_MSG.memberTemporaryPasswordSet,
      member: { _id: member.id, mustChangePassword: true },
    });
    expect(body.temporaryPassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);

    const row = await userRow(ctx, member.id);
    expect(row.mustChangePassword).toBe(true);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(body.temporaryPassword);
    // The old session and the old password are refused.
    expect((await profile(member.token)).statusCode).toBe(401);
    expect((await login(member.email, 'clave-de-prueba-segura')).statusCode).toBe(401);

    // The audit says who and for whom, never the password.
    const audit = await call(ctx, admin.token, 'GET', `/api/admin/audit?entity=member&entityId=${member.id}`);
    const entry = audit.json().entries[0];
    expect(entry).toMatchObject({
      action: 'member.temporary_password',
      actor: { email: admin.email },
      details: { email: member.email },
    });
    const rows = await ctx.database.db.select().from(auditLog);
    expect(JSON.stringify(rows)).not.toContain(body.temporaryPassword);

    // A second assignment replaces the first password.
    const again = await call(ctx, admin.token, 'POST', `/api/admin/members/${member.id}/temporary-password`);
    const second: string = again.json().temporaryPassword;
    expect(second).not.toBe(body.temporaryPassword);
    expect((await login(member.email, body.temporaryPassword)).statusCode).toBe(401);

    await expectFirstLoginWith(member.email, second);
    expect((await userRow(ctx, member.id)).mustChangePassword).toBe(false);
  });

  it("a temporary password ends the imported member's welcome link", async () => {
    await importCsv('name,email,userType\nLuz Vega,luz.vega@hospital.mx,general\n');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, 'luz.vega@hospital.mx'));
    const res = await call(ctx, admin.token, 'POST', `/api/admin/members/${row!.id}/temporary-password`);
    expect(res.statusCode).toBe(200);
    const links = await ctx.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, row!.id));
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((l) => l.usedAt !== null)).toBe(true);
    await expectFirstLoginWith('luz.vega@hospital.mx', res.json().temporaryPassword);
  });

  it('refuses a temporary password for oneself, an unknown account and a malformed id', async () => {
    const self = await call(ctx, admin.token, 'POST', `/api/admin/members/${admin.id}/temporary-password`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(ADMIN_MSG.memberCannotResetSelf);
    expect((await profile(admin.token)).statusCode).toBe(200);
    const missing = await call(
      ctx,
      admin.token,
      'POST',
      '/api/admin/members/00000000-0000-4000-8000-000000000000/temporary-password',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMIN_MSG.memberNotFound);
    const bad = await call(ctx, admin.token, 'POST', '/api/admin/members/123/temporary-password');
    expect(bad.statusCode).toBe(400);
  });

  it('creates a member by hand with a temporary password that leads to the first-login change', async () => {
    const res = await call(ctx, admin.token, 'POST', '/api/admin/members', {
      name: 'josé ñandú',
      email: 'Jose.Nandu@Hospital.mx',
      userType: 'enfermeria',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body: AdminTemporaryPasswordResponse = res.json();
    expect(body).toMatchObject({
      message: ADMIN_MSG.memberCreated,
      member: {
        name: 'JOSE ÑANDU',
        email: 'jose.nandu@hospital.mx',
        userType: 'enfermeria',
        role: 'customer',
        mustChangePassword: true,
        paidOrders: 0,
      },
    });
    // No e-mail: the desk hands the password over itself.
    const mails = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'jose.nandu@hospital.mx'));
    expect(mails).toHaveLength(0);

    const audit = await call(
      ctx,
      admin.token,
      'GET',
      `/api/admin/audit?entity=member&entityId=${body.member._id}`,
    );
    expect(audit.json().entries[0]).toMatchObject({
      action: 'member.create',
      details: { email: 'jose.nandu@hospital.mx', userType: 'enfermeria' },
    });
    expect(JSON.stringify(audit.json())).not.toContain(body.temporaryPassword);

    await expectFirstLoginWith('jose.nandu@hospital.mx', body.temporaryPassword);
  });

  it('validates a member created by hand, in Spanish, and refuses a taken e-mail', async () => {
    const create = (payload: Record<string, unknown>) =>
      call(ctx, admin.token, 'POST', '/api/admin/members', payload);
    for (const [payload, message] of [
      [{ name: 'Ana 2', email: 'ana2@hospital.mx' }, MSG.invalidName],
      [{ name: 'Ana Dos', email: 'no-es-correo' }, MSG.invalidEmail],
      [
        { name: 'Ana Dos', email: 'ana2@hospital.mx', userType: 'astronauta' },
        ADMIN_MSG.memberUserTypeInvalid,
      ],
      [{}, MSG.nameRequired],
    ] as const) {
      const r = await create(payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().message).toBe(message);
    }
    const taken = await create({ name: 'Otra Jefa', email: 'JEFA@asociacion.mx' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(ADMIN_MSG.memberEmailTaken);
    const plain = await create({ name: 'Sin Tipo', email: 'sin.tipo@hospital.mx' });
    expect(plain.json().member.userType).toBe('general');
  });

  it('refuses an unreadable file or one without the expected header', async () => {
    const header = await importCsv('nombre;apellido\nAna;López');
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toBe(ADMIN_MSG.importBadHeader);
    const missing = await call(ctx, admin.token, 'POST', '/api/admin/members/import', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(ADMIN_MSG.importEmpty);
  });
});
