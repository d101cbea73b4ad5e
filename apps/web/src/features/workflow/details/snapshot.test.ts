import { describe, expect, it } from 'vitest';
import { detailOf } from './registry';
import { SnapshotDetail } from './SnapshotDetail';
import { humanKey, snapshotFields, valueText } from './snapshot';

describe('snapshot fields', () => {
  it('orders the named fields first and leaves out ids and internal fields', () => {
    const fields = snapshotFields(
      { requestId: 'R1', remark: 'hi', name: 'Ann', phone: '13900000000', pno: '10000001', version: 3 },
      ['name', 'phone'],
    );
    expect(fields.map((f) => f.key)).toEqual(['name', 'phone', 'remark']);
  });

  it('keeps an id the area wants shown', () => {
    expect(snapshotFields({ deviceId: 'dev-1' }, [], ['deviceId'])).toEqual([{ key: 'deviceId', text: 'dev-1' }]);
  });

  it('formats times, sizes, lists, flags and objects', () => {
    expect(valueText('createTime', Date.UTC(2026, 0, 31, 6, 5))).toMatch(/^2026-01-31 \d\d:05$/);
    expect(valueText('quotaBytes', 50_000_000_000)).toBe('50.00 GB');
    expect(valueText('tags', ['a', 'b'])).toBe('a, b');
    expect(valueText('on', true)).toBe('✓');
    expect(valueText('extra', { a: 1 })).toBe('{"a":1}');
    expect(valueText('remark', '')).toBe('—');
    expect(valueText('count', 3)).toBe('3');
  });

  it('turns an unknown key into words', () => {
    expect(humanKey('deviceModelName')).toBe('Device model name');
    expect(humanKey('snake_case')).toBe('Snake case');
  });
});

describe('detail registry', () => {
  it('has its own detail for member join, terminal and function applications, the snapshot for the rest', () => {
    expect(detailOf('memberJoin')).not.toBe(SnapshotDetail);
    expect(detailOf('terminal')).not.toBe(SnapshotDetail);
    expect(detailOf('function')).not.toBe(SnapshotDetail);
    expect(detailOf('appShelf')).toBe(SnapshotDetail);
  });
});
