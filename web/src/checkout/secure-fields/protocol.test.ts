import { describe, expect, it } from 'vitest';
import {
  frameUrl,
  HANDSHAKE,
  isHandshake,
  parseCommand,
  parseFrameAddress,
  parseFrameEvent,
  parseSiblingMessage,
  randomId,
} from './protocol';

const address = {
  field: 'number' as const,
  parentOrigin: 'https://shop.example',
  group: 'abcdefghijklmnopqrstuvwx',
  frameId: 'bcdefghijklmnopqrstuvwxy',
};

describe('the frame address', () => {
  it('is the frame page below api_url, with the address in the fragment, read back by the frame', () => {
    const url = new URL(frameUrl('https://api.tessera.example/base/', address));
    expect(url.origin + url.pathname).toBe('https://api.tessera.example/base/secure-fields/v1/field.html');
    expect(url.search).toBe('');
    expect(parseFrameAddress(url.hash)).toEqual(address);
  });

  it('is refused when anything is missing or malformed', () => {
    const hash = (params: Record<string, string>) => `#${new URLSearchParams(params).toString()}`;
    const good = { field: 'cvc', origin: 'https://shop.example', group: address.group, id: address.frameId };
    expect(parseFrameAddress(hash(good))).not.toBeNull();
    expect(parseFrameAddress(hash({ ...good, field: 'pin' }))).toBeNull();
    expect(parseFrameAddress(hash({ ...good, origin: 'https://shop.example/path' }))).toBeNull();
    expect(parseFrameAddress(hash({ ...good, origin: 'javascript:alert(1)' }))).toBeNull();
    expect(parseFrameAddress(hash({ ...good, origin: '*' }))).toBeNull();
    expect(parseFrameAddress(hash({ ...good, group: 'short' }))).toBeNull();
    expect(parseFrameAddress(hash({ ...good, id: 'has-digits-1234567890123' }))).toBeNull();
  });

  it('uses ids of letters only, so that nothing in a page looks like card digits', () => {
    expect(randomId()).toMatch(/^[a-z]{24}$/);
    expect(randomId()).not.toBe(randomId());
  });
});

describe('messages', () => {
  it('accepts the handshake of the expected frame only', () => {
    const hello = { type: HANDSHAKE, frameId: address.frameId, field: 'number', version: '1.0.0' };
    expect(isHandshake(hello, address.frameId)).toBe(true);
    expect(isHandshake(hello, 'another')).toBe(false);
    expect(isHandshake({ ...hello, field: 'pan' }, address.frameId)).toBe(false);
    expect(isHandshake('hello', address.frameId)).toBe(false);
  });

  it('reads the commands a frame acts on, and nothing else', () => {
    expect(parseCommand({ type: 'focus' })).toEqual({ type: 'focus' });
    expect(parseCommand({ type: 'tokenize', requestId: 'r', fields: ['number', 'cvc'] })).toEqual({
      type: 'tokenize',
      requestId: 'r',
      fields: ['number', 'cvc'],
    });
    expect(parseCommand({ type: 'tokenize', requestId: 'r', fields: ['number', 'pan'] })).toBeNull();
    expect(parseCommand({ type: 'configure', configuration: { label: 'x' } })).toBeNull();
    expect(parseCommand({ type: 'setValue', value: '4242' })).toBeNull();
    expect(parseCommand(null)).toBeNull();
  });

  it('reads the frames’ events and the frames’ messages to each other', () => {
    const state = { field: 'expiry', empty: false, complete: true, valid: true };
    expect(parseFrameEvent({ type: 'change', state })).toEqual({ type: 'change', state });
    expect(parseFrameEvent({ type: 'change', state: { field: 'pan' } })).toBeNull();
    expect(parseFrameEvent({ type: 'value', value: '4242' })).toBeNull();
    expect(parseSiblingMessage({ type: 'collect', requestId: 'r' })).toEqual({ type: 'collect', requestId: 'r' });
    expect(parseSiblingMessage({ type: 'value', requestId: 'r', field: 'cvc', value: '123' })).toBeNull();
  });
});
