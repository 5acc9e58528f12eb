import { describe, expect, it } from 'vitest';
import { privateHostOf, privateWebhookUrlErrors } from './webhook-url-addresses';

describe('privateHostOf', () => {
  it('names loopback, private, link-local and localhost hosts, in every spelling the url parser reads', () => {
    for (const [url, host] of [
      ['http://127.0.0.1:8080/hook', '127.0.0.1'],
      ['http://2130706433/hook', '127.0.0.1'],
      ['http://0x7f.1/hook', '127.0.0.1'],
      ['https://10.0.0.5/hook', '10.0.0.5'],
      ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
      ['http://[::1]/hook', '[::1]'],
      ['http://[::ffff:192.168.1.1]/hook', '[::ffff:c0a8:101]'],
      ['http://localhost:3000/hook', 'localhost'],
      ['http://api.LOCALHOST./hook', 'api.localhost.'],
    ] as const) {
      expect(privateHostOf(url), url).toBe(host);
    }
  });

  it('leaves public addresses, names and what is not a url alone', () => {
    for (const url of [
      'https://93.184.216.34/hook',
      'https://shop.example.com/hook',
      'https://[2606:4700::1]/',
      'nope',
    ]) {
      expect(privateHostOf(url), url).toBeUndefined();
    }
  });
});

describe('privateWebhookUrlErrors', () => {
  it('refuses a private host at the pointer, quoting the host and never the secret in the path', () => {
    const errors = privateWebhookUrlErrors('refuse', 'http://127.0.0.1/hooks/s3cr3t-token?key=k3y', '/webhook/url');
    expect(errors).toEqual([
      {
        pointer: '/webhook/url',
        detail: '127.0.0.1 is not a public address: webhooks are delivered to public addresses only',
      },
    ]);
    expect(JSON.stringify(errors)).not.toMatch(/s3cr3t|k3y/);
  });

  it('says nothing where private addresses are allowed, for a public host or without a url', () => {
    expect(privateWebhookUrlErrors('allow', 'http://127.0.0.1/hook', '/webhook/url')).toEqual([]);
    expect(privateWebhookUrlErrors('refuse', 'https://shop.example.com/hook', '/webhook/url')).toEqual([]);
    expect(privateWebhookUrlErrors('refuse', undefined, '/webhook/url')).toEqual([]);
  });
});
