import { describe, expect, it } from 'vitest';
import { fakeLiveTransport } from './fakeLiveTransport.ts';
import { createLiveMetricSubscriber, type LiveSubscriberEventName } from './liveMetricSubscriber.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const valueOf = (payload: unknown) =>
  typeof payload === 'object' && payload !== null && 'value' in payload ? payload.value : undefined;

function recording() {
  const fake = fakeLiveTransport({
    refuse: (path) => (path.startsWith('9/') ? 'Asset not found.' : undefined),
  });
  const subscriber = createLiveMetricSubscriber(fake.transport);
  const events: [LiveSubscriberEventName, unknown][] = [];
  const names: LiveSubscriberEventName[] = [
    'metricValueStateUpdate',
    'initialMetricValueState',
    'connected',
    'connecting',
    'reconnecting',
    'disconnect',
    'error',
  ];
  for (const name of names) subscriber.on(name, (payload) => events.push([name, payload]));
  return { fake, subscriber, events };
}

describe('live metric subscriber', () => {
  it('connects on the first subscription and reports the spec connection states', () => {
    const { fake, subscriber, events } = recording();
    expect(fake.opens).toBe(0);
    subscriber.subscribe(['1/10']);
    fake.server().connected();
    fake.server().disconnected('transport close');
    fake.server().reconnecting();
    fake.server().connected();
    expect(events).toEqual([
      ['connecting', { isConnected: false, isConnecting: true }],
      ['connected', { isConnected: true, isConnecting: false }],
      ['disconnect', { isConnected: false, isConnecting: false }],
      ['reconnecting', { isConnected: false, isConnecting: true }],
      ['connected', { isConnected: true, isConnecting: false }],
    ]);
    expect(subscriber.state).toEqual({ isConnected: true, isConnecting: false });
    expect(fake.opens).toBe(1);
  });

  it('subscribes the wanted paths on every connection, since the server forgets them when it drops', () => {
    const { fake, subscriber } = recording();
    subscriber.subscribe(['1/10', '1/11']);
    expect(fake.subscribed).toEqual([]);
    fake.server().connected();
    subscriber.subscribe(['1/12', '1/10']);
    fake.server().disconnected('transport close');
    fake.server().connected();
    expect(fake.subscribed).toEqual([['1/10', '1/11'], ['1/12'], ['1/10', '1/11', '1/12']]);
  });

  it('emits the initial state on the first value of each path, then updates only', () => {
    const { fake, subscriber, events } = recording();
    subscriber.subscribe(['1/10', '1/11']);
    fake.server().connected();
    events.length = 0;
    fake.send('1/10', 20);
    fake.send('1/10', 21);
    fake.send('1/11', 'RUN');
    expect(events.map(([name, payload]) => [name, valueOf(payload)])).toEqual([
      ['initialMetricValueState', 20],
      ['metricValueStateUpdate', 20],
      ['metricValueStateUpdate', 21],
      ['initialMetricValueState', 'RUN'],
      ['metricValueStateUpdate', 'RUN'],
    ]);
    expect(subscriber.latest('1/10')?.value).toBe(21);
  });

  it('counts paths: unsubscribes from the server after the last user, and a later value is initial again', () => {
    const { fake, subscriber, events } = recording();
    subscriber.subscribe(['1/10']);
    subscriber.subscribe(['1/10']);
    fake.server().connected();
    fake.send('1/10', 1);
    subscriber.unsubscribe(['1/10']);
    expect(fake.unsubscribed).toEqual([]);
    subscriber.unsubscribe(['1/10']);
    expect(fake.unsubscribed).toEqual([['1/10']]);
    expect(subscriber.latest('1/10')).toBeUndefined();
    // A value already on its way when the path was dropped is ignored.
    events.length = 0;
    fake.send('1/10', 2);
    expect(events).toEqual([]);
    subscriber.subscribe(['1/10']);
    fake.send('1/10', 3);
    expect(events.map(([name]) => name)).toEqual(['initialMetricValueState', 'metricValueStateUpdate']);
  });

  it('reports refused paths, refused connections and unreadable messages as errors', async () => {
    const { fake, subscriber, events } = recording();
    subscriber.subscribe(['1/10', '9/10']);
    fake.server().connected();
    await flush();
    fake.server().connectError({ message: 'The token is invalid or has expired.', code: 'UNAUTHORIZED' });
    fake.server().update({ path: '1/10' });
    expect(events.filter(([name]) => name === 'error').map(([, payload]) => payload)).toEqual([
      { message: 'Asset not found.', code: 'REFUSED_PATH', path: '9/10' },
      { message: 'The token is invalid or has expired.', code: 'UNAUTHORIZED' },
      { message: 'A live value could not be read.', code: 'INVALID' },
    ]);
  });

  it('removes a listener with the function on() returns', () => {
    const { fake, subscriber } = recording();
    const heard: unknown[] = [];
    const off = subscriber.on('metricValueStateUpdate', (update) => heard.push(update.value));
    subscriber.subscribe(['1/10']);
    fake.server().connected();
    fake.send('1/10', 1);
    off();
    fake.send('1/10', 2);
    expect(heard).toEqual([1]);
  });

  it('opens the one connection without a path for the user’s notification signals, and shares it', () => {
    const { fake, subscriber, events } = recording();
    const signals: unknown[] = [];
    subscriber.on('notificationsChanged', (signal) => signals.push(signal));
    subscriber.connect();
    subscriber.connect();
    fake.server().connected();
    fake.notify(4);
    fake.server().notificationsChanged({ unreadCount: -1 });
    subscriber.subscribe(['1/10']);
    expect(fake.opens).toBe(1);
    expect(fake.subscribed).toEqual([['1/10']]);
    expect(signals).toEqual([{ unreadCount: 4 }]);
    expect(events.at(-1)).toEqual([
      'error',
      { message: 'A notification signal could not be read.', code: 'INVALID' },
    ]);
  });

  it('end() disconnects and clears listeners and initialised paths', () => {
    const { fake, subscriber, events } = recording();
    subscriber.subscribe(['1/10']);
    fake.server().connected();
    fake.send('1/10', 1);
    events.length = 0;
    subscriber.end();
    expect(fake.closed).toBe(true);
    expect(subscriber.ended).toBe(true);
    expect(subscriber.state).toEqual({ isConnected: false, isConnecting: false });
    expect(subscriber.latest('1/10')).toBeUndefined();
    fake.server().connected();
    fake.send('1/10', 2);
    expect(events).toEqual([]);
    subscriber.subscribe(['1/11']);
    expect(fake.opens).toBe(1);
  });
});
