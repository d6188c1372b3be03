import { describe, expect, it } from 'vitest';
import {
  connectionStateFor,
  createInitialisedPaths,
  createPathCounts,
  initialLiveConnectionState,
  liveConnectionEvents,
} from './liveSubscriberState.ts';

describe('live subscriber connection states', () => {
  it('maps each connection event to the spec state', () => {
    expect(connectionStateFor('connected')).toEqual({ isConnected: true, isConnecting: false });
    expect(connectionStateFor('connecting')).toEqual({ isConnected: false, isConnecting: true });
    expect(connectionStateFor('reconnecting')).toEqual({ isConnected: false, isConnecting: true });
    expect(connectionStateFor('disconnect')).toEqual({ isConnected: false, isConnecting: false });
    expect(liveConnectionEvents).toEqual(['connected', 'connecting', 'reconnecting', 'disconnect']);
  });

  it('starts neither connected nor connecting, and hands out copies', () => {
    expect(initialLiveConnectionState).toEqual({ isConnected: false, isConnecting: false });
    const state = connectionStateFor('connected');
    state.isConnected = false;
    expect(connectionStateFor('connected').isConnected).toBe(true);
  });
});

describe('initialised paths', () => {
  it('emits the initial state on the first value of each path only', () => {
    const paths = createInitialisedPaths();
    expect(paths.onValue('1/10')).toEqual(['initialMetricValueState', 'metricValueStateUpdate']);
    expect(paths.onValue('1/10')).toEqual(['metricValueStateUpdate']);
    expect(paths.onValue('2/10')).toEqual(['initialMetricValueState', 'metricValueStateUpdate']);
    expect(paths.size).toBe(2);
  });

  it('treats a forgotten path as new again, and clear forgets all', () => {
    const paths = createInitialisedPaths();
    paths.onValue('1/10');
    paths.onValue('1/11');
    paths.forget(['1/10']);
    expect(paths.has('1/10')).toBe(false);
    expect(paths.onValue('1/10')).toContain('initialMetricValueState');
    paths.clear();
    expect(paths.size).toBe(0);
    expect(paths.onValue('1/11')).toContain('initialMetricValueState');
  });
});

describe('path reference counts', () => {
  it('reports a path as added on its first user and removed after its last', () => {
    const counts = createPathCounts();
    expect(counts.add(['1/1', '1/2'])).toEqual(['1/1', '1/2']);
    expect(counts.add(['1/1', '1/3'])).toEqual(['1/3']);
    expect(counts.remove(['1/1'])).toEqual([]);
    expect(counts.remove(['1/1', '1/2', '9/9'])).toEqual(['1/1', '1/2']);
    expect(counts.wanted()).toEqual(['1/3']);
    expect(counts.has('1/3')).toBe(true);
    expect(counts.has('1/1')).toBe(false);
    counts.clear();
    expect(counts.wanted()).toEqual([]);
  });
});
