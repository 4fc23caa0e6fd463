/**
 * The accessibility check every browser test uses (fixtures/axe.ts) finds what it must on a page without frames, where
 * it runs axe.run in the page itself (decision 0091). A plain page, no devnet: an image without a name and text under the
 * contrast minimum are found; a clean page has none.
 */
import { expect, test } from '@playwright/test';
import { axeViolations } from './fixtures/axe.ts';

const BROKEN = `<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20"><p style="color:#aaa;background:#fff">Faint text</p>`;
const page = (body: string) => `<!doctype html><html lang="en"><head><title>axe check</title></head><body><main><h1>Check</h1>${body}</main></body></html>`;

test('finds an unnamed image and faint text on a page without frames, and nothing on a clean one', async ({ page: tab }) => {
  await tab.setContent(page(BROKEN));
  expect(tab.frames()).toHaveLength(1);
  const found = await axeViolations(tab);
  expect(found.map((line) => line.split(' ')[0])).toEqual(['color-contrast', 'image-alt']);
  expect(found[1]).toMatch(/^image-alt \(critical\): Images must have alternative text — img$/);
  await tab.setContent(page('<p>Plain text</p>'));
  expect(await axeViolations(tab)).toEqual([]);
});
