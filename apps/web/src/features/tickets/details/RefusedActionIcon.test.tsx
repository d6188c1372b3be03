import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../test/renderWithRouter.tsx';
import { RefusedActionIcon } from './RefusedActionIcon.tsx';

const REASON = 'Priced by the provider: only they change or remove it.';

function renderIcon() {
  renderWithRouter([
    {
      path: '/',
      element: (
        <div>
          <button type="button">Before</button>
          <RefusedActionIcon label="Remove Filter" reason={REASON}>
            x
          </RefusedActionIcon>
        </div>
      ),
    },
  ]);
  return screen.getByRole('button', { name: 'Remove Filter' });
}

describe('RefusedActionIcon', () => {
  it('is a disabled button that a screen reader describes with the reason', () => {
    const button = renderIcon();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(REASON);
  });

  it('shows the reason on a tap, where no hover happens', async () => {
    const button = renderIcon();
    const user = userEvent.setup();
    await user.pointer({ keys: '[TouchA]', target: button });
    expect(await screen.findByRole('tooltip')).toHaveTextContent(REASON);
  });

  it('shows the reason when reached with the keyboard', async () => {
    const button = renderIcon();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(button).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(REASON);
  });
});
