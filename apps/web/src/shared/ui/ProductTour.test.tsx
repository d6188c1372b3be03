import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderWithRouter } from '../../test/renderWithRouter.tsx';
import { useState } from 'react';
import { cardPosition, ProductTour, useProductTourHold } from './ProductTour.tsx';

const rect = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

describe('cardPosition', () => {
  it('puts the card below, else above, else beside a tall element, inside the window', () => {
    expect(cardPosition(rect(100, 50, 200, 40), 1440, 900)).toEqual({ left: 100, top: 100 });
    expect(cardPosition(rect(100, 800, 200, 40), 1440, 900)).toEqual({ left: 100, top: 570 });
    expect(cardPosition(rect(250, 60, 270, 700), 1440, 900)).toEqual({ left: 530, top: 60 });
    expect(cardPosition(rect(1200, 20, 230, 860), 1440, 900).left).toBe(870);
  });
});

describe('ProductTour', () => {
  it('walks the steps whose element is on screen, and ends on Done or Escape', async () => {
    const onEnd = vi.fn();
    renderWithRouter([
      {
        path: '/',
        element: (
          <>
            <button data-tour="first">First</button>
            <button data-tour="second">Second</button>
            <ProductTour
              label="Tour of the test"
              steps={[
                { target: 'first', title: 'One', body: 'The first thing.' },
                { target: 'missing', title: 'Gone', body: 'Not on screen.' },
                { target: 'second', title: 'Two', body: 'The second thing.' },
              ]}
              onEnd={onEnd}
            />
          </>
        ),
      },
    ]);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Tour of the test' });
    expect(dialog).toHaveTextContent('Step 1 of 2');
    expect(dialog).toHaveAccessibleDescription(/The first thing\./);
    // The card takes the focus as it appears (its portal mounts a render later), so the keyboard works it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Step 2 of 2Two');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onEnd).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onEnd).toHaveBeenCalledTimes(2);
  });

  it('waits hidden while something holds the tours (an open phone menu) and goes on where it was', async () => {
    function Drawer() {
      const [open, setOpen] = useState(true);
      useProductTourHold(open);
      return <button onClick={() => setOpen(!open)}>{open ? 'Close menu' : 'Open menu'}</button>;
    }
    renderWithRouter([
      {
        path: '/',
        element: (
          <>
            <Drawer />
            <button data-tour="first">First</button>
            <ProductTour
              label="Tour of the test"
              steps={[{ target: 'first', title: 'One', body: 'The first thing.' }]}
              onEnd={vi.fn()}
            />
          </>
        ),
      },
    ]);
    const user = userEvent.setup();
    // The tour has measured its step (it shows at once without a hold), yet the open menu keeps it hidden.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: 'Tour of the test' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(await screen.findByRole('dialog', { name: 'Tour of the test' })).toHaveTextContent('Step 1 of 1');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.queryByRole('dialog', { name: 'Tour of the test' })).not.toBeInTheDocument();
  });

  it('follows its element when the layout moves it without a window resize (the navigation collapsing)', async () => {
    const observed: ResizeObserverCallback[] = [];
    // testSetup's stub cannot be redefined, only replaced (it is writable): put it back at the end.
    const original = window.ResizeObserver;
    window.ResizeObserver = class implements ResizeObserver {
      constructor(callback: ResizeObserverCallback) {
        observed.push(callback);
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    onTestFinished(() => {
      window.ResizeObserver = original;
    });
    renderWithRouter([
      {
        path: '/',
        element: (
          <>
            <button data-tour="moving">Moving</button>
            <ProductTour
              label="Tour of the test"
              steps={[{ target: 'moving', title: 'One', body: 'It moves.' }]}
              onEnd={vi.fn()}
            />
          </>
        ),
      },
    ]);
    await screen.findByRole('dialog', { name: 'Tour of the test' });
    const target = screen.getByRole('button', { name: 'Moving' });
    const ring = () => document.querySelector<HTMLElement>('[aria-hidden="true"][style*="box-shadow"]');
    expect(ring()?.style.left).toBe('-4px');
    vi.spyOn(target, 'getBoundingClientRect').mockReturnValue(new DOMRect(236, 150, 300, 90));
    const observer = new window.ResizeObserver(() => undefined);
    for (const callback of observed.slice()) callback([], observer);
    await waitFor(() => expect(ring()?.style.left).toBe('232px'));
  });
});
