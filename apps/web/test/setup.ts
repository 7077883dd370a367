// Component test setup: jest-dom matchers and a clean DOM between tests.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// The storefront's first calls import their response schemas when they are made (lib/api-client.ts
// → SchemaSource); loaded here, a test's first call does not spend its time budget compiling zod.
import '@store/shared/schemas/cart';
import '@store/shared/schemas/common';
import '@store/shared/schemas/order';
import '@store/shared/schemas/product';
import '@store/shared/schemas/site-config';
import '@store/shared/schemas/user';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
