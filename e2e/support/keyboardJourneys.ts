import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Fixture } from './axeScreens.ts';

/** What has the keyboard focus: its role, accessible name (as far as a label or text gives it) and landmark. */
interface Focused {
  tag: string;
  role: string;
  name: string;
  inNavigation: boolean;
  inDialog: boolean;
  /** Whether the element draws a focus indicator (an outline or a ring), as a keyboard user needs to see. */
  indicated: boolean;
}

/** Presses Tab until the focus is on an element that passes `wanted`; fails listing where the focus went. */
async function tabUntil(
  page: Page,
  wanted: (focused: Focused) => boolean,
  what: string,
  maxPresses = 120,
): Promise<Focused[]> {
  const visited: Focused[] = [];
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press('Tab');
    const focused = await describeFocus(page);
    visited.push(focused);
    if (wanted(focused)) return visited;
  }
  throw new Error(
    `Tab never reached ${what} in ${maxPresses} presses; the focus went to:\n` +
      visited.map((focused) => `  ${focused.role || focused.tag} "${focused.name}"`).join('\n'),
  );
}

function describeFocus(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement)) {
      return { tag: '', role: '', name: '', inNavigation: false, inDialog: false, indicated: false };
    }
    const labelledBy = element.getAttribute('aria-labelledby');
    const labelText = labelledBy
      ? labelledBy
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : '';
    const name = (element.getAttribute('aria-label') ?? labelText) || element.innerText;
    const style = getComputedStyle(element);
    const implicitRole = element.tagName === 'A' ? 'link' : element.tagName === 'BUTTON' ? 'button' : '';
    return {
      tag: element.tagName.toLowerCase(),
      role: element.getAttribute('role') ?? implicitRole,
      name: name.replace(/\s+/g, ' ').trim(),
      inNavigation: element.closest('nav, [role="navigation"]') !== null,
      inDialog: element.closest('[role="dialog"]') !== null,
      indicated:
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none',
    };
  });
}

/** Starts from the top of the page, as a keyboard user arriving on it does. */
async function fromTop(page: Page, url: string, ready: (page: Page) => Locator): Promise<void> {
  await page.goto(url);
  await ready(page).first().waitFor({ timeout: 20_000 });
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo(0, 0);
  });
}

/** A journey made with the keyboard only: Tab through the shell and a screen, act with Enter or Space. */
export interface KeyboardJourney {
  name: string;
  run: (page: Page, serverUrl: string, fixture: Fixture) => Promise<void>;
}

export const keyboardJourneys: readonly KeyboardJourney[] = [
  {
    name: 'Tab reaches every entry of the navigation, each with a visible focus, and Enter opens one',
    run: async (page, serverUrl) => {
      await fromTop(page, `${serverUrl}/#/user/dashboard`, (p) =>
        p.getByRole('navigation').getByRole('link'),
      );
      const entries = await page.getByRole('navigation').getByRole('link').allInnerTexts();
      const names = entries.map((entry) => entry.replace(/\s+/g, ' ').trim()).filter((entry) => entry !== '');
      expect(names.length).toBeGreaterThan(5);
      const last = names[names.length - 1] ?? '';
      const visited = await tabUntil(page, (focused) => focused.inNavigation && focused.name === last, last);
      const reached = visited.filter((focused) => focused.inNavigation);
      expect(reached.map((focused) => focused.name)).toEqual(expect.arrayContaining(names));
      expect(reached.filter((focused) => !focused.indicated).map((focused) => focused.name)).toEqual([]);

      await fromTop(page, `${serverUrl}/#/user/dashboard`, (p) =>
        p.getByRole('navigation').getByRole('link'),
      );
      await tabUntil(page, (focused) => focused.inNavigation && focused.name === 'Problems', 'Problems');
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).hash).toBe('#/user/problems');
    },
  },
  {
    name: 'problems: Space on a row’s Details opens the drawer, Escape closes it and gives the focus back',
    run: async (page, serverUrl) => {
      await fromTop(page, `${serverUrl}/#/user/problems`, (p) =>
        p.getByRole('button', { name: /^Details of / }),
      );
      await tabUntil(page, (focused) => focused.name.startsWith('Details of '), 'a Details button');
      await page.keyboard.press('Space');
      const drawer = page.getByRole('dialog', { name: 'Alert view' });
      await expect.poll(() => drawer.isVisible()).toBe(true);
      await expect.poll(async () => (await describeFocus(page)).inDialog).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => drawer.isVisible()).toBe(false);
      await expect.poll(async () => (await describeFocus(page)).name).toMatch(/^Details of /);
    },
  },
  {
    name: 'tickets: Enter on New ticket opens the form, Tab stays inside it, Escape closes it',
    run: async (page, serverUrl) => {
      await fromTop(page, `${serverUrl}/#/user/tickets`, (p) =>
        p.getByRole('button', { name: 'New ticket' }),
      );
      const visited = await tabUntil(page, (focused) => focused.name === 'New ticket', 'New ticket');
      expect(visited.at(-1)?.indicated).toBe(true);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'New ticket' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      for (let press = 0; press < 15; press += 1) {
        await page.keyboard.press('Tab');
        expect((await describeFocus(page)).inDialog).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
    },
  },
  {
    name: 'devices: the asset tree is one Tab stop; arrows move and Enter opens a unit',
    run: async (page, serverUrl, fixture) => {
      await fromTop(page, `${serverUrl}/#/user/devices/${fixture.unitId}/liveView`, (p) =>
        p.getByRole('treeitem'),
      );
      // The tree's one Tab stop is the open unit; the next row down is its neighbour in the same hall.
      const start = await tabUntil(page, (focused) => focused.role === 'treeitem', 'the asset tree');
      const current = start.at(-1)?.name ?? '';
      await page.keyboard.press('ArrowDown');
      const next = await describeFocus(page);
      expect(next.role).toBe('treeitem');
      expect(next.name).not.toBe(current);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('heading', { name: next.name, exact: true }).count()).toBe(1);
    },
  },
];
