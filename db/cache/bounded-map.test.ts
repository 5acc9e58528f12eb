import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('never holds more than its bound: the least recently read goes first', () => {
    const map = new BoundedMap<number>(2, 60_000);
    map.set('a', 'e1', 1);
    map.set('b', 'e1', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 'e1', 3);
    expect(map.size).toBe(2);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
  });

  it('forgets an entry once its time to live has passed, however often it is read', () => {
    let now = 1_000;
    const map = new BoundedMap<string>(10, 500, () => now);
    map.set('key', 'e1', 'value');
    now += 499;
    expect(map.get('key')).toBe('value');
    now += 1;
    expect(map.get('key')).toBeUndefined();
    expect(map.size).toBe(0);
  });

  it('storing again restarts the time to live', () => {
    let now = 0;
    const map = new BoundedMap<string>(10, 500, () => now);
    map.set('key', 'e1', 'old');
    now = 400;
    map.set('key', 'e1', 'new');
    now = 800;
    expect(map.get('key')).toBe('new');
  });

  it('forgets every entry of one owner, and only those', () => {
    const map = new BoundedMap<string>(10, 60_000);
    map.set('api-key:1', 'e1', 'e1');
    map.set('contracts:e1', 'e1', 'c');
    map.set('api-key:2', 'e2', 'e2');
    map.deleteOwner('e1');
    expect(map.get('api-key:1')).toBeUndefined();
    expect(map.get('contracts:e1')).toBeUndefined();
    expect(map.get('api-key:2')).toBe('e2');
  });

  it('refuses a bound that would not bound anything', () => {
    expect(() => new BoundedMap(0, 1000)).toThrow();
    expect(() => new BoundedMap(10, 0)).toThrow();
  });
});
