import { Drawer, MantineProvider, Modal } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

describe("the theme's dialogs", () => {
  it('names the close button of every modal and drawer', () => {
    render(
      <MantineProvider theme={theme}>
        <Modal opened onClose={() => undefined} title="Plan maintenance">
          body
        </Modal>
        <Drawer opened onClose={() => undefined} title="Problem details">
          body
        </Drawer>
      </MantineProvider>,
    );
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });
});
