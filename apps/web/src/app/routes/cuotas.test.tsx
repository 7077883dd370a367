import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateRange } from '@store/shared/domain/time';
import type { Product } from '@store/shared/schemas/product';
import { site } from '../../config/site';
import { stubApi, testQueryClient, TestProviders } from '../../../test/providers';
import { Component as CuotasPage } from './cuotas';

const startsAt = Date.parse('2031-06-12T15:00:00Z');
const endsAt = Date.parse('2031-06-14T00:00:00Z');
const course: Product = {
  _id: 'c1',
  name: site.course.name,
  description: '',
  price: 3000,
  image: ['/covers/x.svg'],
  category: 'Conferencias',
  subCategory: 'Avanzado',
  days: ['Jueves'],
  dayOptions: [{ label: 'Jueves', startsAt, endsAt, seatCapacity: null, seatsSold: 0 }],
  isPresential: false,
  date: startsAt,
  startsAt,
  endsAt,
  saleMode: 'completo',
  tiers: [{ userType: 'especialista', until: null, price: 3000, scholarshipPrice: null }],
  requires: null,
  venue: null,
};

function renderWith(products: Product[]) {
  stubApi({ '/api/product/list': () => ({ success: true, products }) });
  render(
    <TestProviders client={testQueryClient()} path="/cuotas">
      <CuotasPage />
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('/cuotas', () => {
  it("gives the course's dates from its event, not from a text", async () => {
    renderWith([course]);
    await screen.findByRole('table');
    const dates = formatDateRange(startsAt, endsAt);
    expect(screen.getByText(new RegExp(`\\(${dates}\\)`))).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(site.course.dates))).not.toBeInTheDocument();
  });

  it('names no dates while the course is not on sale', async () => {
    renderWith([]);
    expect(await screen.findByText(/Las cuotas del próximo curso/)).toBeInTheDocument();
    expect(
      screen.getByText(`Cuotas del ${site.course.name} y de sus talleres prácticos, en pesos mexicanos.`),
    ).toBeInTheDocument();
  });
});
