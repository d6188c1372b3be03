import { Component, useState, type ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';

export const TEST_ERROR_MESSAGE = 'Kelvin test error: raised on purpose from the test page';

/**
 * Raises a client error on purpose, so that error reporting can be seen to work end to end: thrown from an event
 * handler, it is uncaught (the window's error event, which the reporter listens to), while the page says what
 * happened. The boundary keeps the rest of the page should anything in here fail to render.
 */
export function ErrorDrill() {
  return (
    <DrillBoundary>
      <DrillButton />
    </DrillBoundary>
  );
}

function DrillButton() {
  const [raised, setRaised] = useState<Date | null>(null);
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        color="red"
        variant="light"
        leftSection={<IconBug size={16} aria-hidden />}
        onClick={() => {
          const at = new Date();
          setRaised(at);
          throw new Error(`${TEST_ERROR_MESSAGE} at ${at.toISOString()}`);
        }}
      >
        Raise a test error
      </Button>
      {raised && (
        <Alert color="yellow" role="status" title="A test error was raised">
          It went to the error reports as “{TEST_ERROR_MESSAGE}”. Nothing else was affected.
        </Alert>
      )}
    </Stack>
  );
}

class DrillBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed)
      return <Text c="red">The test error broke this box only; reload the page to try again.</Text>;
    return this.props.children;
  }
}
