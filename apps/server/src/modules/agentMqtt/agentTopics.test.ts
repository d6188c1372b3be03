import { describe, expect, it } from 'vitest';
import { agentTopic, parseAgentTopic, sharedAgentFilter } from './agentTopics.ts';

describe('agent topics', () => {
  it('names an agent’s topics under the prefix and reads them back', () => {
    expect(agentTopic('kelvin', 42, 'telemetry')).toBe('kelvin/agents/42/telemetry');
    expect(agentTopic('site/eu', 7, 'replies')).toBe('site/eu/agents/7/replies');
    expect(sharedAgentFilter('kelvin', 'ingest', 'deviceLogs')).toBe(
      '$share/ingest/kelvin/agents/+/deviceLogs',
    );
    expect(parseAgentTopic('kelvin', 'kelvin/agents/42/telemetry')).toEqual({
      agentAssetId: 42,
      kind: 'telemetry',
    });
    expect(parseAgentTopic('site/eu', 'site/eu/agents/7/deviceLogs')).toEqual({
      agentAssetId: 7,
      kind: 'deviceLogs',
    });
  });

  it('finds no agent in other topics', () => {
    for (const topic of [
      'kelvin/agents/42/replies',
      'kelvin/agents/0/telemetry',
      'kelvin/agents/-1/telemetry',
      'kelvin/agents/4x/telemetry',
      'kelvin/agents/42/telemetry/more',
      'other/agents/42/telemetry',
      'kelvinx/agents/42/telemetry',
    ]) {
      expect(parseAgentTopic('kelvin', topic)).toBeNull();
    }
  });
});
