import { KeyboardSensor, type KeyboardSensorProps } from "@dnd-kit/core";

/** The longest the keys pressed during a pick-up are held: a drag cancelled meanwhile lets go. */
const HOLD_LIMIT_MS = 2000;
/** Frames to wait for a handed-on key's move to be drawn (a key that moves nothing draws nothing). */
const MOVE_WAIT_FRAMES = 10;

/**
 * dnd-kit's KeyboardSensor starts listening for keys a task after the pick-up (Space or Enter on a
 * handle), and the places a card can go are measured a frame or two after that. An arrow pressed
 * at once — a quick typist, a screen reader user who knows the board — was lost, or moved the card
 * nowhere. This sensor holds the keys pressed meanwhile and hands them on, in order, once dnd-kit
 * listens, has measured the drop targets and knows what the card is over; each after the move of
 * the one before has been drawn (dnd-kit computes a key's move from the card's drawn place).
 * Keys pressed while held keys are still being handed on queue behind them, so the order is
 * never changed.
 */
export class HeldKeysKeyboardSensor extends KeyboardSensor {
  constructor(props: KeyboardSensorProps) {
    super(props);
    holdKeysUntilReady(props);
  }
}

function holdKeysUntilReady(props: KeyboardSensorProps): void {
  const target = props.event.target;
  const doc = target instanceof Node ? (target.ownerDocument ?? document) : document;
  const win = doc.defaultView ?? window;
  const held: KeyboardEvent[] = [];
  const handedOn = new WeakSet<Event>();
  const started = performance.now();
  let listening = false;
  let sawDrag = false;
  /** Where the dragged card was drawn when the last key was handed on, and frames waited since. */
  let movedFrom: string | null = null;
  let waited = 0;

  // Queued after the sensor's own `setTimeout` in its constructor, so this runs once it listens.
  win.setTimeout(() => {
    listening = true;
  });

  const ready = (): boolean => {
    const context = props.context.current;
    return listening && context.collisionRect !== null && context.droppableRects.size > 0 && context.over !== null;
  };

  const hold = (event: KeyboardEvent): void => {
    if (handedOn.has(event)) return;
    if (held.length === 0 && ready()) {
      stop();
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    held.push(event);
  };

  const stop = (): void => doc.removeEventListener("keydown", hold, true);

  const tick = (): void => {
    const dragging = props.context.current.active !== null;
    sawDrag ||= dragging;
    if ((sawDrag && !dragging) || performance.now() - started > HOLD_LIMIT_MS) {
      stop();
      return;
    }
    const rect = props.context.current.collisionRect;
    const drawnAt = rect ? `${rect.left},${rect.top}` : null;
    if (movedFrom !== null && drawnAt === movedFrom && waited < MOVE_WAIT_FRAMES) {
      waited += 1;
    } else if (ready()) {
      const next = held.shift();
      if (!next) {
        stop();
        return;
      }
      const copy = new KeyboardEvent("keydown", {
        key: next.key,
        code: next.code,
        shiftKey: next.shiftKey,
        altKey: next.altKey,
        ctrlKey: next.ctrlKey,
        metaKey: next.metaKey,
        bubbles: true,
        cancelable: true,
      });
      handedOn.add(copy);
      movedFrom = drawnAt;
      waited = 0;
      (next.target instanceof Node && next.target.isConnected ? next.target : doc).dispatchEvent(copy);
    }
    win.requestAnimationFrame(tick);
  };

  doc.addEventListener("keydown", hold, true);
  win.requestAnimationFrame(tick);
}
