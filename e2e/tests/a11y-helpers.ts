// Page checks shared by the accessibility and keyboard journeys: axe with the WCAG 2.2 AA
// rule tags, horizontal overflow, console errors, and a settled page.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page (or one part of it) and fails listing every violation and its nodes. */
export async function expectNoAxeViolations(page: Page, include?: string) {
  // Colours are measured at rest: a fade or colour transition still running (a message
  // appearing, a resize) would be read half-way.
  // Only short ones (a toast sliding in): not a spinner's endless turn, nor a toast's
  // countdown bar, which ends by closing the toast.
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((a) => a.effect && Number(a.effect.getComputedTiming().endTime) <= 1500)
      .map((a) => a.finished.catch(() => null)),
  )`);
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary}`).join('\n')}`,
  );
  expect(report, report.join('\n')).toEqual([]);
}

/** Width of the page beyond the viewport (0 = no horizontal scroll). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

/** Collects console errors and uncaught exceptions from now on. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} @ ${m.location().url}`);
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  return errors;
}

/** Waits until the route has rendered its heading and its data calls have finished. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}
