// Attendance and constancias, end to end (docs/attendance.md): a buyer watches a stream (the
// YouTube player is faked at the network level, the page's clock is driven by the test) and
// the admin sees the minute; an in-person ticket's QR, decoded here, checks the buyer in once
// at the door page; the batch issues a constancia only to who qualifies; the PDF carries the
// name with accents, the cédula, the hours and the folio, its QR opens the verification page,
// which confirms it and, after revocation, says it was revoked. A second journey (the store's
// clock moved) sets an endorsement and an exam in the back office; a member attends, fails the
// exam once, passes, and gets a constancia whose PDF and verification page show the endorsement.
// A third (clock moved too): staff give an event two signatures; once its last day closes the
// constancias job issues the member's constancia by itself and e-mails it; Mis Productos shows
// the minutes per day; the PDF carries the signers, the endorsement, the folio and its QR; staff
// download the council's report as XLSX and read it.
import { inflateSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { readXlsx } from '../../apps/api/test/xlsx-read';
import { signaturePng } from '../../apps/api/test/signature-png';
import { imageLoaded, pickImage } from './signature-helpers';
import {
  ADMIN,
  loginByApi,
  moveStoreClock,
  newestEmail,
  openSignedIn,
  registerByApi,
  shoot,
  toasts,
  uniqueEmail,
} from './storefront-helpers';

const PROFILE = {
  certificateName: 'María José Núñez de la Peña',
  cedula: '12345678',
  specialty: 'Anestesiología cardiovascular',
  institution: 'Instituto Nacional de Cardiología',
};
const ADDRESS = {
  firstName: 'María',
  lastName: 'Núñez',
  email: 'maria@prueba.mx',
  street: 'Juan Badiano 1',
  city: 'Ciudad de México',
  zipcode: '14080',
  country: 'México',
  phone: '5555555555',
};

/** The fake YouTube IFrame API: the player reports PLAYING as soon as it is attached. */
const FAKE_YT_API = `
window.YT = {
  Player: function (el, opts) {
    setTimeout(function () { opts.events.onStateChange({ data: 1 }); }, 50);
  },
};
window.onYouTubeIframeAPIReady && window.onYouTubeIframeAPIReady();
`;

function decodePng(png: Buffer): string | null {
  const img = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data ?? null;
}

/** The QR code inside the constancia (pdfkit stores images as RGB Flate streams; signatures too). */
function qrOfPdf(pdf: Buffer): string | null {
  const text = pdf.toString('latin1');
  const images = /<<[^>]*\/Subtype \/Image[^>]*\/ColorSpace \/DeviceRGB[^>]*>>\s*stream\r?\n/g;
  for (let dict = images.exec(text); dict; dict = images.exec(text)) {
    const num = (re: RegExp) => Number(re.exec(dict![0])![1]);
    const [width, height, length] = [num(/\/Width (\d+)/), num(/\/Height (\d+)/), num(/\/Length (\d+)/)];
    const start = dict.index + dict[0].length;
    const rgb = inflateSync(pdf.subarray(start, start + length));
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba.set(rgb.subarray(i * 3, i * 3 + 3), i * 4);
      rgba[i * 4 + 3] = 255;
    }
    const found = jsQR(rgba, width, height)?.data;
    if (found) return found;
  }
  return null;
}

async function createEvent(
  request: APIRequestContext,
  token: string,
  spec: {
    name: string;
    isPresential: boolean;
    day: string;
    startsAt: number;
    endsAt: number;
    moreDays?: { label: string; startsAt: number; endsAt: number }[];
    endorsement?: { body: string; number: string; hours: number; points: number };
  },
) {
  const res = await request.post('/api/admin/events', {
    headers: { token },
    data: {
      name: spec.name,
      description: 'Evento de la prueba de asistencia.',
      price: 0,
      category: 'Conferencias',
      subCategory: 'Avanzado',
      isPresential: spec.isPresential,
      days: [
        {
          label: spec.day,
          startsAt: new Date(spec.startsAt).toISOString(),
          endsAt: new Date(spec.endsAt).toISOString(),
          streamUrl: spec.isPresential ? null : 'https://www.youtube.com/watch?v=AsistE2e01',
        },
        ...(spec.moreDays ?? []).map((d) => ({
          label: d.label,
          startsAt: new Date(d.startsAt).toISOString(),
          endsAt: new Date(d.endsAt).toISOString(),
          streamUrl: null,
        })),
      ],
      ...(spec.endorsement ? { endorsement: spec.endorsement } : {}),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { event } = (await res.json()) as { event: { _id: string; days: { _id: string }[] } };
  return { id: event._id, dayId: event.days[0]!._id };
}

/** The account's id, as the API answers it to its own token. */
async function userIdOf(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/user/profile', { headers: { token } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { user: { _id: string } }).user._id;
}

async function claim(request: APIRequestContext, token: string, productId: string, day: string) {
  const added = await request.post('/api/cart/add', {
    headers: { token },
    data: { itemId: productId, days: day },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const placed = await request.post('/api/order/place', {
    headers: { token },
    data: { address: ADDRESS, items: [{ _id: productId, days: day, quantity: 1 }] },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
}

test('watch, check in, issue, verify and revoke a constancia', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const now = Date.now();
  const suffix = now.toString(36);
  // A 10-minute online day under way, counted at 10 % (one minute of watching).
  const online = await createEvent(request, adminToken, {
    name: `Simposio de Ecocardiografía ${suffix}`,
    isPresential: false,
    day: 'Sábado',
    startsAt: now - 60_000,
    endsAt: now + 9 * 60_000,
  });
  const percent = await request.put('/api/admin/attendance/percent', {
    headers: { token: adminToken },
    data: { productId: online.id, percent: 10 },
  });
  expect(percent.ok()).toBe(true);
  // Under way today: the door accepts a ticket only on its own day.
  const inPerson = await createEvent(request, adminToken, {
    name: `Taller presencial ${suffix}`,
    isPresential: true,
    day: 'Viernes',
    startsAt: now - 30 * 60_000,
    endsAt: now + 4 * 3_600_000,
  });

  const buyerEmail = uniqueEmail('asistencia');
  const buyer = await registerByApi(request, buyerEmail);
  await claim(request, buyer, online.id, 'Sábado');
  await claim(request, buyer, inPerson.id, 'Viernes');
  // Someone who bought the day, has a profile, and never watched: no constancia.
  const absent = await registerByApi(request, uniqueEmail('ausente'));
  await claim(request, absent, online.id, 'Sábado');
  await request.put('/api/attendance/profile', {
    headers: { token: absent },
    data: { ...PROFILE, certificateName: 'Pedro Ausente', cedula: '7654321' },
  });

  // The professional profile, asked for once on the account page.
  await openSignedIn(page, buyer, '/account');
  const card = page.locator('[aria-labelledby="account-professional-title"]');
  await card.getByLabel('Nombre como debe aparecer en la constancia').fill(PROFILE.certificateName);
  await card.getByLabel('Cédula profesional').fill(PROFILE.cedula);
  await card.getByLabel('Especialidad').fill(PROFILE.specialty);
  await card.getByLabel('Institución').fill(PROFILE.institution);
  await card.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(card.getByText(PROFILE.certificateName)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Editar datos' })).toBeVisible();

  // Watching: the YouTube API and player are fakes; the page's timers are driven by the test.
  await page.route('https://www.youtube.com/iframe_api', (r) =>
    r.fulfill({ contentType: 'text/javascript', body: FAKE_YT_API }),
  );
  await page.route('https://www.youtube.com/embed/**', (r) =>
    r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Reproductor</title>' }),
  );
  await page.clock.install();
  await page.goto('/orders');
  const onlineItem = page.getByRole('listitem').filter({ hasText: `Simposio de Ecocardiografía ${suffix}` });
  await onlineItem.getByRole('button', { name: /Ver transmisión/ }).click();
  const tracker = page.getByTestId('watch-tracker');
  await expect(tracker).toContainText('Asistencia en línea: 0 min de 10 min');
  // The server counts real time only, in whole seconds per heartbeat (each 30 s beat may be
  // credited 29 s): 70 s pass, then the next heartbeat is due. Whether the page's timers ran
  // during the wait (beats at 0, 30, 60 and 70 s: about 68 s) or not (one beat after 70 s,
  // capped at 60 s), at least the required minute is credited.
  await page.waitForTimeout(70_000);
  await page.clock.runFor(30_000);
  await expect(tracker).toContainText('Asistencia en línea: 1 min de 10 min');
  await expect(tracker).toContainText('Este día ya cuenta para tu constancia.');

  // The admin sees the minute.
  const adminPage = await browser.newPage();
  await openSignedIn(adminPage, adminToken, `/admin/attendance?productId=${online.id}`);
  const table = adminPage.getByRole('table', { name: `Asistencia de Simposio de Ecocardiografía ${suffix}` });
  const buyerRow = table.getByRole('row').filter({ hasText: PROFILE.certificateName });
  await expect(buyerRow).toContainText('1 min');
  await expect(buyerRow.getByText('Cumple')).toBeVisible();
  const absentRow = table.getByRole('row').filter({ hasText: 'Pedro Ausente' });
  await expect(absentRow).toContainText('No alcanzó la asistencia mínima en ningún día');

  // The in-person ticket: its QR, decoded here, checks the buyer in once.
  await page.goto('/orders');
  const ticketImage = page.getByRole('img', { name: new RegExp(`Taller presencial ${suffix}`) });
  const src = (await ticketImage.getAttribute('src'))!;
  const png = Buffer.from(src.split(',')[1]!, 'base64');
  expect(decodePng(png)).toMatch(/^AMACC1\./);
  await adminPage.goto(`/admin/checkin?productId=${inPerson.id}&productDayId=${inPerson.dayId}`);
  const photo = { name: 'boleto.png', mimeType: 'image/png', buffer: png };
  await adminPage.getByLabel('Foto del boleto').setInputFiles(photo);
  const result = adminPage.getByTestId('checkin-result');
  await expect(result).toContainText('Asistencia registrada');
  await expect(result).toContainText('Viernes');
  await adminPage.getByLabel('Foto del boleto').setInputFiles(photo);
  await expect(result).toContainText(/Ya registrado a las \d{1,2}:\d{2}/);
  await page.reload();
  await expect(page.getByText(/Asistencia registrada el/)).toBeVisible();

  // The batch issues exactly the qualifying attendee's constancia.
  await adminPage.goto(`/admin/attendance?productId=${online.id}`);
  await expect(adminPage.getByText(/1\s+persona cumple/)).toBeVisible();
  await adminPage.getByRole('button', { name: 'Emitir constancias' }).click();
  await expect(adminPage.getByText('Se emitió 1 constancia y se envió por correo.')).toBeVisible();
  await expect(buyerRow.getByText('Emitida')).toBeVisible();
  await expect(absentRow.getByText('Emitida')).toHaveCount(0);
  const folio = (await buyerRow.locator('.font-mono').textContent())!.trim();
  expect(folio).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

  // The buyer downloads it from Mis Productos; text and QR are checked.
  await page.goto('/orders');
  const constancias = page.getByRole('region', { name: 'Constancias' });
  await expect(constancias).toContainText(folio);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    constancias.getByRole('button', { name: 'Descargar PDF' }).click(),
  ]);
  const pdf = await readFile((await download.path())!);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  expect(text).toContain(PROFILE.certificateName);
  expect(text).toContain(PROFILE.cedula);
  expect(text).toContain('Duración acreditada: 10 min');
  expect(text).toContain(folio);
  const verifyUrl = qrOfPdf(pdf);
  expect(verifyUrl).toMatch(new RegExp(`/constancias/${folio}$`));

  const verifier = await browser.newPage();
  await verifier.goto(verifyUrl!);
  await expect(verifier.getByRole('heading', { name: 'Constancia auténtica' })).toBeVisible();
  await expect(verifier.getByText(PROFILE.certificateName)).toBeVisible();
  await expect(verifier.getByText(`Simposio de Ecocardiografía ${suffix}`)).toBeVisible();

  // Revoked with a reason: the same page says so.
  await buyerRow.getByRole('button', { name: 'Revocar' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Revocar la constancia' });
  await dialog.getByRole('button', { name: 'Revocar' }).click();
  await expect(dialog.getByText(ADMIN_MSG.constanciaRevokeNoteInvalid)).toBeVisible();
  await dialog.getByLabel('Motivo').fill('La cédula impresa no corresponde a la persona');
  await dialog.getByRole('button', { name: 'Revocar' }).click();
  await expect(dialog).toBeHidden();
  await expect(buyerRow.getByText('Revocada')).toBeVisible();
  await verifier.reload();
  await expect(verifier.getByRole('heading', { name: 'Constancia revocada' })).toBeVisible();
  await expect(verifier.getByText('Constancia auténtica')).toHaveCount(0);
});

const ENDORSEMENT = { body: 'Consejo Mexicano de Anestesiología, A.C.', number: 'CMA-2026-0415' };

test('an endorsed event with an exam: attend, fail once, pass, constancia with the endorsement @moved-clock', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const suffix = Date.now().toString(36);
  const start = Date.now() + 2 * 3_600_000;
  const end = start + 3_600_000;
  const name = `Curso avalado ${suffix}`;
  const event = await createEvent(request, adminToken, {
    name,
    isPresential: true,
    day: 'Único',
    startsAt: start,
    endsAt: end,
  });

  // The admin sets the endorsement in the event form…
  const admin = await browser.newPage();
  await openSignedIn(admin, adminToken, `/admin/events/${event.id}`);
  await admin.getByLabel('Organismo que avala').fill(ENDORSEMENT.body);
  await admin.getByLabel('Número de aval').fill(ENDORSEMENT.number);
  await admin.getByLabel('Horas avaladas').fill('8');
  await admin.getByLabel('Puntos de recertificación').fill('2.5');
  await admin.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(toasts(admin).getByText(ADMIN_MSG.eventSaved)).toBeVisible({ timeout: 30_000 });

  // …and an exam of two questions (pass mark 80 %: both right) plus one survey question.
  await admin.goto(`/admin/attendance?productId=${event.id}`);
  const editor = admin.locator('[aria-labelledby="evaluation-title"]');
  const questions = [
    {
      kind: 'Pregunta de examen',
      text: '¿Qué fármaco es de primera línea?',
      options: ['Milrinona', 'Norepinefrina'],
      correct: 1,
    },
    {
      kind: 'Pregunta de examen',
      text: '¿Qué monitor es indispensable?',
      options: ['Ecocardiograma', 'Ninguno'],
      correct: 0,
    },
    { kind: 'Pregunta de encuesta', text: '¿Recomendarías el curso?', options: ['Sí', 'No'], correct: null },
  ];
  for (const [i, q] of questions.entries()) {
    await editor.getByRole('button', { name: q.kind }).click();
    await editor.getByLabel(new RegExp(`^Pregunta ${i + 1} \\(`)).fill(q.text);
    for (const [k, option] of q.options.entries()) {
      await editor.getByLabel(`Pregunta ${i + 1}, opción ${k + 1}`).fill(option);
    }
    if (q.correct !== null) {
      await editor.getByLabel(`Pregunta ${i + 1}: la opción ${q.correct + 1} es la correcta`).check();
    }
  }
  await editor.getByLabel('Calificación mínima del examen (%)').fill('80');
  await editor.getByLabel('Intentos por persona').fill('3');
  await editor.getByRole('button', { name: 'Guardar evaluación' }).click();
  await expect(toasts(admin).getByText(ADMIN_MSG.evaluationSaved)).toBeVisible();

  // A member buys the day and gives the constancia data.
  const member = await registerByApi(request, uniqueEmail('avalado'));
  await claim(request, member, event.id, 'Único');
  await request.put('/api/attendance/profile', { headers: { token: member }, data: PROFILE });
  const tickets = (
    await (await request.get('/api/attendance/tickets', { headers: { token: member } })).json()
  ).tickets as { code: string; productId: string }[];
  const code = tickets.find((t) => t.productId === event.id)!.code;

  try {
    // During the day the member is checked in at the door.
    await moveStoreClock(start + 10 * 60_000);
    const checkin = await request.post('/api/admin/attendance/checkin', {
      headers: { token: adminToken },
      data: { code, productDayId: event.dayId },
    });
    expect(checkin.ok(), await checkin.text()).toBe(true);

    // After the event the evaluation opens on Mi cuenta.
    await moveStoreClock(end + 5 * 60_000);
    await openSignedIn(page, member, '/account');
    const card = page.locator('[aria-labelledby="account-evaluations-title"]');
    const state = card.getByTestId('evaluation-state');
    await expect(state).toHaveText('Asistencia suficiente — responde la evaluación', { timeout: 30_000 });
    const answer = async (picks: string[]) => {
      for (const [i, q] of questions.entries()) {
        await card
          .getByRole('group', { name: `${i + 1}. ${q.text}` })
          .getByLabel(picks[i]!)
          .check();
      }
      await card.getByRole('button', { name: 'Enviar respuestas' }).click();
    };
    // One wrong answer: 50 %.
    await answer(['Milrinona', 'Ecocardiograma', 'Sí']);
    await expect(card.getByRole('alert')).toHaveText(
      'Obtuviste 50 % y se necesita 80 %: te quedan 2 intentos.',
    );
    await expect(state).toHaveText('No aprobada (te quedan 2 intentos)');
    await answer(['Norepinefrina', 'Ecocardiograma', 'Sí']);
    await expect(state).toHaveText('Aprobada');
    await expect(card.getByRole('button', { name: 'Enviar respuestas' })).toHaveCount(0);

    // The admin issues; the member downloads the constancia.
    await admin.goto(`/admin/attendance?productId=${event.id}`);
    await expect(admin.getByText(/1\s+persona cumple/)).toBeVisible();
    await admin.getByRole('button', { name: 'Emitir constancias' }).click();
    await expect(admin.getByText('Se emitió 1 constancia y se envió por correo.')).toBeVisible();

    await page.goto('/orders');
    const constancias = page.getByRole('region', { name: 'Constancias' });
    const item = constancias.getByRole('listitem').filter({ hasText: name });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    const pdf = await readFile((await download.path())!);
    const pdfPath = testInfo.outputPath('constancia-avalada.pdf');
    writeFileSync(pdfPath, pdf);
    // Kept under test-results/ for a person to look at (pdftoppm -png turns it into a picture).
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain(`Actividad avalada por ${ENDORSEMENT.body} · Aval núm. ${ENDORSEMENT.number}`);
    expect(text).toContain('8 horas avaladas · 2.5 puntos de recertificación');
    expect(text).toContain('Duración acreditada: 1 h');
    const verifyUrl = qrOfPdf(pdf)!;

    const verifier = await browser.newPage();
    await verifier.goto(verifyUrl);
    await expect(verifier.getByRole('heading', { name: 'Constancia auténtica' })).toBeVisible();
    const facts = verifier.locator('dl');
    await expect(facts).toContainText(ENDORSEMENT.body);
    await expect(facts).toContainText(ENDORSEMENT.number);
    await expect(facts).toContainText('8 horas');
    await expect(facts).toContainText('2.5 puntos');
    await verifier.screenshot({ path: testInfo.outputPath('verificacion-avalada.png'), fullPage: true });
  } finally {
    await moveStoreClock(null);
  }
});

test('constancias on autopilot: two signatures, the event closes, the e-mail with the PDF, the minutes per day, the council report @moved-clock', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const suffix = Date.now().toString(36);
  const HOUR = 3_600_000;
  const start = Date.now() + 2 * HOUR;
  const name = `Curso automático ${suffix}`;
  const event = await createEvent(request, adminToken, {
    name,
    isPresential: true,
    day: 'Jueves',
    startsAt: start,
    endsAt: start + 6 * HOUR,
    moreDays: [{ label: 'Viernes', startsAt: start + 24 * HOUR, endsAt: start + 30 * HOUR }],
    endorsement: { ...ENDORSEMENT, hours: 12, points: 6 },
  });

  // Staff give the event two signatures, with their images.
  const admin = await browser.newPage();
  await openSignedIn(admin, adminToken, `/admin/events/${event.id}`);
  const card = admin.getByRole('region', { name: 'Firmas de la constancia' });
  await card.getByRole('button', { name: 'Usar firmas propias' }).click();
  const rows = card.getByRole('listitem');
  while ((await rows.count()) > 0)
    await card
      .getByRole('button', { name: /^Quitar la firma/ })
      .first()
      .click();
  const signers = [
    { name: 'Dr. Juan Carlos Ramírez Ortega', title: 'Presidente' },
    { name: 'Dra. Lucía Fernández Gómez', title: 'Coordinadora académica' },
  ];
  for (const [i, s] of signers.entries()) {
    await card.getByRole('button', { name: 'Agregar firma' }).click();
    const row = rows.nth(i);
    await row.getByLabel('Nombre').fill(s.name);
    await row.getByLabel('Cargo').fill(s.title);
    await pickImage(row, `firma-${i + 1}.png`, signaturePng({ width: 360, height: 120, seed: i + 1 }));
    await imageLoaded(admin, `Firma ${i + 1}`);
  }
  await card.getByRole('button', { name: 'Guardar firmas' }).click();
  await expect(toasts(admin).getByText(ADMIN_MSG.signaturesSaved)).toBeVisible();

  // A member buys both days and gives the constancia data; only Thursday is attended.
  const email = uniqueEmail('automatica');
  const member = await registerByApi(request, email);
  await claim(request, member, event.id, 'Jueves');
  await claim(request, member, event.id, 'Viernes');
  await request.put('/api/attendance/profile', { headers: { token: member }, data: PROFILE });

  try {
    await moveStoreClock(start + 10 * 60_000);
    const checkin = await request.post('/api/admin/attendance/checkin', {
      headers: { token: adminToken },
      data: { userId: await userIdOf(request, member), productDayId: event.dayId },
    });
    expect(checkin.ok(), await checkin.text()).toBe(true);

    // The last day's window closes: nobody presses anything, the job issues and e-mails it.
    await moveStoreClock(start + 30 * HOUR + 16 * 60_000);
    const mail = await newestEmail(email, /Te enviamos adjunta tu constancia de/, 60_000);
    expect(mail).toContain('application/pdf');

    // Mis Productos: the minutes per day, and the constancia (Carta and A4).
    await openSignedIn(page, member, '/orders');
    const attendance = page.getByRole('region', { name: 'Tu asistencia' });
    const days = attendance.getByRole('list', { name: `Días de ${name}` });
    await expect(days.getByRole('listitem').nth(0)).toContainText('Cuenta: registro en puerta a las');
    await expect(days.getByRole('listitem').nth(1)).toContainText('0 de 360 min; se necesitan 288');
    await expect(attendance).toContainText('Constancia emitida');
    await attendance.scrollIntoViewIfNeeded();
    await shoot(page, 'autopilot-attendance');
    const constancias = page.getByRole('region', { name: 'Constancias' });
    const item = constancias.getByRole('listitem').filter({ hasText: name });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    const pdf = await readFile((await download.path())!);
    writeFileSync(testInfo.outputPath('constancia-automatica.pdf'), pdf);
    // Kept under test-results/ for a person to look at (pdftoppm -png turns it into a picture).
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    for (const s of signers) {
      expect(text).toContain(s.name);
      expect(text).toContain(s.title);
    }
    expect(text).toContain(PROFILE.certificateName);
    expect(text).toContain(`Actividad avalada por ${ENDORSEMENT.body}`);
    const folio = /Folio:? ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(text)![1]!;
    expect(qrOfPdf(pdf)).toMatch(new RegExp(`/constancias/${folio}$`));
    const [a4] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('button', { name: 'Versión A4' }).click(),
    ]);
    expect(a4.suggestedFilename()).toContain('A4');

    // Staff download the council's report and open it.
    await admin.goto(`/admin/attendance?productId=${event.id}`);
    const table = admin.getByRole('table', { name: `Asistencia de ${name}` });
    await expect(table.getByRole('row', { name: new RegExp(PROFILE.certificateName) })).toContainText(
      'Emitida',
    );
    await expect(admin.getByRole('switch', { name: 'Emitir las constancias automáticamente' })).toBeChecked();
    await shoot(admin, 'autopilot-staff');
    const [report] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Descargar XLSX' }).click(),
    ]);
    const book = readXlsx(await readFile((await report.path())!));
    const [header, row] = book.Asistentes!;
    expect(header).toContain('Cédula profesional');
    const cell = (title: string) => row![header!.indexOf(title)];
    expect(cell('Nombre (como en la constancia)')).toBe(PROFILE.certificateName);
    expect(cell('Cédula profesional')).toBe(PROFILE.cedula);
    expect(cell('Horas asistidas')).toBe(6);
    expect(cell('Puntos')).toBe(3);
    expect(cell('Folio')).toBe(folio);
    expect(book.Evento!.find((r) => r[0] === 'Número de aval')![1]).toBe(ENDORSEMENT.number);
  } finally {
    await moveStoreClock(null);
  }
});
