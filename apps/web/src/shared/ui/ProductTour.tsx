import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Box, Button, Group, Paper, Portal, Text, Title } from '@mantine/core';

export interface TourStep {
  /** The `data-tour` attribute of the element the step points at. */
  target: string;
  title: string;
  body: string;
}

export interface ProductTourProps {
  /** Names the tour for screen readers. */
  label: string;
  steps: readonly TourStep[];
  /** Finished or skipped: either way the tour is over and is recorded as seen. */
  onEnd: () => void;
}

const CARD_WIDTH = 320;
const GAP = 10;

/** Room the card needs: its width, and about this much height. */
const CARD_HEIGHT = 220;

/**
 * Where the card goes: below the element, else above it, else beside it (a tall element such as a tree), always
 * inside the window.
 */
export function cardPosition(
  rect: Pick<DOMRect, 'left' | 'top' | 'right' | 'bottom'>,
  width: number,
  height: number,
): { left: number; top: number } {
  const clampLeft = (left: number) => Math.max(GAP, Math.min(left, width - CARD_WIDTH - GAP));
  const clampTop = (top: number) => Math.max(GAP, Math.min(top, height - CARD_HEIGHT - GAP));
  if (rect.bottom + GAP + CARD_HEIGHT < height) return { left: clampLeft(rect.left), top: rect.bottom + GAP };
  if (rect.top - GAP - CARD_HEIGHT > 0)
    return { left: clampLeft(rect.left), top: rect.top - GAP - CARD_HEIGHT };
  const beside = rect.right + GAP + CARD_WIDTH < width ? rect.right + GAP : rect.left - GAP - CARD_WIDTH;
  return { left: clampLeft(beside), top: clampTop(rect.top) };
}

/**
 * Whatever covers the screen and must not be covered by a tour (the phone's open navigation drawer) holds the tours
 * while it is open: a tour waits, hidden, and goes on where it was once nothing holds it.
 */
const holds = new Set<symbol>();
const holdListeners = new Set<() => void>();
const subscribeToHolds = (listener: () => void) => {
  holdListeners.add(listener);
  return () => {
    holdListeners.delete(listener);
  };
};
const changeHolds = (change: () => void) => {
  change();
  for (const listener of holdListeners) listener();
};

/** Holds every product tour while `held` is true (and this component is mounted). */
export function useProductTourHold(held: boolean): void {
  useEffect(() => {
    if (!held) return;
    const hold = Symbol('product tour hold');
    changeHolds(() => holds.add(hold));
    return () => changeHolds(() => holds.delete(hold));
  }, [held]);
}

const useToursHeld = () => useSyncExternalStore(subscribeToHolds, () => holds.size > 0);

const targetOf = (step: TourStep | undefined) =>
  step ? document.querySelector<HTMLElement>(`[data-tour="${step.target}"]`) : null;

/**
 * A short walk through a screen: each step rings its element, dims the rest and explains it in a card beside it.
 * Keyboard: the card takes focus, Escape skips, Enter goes on. Steps whose element is not on screen are passed;
 * with none on screen nothing shows (and nothing is recorded). While something holds the tours it waits hidden.
 */
export function ProductTour({ label, steps, onEnd }: ProductTourProps) {
  // Which steps have their element on screen: read after the screen has rendered, not during this render.
  const [present, setPresent] = useState<readonly TourStep[]>([]);
  useEffect(() => {
    const timer = setTimeout(() => setPresent(steps.filter((step) => targetOf(step) !== null)));
    return () => clearTimeout(timer);
  }, [steps]);
  const [index, setIndex] = useState(0);
  const [rect, setRect] = useState<DOMRect | null>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const held = useToursHeld();
  const step = present[index];
  const last = index >= present.length - 1;

  useLayoutEffect(() => {
    const element = targetOf(step);
    if (!element) return;
    // jsdom has no scrolling: the test environment lacks what every browser has.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    element.scrollIntoView?.({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    const measure = () => setRect(element.getBoundingClientRect());
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    // The page's layout can move the element without a window resize (the navigation collapsing to its rail).
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
      resized.disconnect();
    };
  }, [step]);
  // The card takes the focus when its button mounts (Mantine's Portal renders its children a render after the
  // card is first shown, after an effect of this component would have run) and again on each step (Back takes it).
  const focusNext = useCallback((button: HTMLButtonElement | null) => {
    nextRef.current = button;
    button?.focus();
  }, []);
  useEffect(() => nextRef.current?.focus(), [index]);

  if (held || !step || !rect) return null;
  const position = cardPosition(rect, window.innerWidth, window.innerHeight);
  // The dialog is named by the tour; the step's title and text describe it.
  const titleId = 'product-tour-step';
  return (
    <Portal>
      <Box
        aria-hidden
        style={{
          position: 'fixed',
          left: rect.left - 4,
          top: rect.top - 4,
          width: rect.width + 8,
          height: rect.height + 8,
          borderRadius: 8,
          border: '2px solid var(--mantine-primary-color-filled)',
          boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.35)',
          pointerEvents: 'none',
          zIndex: 400,
        }}
      />
      <Paper
        role="dialog"
        aria-label={label}
        aria-describedby={titleId}
        shadow="lg"
        withBorder
        p="md"
        w={CARD_WIDTH}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onEnd();
        }}
        style={{ position: 'fixed', ...position, zIndex: 401 }}
      >
        <Text size="xs" c="dimmed">
          Step {index + 1} of {present.length}
        </Text>
        <Box id={titleId}>
          <Title order={3} size="h5" mt={4}>
            {step.title}
          </Title>
          <Text size="sm" mt={6}>
            {step.body}
          </Text>
        </Box>
        <Group justify="space-between" mt="md">
          <Button variant="subtle" color="gray" size="xs" onClick={onEnd}>
            Skip tour
          </Button>
          <Group gap="xs">
            {index > 0 && (
              <Button variant="default" size="xs" onClick={() => setIndex(index - 1)}>
                Back
              </Button>
            )}
            <Button ref={focusNext} size="xs" onClick={() => (last ? onEnd() : setIndex(index + 1))}>
              {last ? 'Done' : 'Next'}
            </Button>
          </Group>
        </Group>
      </Paper>
    </Portal>
  );
}
