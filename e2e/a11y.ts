import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core's WCAG 2 A and AA rules on the page as it is now. A violation fails the test softly (the
 * test goes on, so one run lists every page's), naming the rule, its help text and the elements that
 * break it (selector and axe's own summary).
 */
export async function expectNoA11yViolations(page: Page) {
  // Legacy mode runs axe in the page itself: the default opens a blank page per check to merge the
  // results of cross-origin frames, which the app has none of, and that costs a page per check.
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).setLegacyMode().analyze();
  const found = violations.map((v) => ({
    rule: v.id,
    help: v.help,
    nodes: v.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  }));
  expect.soft(found, `accessibility violations on ${page.url()}`).toEqual([]);
}
