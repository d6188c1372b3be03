import { describe, expect, it } from 'vitest';
import {
  ACTIVE_TICKET_STATUSES,
  CORE_ENUM_NAMES,
  CORE_ENUMS,
  TICKET_STATUS_COLORS,
  TICKET_STATUSES,
  coreEnumEntries,
  coreEnumKey,
  coreEnumLabel,
  coreEnumValue,
  coreEnumValueLabel,
  isCoreEnumName,
  isLaborCodeKey,
  isTicketStatusKey,
  ticketStatusColor,
} from './ticketEnums.ts';

describe('core enums', () => {
  it("carries the spec's ids and keys", () => {
    const ids = Object.fromEntries(CORE_ENUM_NAMES.map((name) => [name, CORE_ENUMS[name].id]));
    expect(ids).toEqual({
      ticketSeverity: 1,
      ticketPriority: 2,
      ticketType: 3,
      ticketStatus: 4,
      ticketUserRelationType: 5,
      timeEntryType: 6,
      laborCodes: 9,
      schedule: 10,
      navigationItems: 11,
      ticketSource: 12,
    });
    expect(CORE_ENUMS.ticketStatus.values).toEqual({
      universal: -1,
      new: 0,
      inProgress: 2,
      onHold: 3,
      needsDispatch: 4,
      scheduled: 5,
      resolved: 7,
      closed: 11,
    });
    expect(CORE_ENUMS.ticketType.values.partsOrdering).toBe(11);
    expect(CORE_ENUMS.laborCodes.values).toEqual({ other: 0, travel: 3 });
    expect(CORE_ENUMS.schedule.values.remoteAssist).toBe(5);
    expect(CORE_ENUMS.ticketSource.values).toEqual({
      kyotoLinkEvent: 0,
      internal: 1,
      emailIn: 2,
      callIn: 3,
      portal: 4,
    });
  });

  it('looks values up by key and keys by value, within one enum', () => {
    expect(coreEnumValue('ticketStatus', 'needsDispatch')).toBe(4);
    expect(coreEnumValue('laborCodes', 'travel')).toBe(3);
    expect(coreEnumValue('laborCodes', 'siteVisit')).toBeUndefined();
    expect(coreEnumValue('laborCodes', 'toString')).toBeUndefined();
    expect(coreEnumKey('ticketStatus', 11)).toBe('closed');
    expect(coreEnumKey('schedule', 2)).toBe('travel');
    expect(coreEnumKey('ticketStatus', 1)).toBeUndefined();
    expect(coreEnumKey('timeEntryType', 0)).toBeUndefined();
  });

  it('recognises enum names and the keys of labor codes and statuses', () => {
    expect(isCoreEnumName('laborCodes')).toBe(true);
    expect(isCoreEnumName('ticketColour')).toBe(false);
    expect(isLaborCodeKey('travel')).toBe(true);
    expect(isLaborCodeKey('incident')).toBe(false);
    expect(isTicketStatusKey('onHold')).toBe(true);
    expect(isTicketStatusKey('open')).toBe(false);
  });
});

describe('labels', () => {
  it('spells camelCase keys out as sentences', () => {
    expect(coreEnumLabel('inProgress')).toBe('In progress');
    expect(coreEnumLabel('needsDispatch')).toBe('Needs dispatch');
    expect(coreEnumLabel('onHold')).toBe('On hold');
    expect(coreEnumLabel('partsOrdering')).toBe('Parts ordering');
    expect(coreEnumLabel('siteVisit')).toBe('Site visit');
    expect(coreEnumLabel('new')).toBe('New');
    expect(coreEnumLabel('someKeyFromLater')).toBe('Some key from later');
  });

  it('says what a user understands where the key would not', () => {
    expect(coreEnumLabel('scheduledPM')).toBe('Scheduled PM');
    expect(coreEnumLabel('kyotoLinkEvent')).toBe('Problem');
    expect(coreEnumLabel('emailIn')).toBe('Email');
    expect(coreEnumLabel('callIn')).toBe('Phone call');
    expect(coreEnumLabel('startupCommissioning')).toBe('Startup / commissioning');
  });

  it('gives every value of every enum a non-empty label, in value order', () => {
    for (const name of CORE_ENUM_NAMES) {
      const entries = coreEnumEntries(name);
      expect(entries.map((entry) => entry.value)).toEqual(
        [...entries.map((e) => e.value)].sort((a, b) => a - b),
      );
      for (const entry of entries) expect(entry.label).toMatch(/^[A-Z]/);
    }
    expect(coreEnumEntries('laborCodes')).toEqual([
      { key: 'other', value: 0, label: 'Other' },
      { key: 'travel', value: 3, label: 'Travel' },
    ]);
  });

  it('labels a value, and an unknown value as itself', () => {
    expect(coreEnumValueLabel('ticketStatus', 2)).toBe('In progress');
    expect(coreEnumValueLabel('ticketStatus', 99)).toBe('99');
  });
});

describe('status colours', () => {
  it('gives every status its own colour', () => {
    const statuses = Object.keys(CORE_ENUMS.ticketStatus.values).filter((key) => key !== 'universal');
    expect([...TICKET_STATUSES].sort()).toEqual(statuses.sort());
    const colours = TICKET_STATUSES.map((status) => TICKET_STATUS_COLORS[status]);
    expect(new Set(colours).size).toBe(TICKET_STATUSES.length);
    // Red reads as an alarm; a ticket status is not one.
    expect(colours).not.toContain('red');
  });

  it('looks a colour up by key, grey for anything else', () => {
    expect(ticketStatusColor('inProgress')).toBe(TICKET_STATUS_COLORS.inProgress);
    expect(ticketStatusColor('closed')).toBe('gray');
    expect(ticketStatusColor('universal')).toBe('gray');
    expect(ticketStatusColor('nonsense')).toBe('gray');
  });

  it("has the spec's active statuses", () => {
    expect(ACTIVE_TICKET_STATUSES).toEqual(['new', 'inProgress', 'onHold', 'needsDispatch', 'scheduled']);
  });
});
