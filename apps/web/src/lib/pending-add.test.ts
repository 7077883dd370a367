import { afterEach, describe, expect, it } from 'vitest';
import { loginPath, safeReturnPath, savePendingAdd, takePendingAdd } from './pending-add';

afterEach(() => sessionStorage.clear());

describe('safeReturnPath', () => {
  it('keeps paths of this site', () => {
    expect(safeReturnPath('/product/abc')).toBe('/product/abc');
    expect(safeReturnPath('/product/abc?dia=2026-03-14#x')).toBe('/product/abc?dia=2026-03-14#x');
  });

  it.each([
    null,
    '',
    'https://malo.example/',
    '//malo.example/x',
    '/\\malo.example',
    '/\t/malo.example',
    'javascript:alert(1)',
    'product/abc',
    '/login',
    '/login?next=%2F',
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('builds the login path with the return path', () => {
    expect(loginPath('/product/abc')).toBe('/login?next=%2Fproduct%2Fabc');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('//malo.example')).toBe('/login');
  });
});

describe('pending add', () => {
  it('is read once', () => {
    savePendingAdd({ itemId: 'P', days: ['2026-03-14', '2026-03-15'] });
    expect(takePendingAdd()).toEqual({ itemId: 'P', days: ['2026-03-14', '2026-03-15'] });
    expect(takePendingAdd()).toBeNull();
  });

  it('ignores what is not a choice', () => {
    sessionStorage.setItem('store.pendingAdd', '{"itemId":1}');
    expect(takePendingAdd()).toBeNull();
    sessionStorage.setItem('store.pendingAdd', 'no json');
    expect(takePendingAdd()).toBeNull();
  });
});
