import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../apps/server/src/config.ts';

/** One keystroke, in ms from its keydown: its handlers and render done, and the frame after it painted. */
export interface KeystrokeCost {
  handledMs: number;
  paintedMs: number;
}

interface FormBenchState {
  /** ms since navigation start when the last of the form's fields was in the page (0 until then). */
  firstRenderAt: number;
  keystrokes: KeystrokeCost[];
  /** Keystrokes the whole-form mode revalidated and re-rendered the form for. */
  wholeFormRuns: number;
  /** The last whole-form validation's message count (a check that it ran over real values). */
  wholeFormErrors: number;
}

declare global {
  interface Window {
    __formBench?: FormBenchState;
    /** The domain's validateForm, bundled for the page by the bench (the app does not expose it). */
    __kelvinDomain?: {
      validateForm: (elements: unknown, values: unknown, options: { checkRequired: boolean }) => object;
    };
  }
}

/** The domain's validateForm as a script for the page: the same code the app runs on Save. */
export async function domainScript(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `export { validateForm } from './packages/domain/src/forms/formValidation.ts';`,
      resolveDir: repoRoot,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: '__kelvinDomain',
    write: false,
    platform: 'browser',
  });
  const script = result.outputFiles[0]?.text;
  if (script === undefined) throw new Error('esbuild wrote nothing');
  // An init script does not run as a classic script's top level: its var would not be the window's.
  return `${script}\nwindow.__kelvinDomain = __kelvinDomain;`;
}

/**
 * Before the page's own scripts: records when `fields` fields are drawn, and each keystroke's cost. With
 * `wholeForm`, every input event (after the app's own handling, at the window) also does what a form without
 * per-row state would: validates the whole form with the domain's validateForm and re-renders every row, through
 * the screen's own store (reached through React's fiber of a row) — so only the strategy differs, not the page.
 */
export async function installProbe(page: Page, fields: number, wholeForm: boolean): Promise<void> {
  // tsx compiles the probe below with esbuild's keepNames, whose helper the page does not have.
  await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  if (wholeForm) await page.addInitScript({ content: await domainScript() });
  await page.addInitScript(
    ({ fields, wholeForm }) => {
      const state: FormBenchState = {
        firstRenderAt: 0,
        keystrokes: [],
        wholeFormRuns: 0,
        wholeFormErrors: 0,
      };
      window.__formBench = state;
      const drawn = () =>
        document.querySelectorAll('[data-element-id] input, [data-element-id] textarea').length;
      const watch = () => {
        if (drawn() >= fields) state.firstRenderAt = performance.now();
        else requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);

      const call = (target: unknown, name: string, ...args: unknown[]): unknown => {
        const method: unknown =
          target !== null && typeof target === 'object' ? Reflect.get(target, name) : undefined;
        if (typeof method !== 'function') throw new Error(`no ${name}`);
        return Reflect.apply(method, target, args);
      };
      /** The screen's store and form elements, from the props of a row's React fiber and its parents. */
      let screen: { store: unknown; elements: unknown } | undefined;
      const findScreen = () => {
        const row = document.querySelector('[data-element-id]');
        const key = row ? Object.keys(row).find((name) => name.startsWith('__reactFiber$')) : undefined;
        let fiber: unknown = row && key ? Reflect.get(row, key) : undefined;
        let store: unknown;
        let elements: unknown;
        while (
          fiber !== null &&
          typeof fiber === 'object' &&
          (store === undefined || elements === undefined)
        ) {
          const props: unknown = Reflect.get(fiber, 'memoizedProps');
          if (props !== null && typeof props === 'object') {
            store ??= Reflect.get(props, 'store');
            const form: unknown = Reflect.get(props, 'form');
            if (form !== null && typeof form === 'object') elements ??= Reflect.get(form, 'formElements');
          }
          fiber = Reflect.get(fiber, 'return');
        }
        if (store === undefined || elements === undefined) throw new Error('the form screen was not found');
        return { store, elements };
      };
      const revalidateWholeForm = () => {
        screen ??= findScreen();
        const domain = window.__kelvinDomain;
        if (!domain) throw new Error('the domain script is missing');
        const values = call(screen.store, 'formValues');
        const errors = domain.validateForm(screen.elements, values, { checkRequired: true });
        // Every row notified with a new state, then the real messages: each row renders once, with the result.
        const everyRow: Record<string, string> = {};
        if (Array.isArray(values))
          for (const value of values) {
            const id: unknown =
              value !== null && typeof value === 'object'
                ? Reflect.get(value, 'formElementDefAssociationId')
                : undefined;
            if (typeof id === 'number') everyRow[String(id)] = '…';
          }
        call(screen.store, 'showErrors', everyRow);
        call(screen.store, 'showErrors', errors);
        state.wholeFormRuns++;
        state.wholeFormErrors = Object.keys(errors).length;
      };

      let keydownAt: number | null = null;
      window.addEventListener('keydown', (event) => (keydownAt = event.timeStamp), true);
      window.addEventListener('input', () => {
        if (keydownAt === null) return;
        const start = keydownAt;
        keydownAt = null;
        if (wholeForm) revalidateWholeForm();
        // After React's own microtask flush of what the handlers set.
        queueMicrotask(() =>
          queueMicrotask(() => {
            const handledMs = performance.now() - start;
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () =>
                state.keystrokes.push({ handledMs, paintedMs: performance.now() - start });
              channel.port2.postMessage(0);
            });
          }),
        );
      });
    },
    { fields, wholeForm },
  );
}

/** The floor of first render: the same 500 labelled boxes in their sections, by plain DOM calls. */
export function floorPage(sections: number, perSection: number): string {
  const script = `
    const root = document.body;
    for (let s = 0; s < ${sections}; s++) {
      const section = document.createElement('section');
      const heading = document.createElement('h3');
      heading.textContent = 'Section ' + (s + 1);
      section.append(heading);
      for (let i = 0; i < ${perSection}; i++) {
        const row = document.createElement('div');
        row.dataset.elementId = String(s * ${perSection} + i);
        const label = document.createElement('label');
        label.textContent = 'Section ' + (s + 1) + ' item ' + (i + 1);
        const input = document.createElement('input');
        input.id = 'f' + row.dataset.elementId;
        label.htmlFor = input.id;
        row.append(label, input);
        section.append(row);
      }
      root.append(section);
    }`;
  return `<!doctype html><html><head><title>floor</title></head><body><script>${script}</script></body></html>`;
}

/** What the page recorded. */
export async function readProbe(page: Page): Promise<FormBenchState> {
  const state = await page.evaluate(() => window.__formBench);
  if (!state) throw new Error('the probe is not installed');
  return state;
}
