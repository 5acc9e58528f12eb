import { describe, expect, it } from 'vitest';
import { originOf } from './webhook-delivery-attempts';

describe('what the webhook delivery log keeps of a url in clear', () => {
  it.each([
    ['https://shop.example.com/hooks/tessera', 'https://shop.example.com'],
    ['https://user:s3cret@shop.example.com/hooks', 'https://shop.example.com'],
    ['http://127.0.0.1:8443/t/k3y?auth=k3y#part', 'http://127.0.0.1:8443'],
    ['HTTPS://Shop.Example.COM:443/x', 'https://shop.example.com'],
  ])('%s keeps %s', (url, origin) => {
    expect(originOf(url)).toBe(origin);
  });

  it('keeps nothing of what is not a url with a host', () => {
    expect(originOf('not a url')).toBe('unknown');
    expect(originOf('mailto:k3y@example.com')).toBe('unknown');
  });
});
