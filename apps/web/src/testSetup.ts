import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { notifications } from '@mantine/notifications';

// findBy and waitFor wait up to 3 s instead of 1: the first render of a screen with its lazy parts takes over a
// second on a shared 2-core machine under CI load, and a test that waits only as long as needed loses nothing.
configure({ asyncUtilTimeout: 3_000 });

// Mantine reads these browser APIs, which jsdom does not implement.
if (!('matchMedia' in window) || typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    // Untyped on purpose: MediaQueryList declares the deprecated addListener, which older callers still use.
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// Mantine's autosizing textarea listens to document.fonts, and its combobox scrolls the chosen option into view.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => undefined;
}

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // The toast store is global: a test's toasts (and the queue past Mantine's limit) must not reach the next test.
  notifications.clean();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
