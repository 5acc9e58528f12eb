import { describe, expect, it } from 'vitest';
import { followRedirection, redirectionFields } from './navigation';

describe('redirections', () => {
  it('goes to a GET redirection', () => {
    const visited: string[] = [];
    followRedirection(
      { href: 'http://127.0.0.1:4010/acs/auth_1', method: 'GET' },
      (href) => visited.push(href),
      undefined,
    );
    expect(visited).toEqual(['http://127.0.0.1:4010/acs/auth_1']);
  });

  it('reads the fields of a POST body, object or urlencoded', () => {
    expect(redirectionFields({ creq: 'abc', n: 1 })).toEqual([
      ['creq', 'abc'],
      ['n', '1'],
    ]);
    expect(redirectionFields('PaReq=x%2By&MD=1')).toEqual([
      ['PaReq', 'x+y'],
      ['MD', '1'],
    ]);
    expect(redirectionFields(null)).toEqual([]);
  });
});
