/**
 * The configured tokens (src/http/auth.ts): read from the configuration as it is at each request, so a change of
 * configuration is seen at once, and every configured token, and only those, is accepted.
 */
import { describe, expect, it } from 'vitest';
import { configuredTokens, tokenAccepted } from './auth.ts';

describe('configured tokens', () => {
  it('follow the configuration from one request to the next', async () => {
    const configs = [
      { DEFAULT_MOBILE_TOKEN: 'a', API_TOKENS: ' b , ,c' },
      { DEFAULT_MOBILE_TOKEN: 'a', API_TOKENS: ' b , ,c' },
      { DEFAULT_MOBILE_TOKEN: 'a', API_TOKENS: 'b' },
      { API_TOKENS: 'c' },
      {},
      { DEFAULT_MOBILE_TOKEN: ' d ' },
    ];
    const expected = [['a', 'b', 'c'], ['a', 'b', 'c'], ['a', 'b'], ['c'], [], ['d']];
    expect(configs.map((env) => [...configuredTokens(env)])).toEqual(expected);
    expect(await tokenAccepted('c', configuredTokens(configs[0]!))).toBe(true);
    expect(await tokenAccepted('c', configuredTokens(configs[2]!))).toBe(false);
    expect(await tokenAccepted('d', configuredTokens(configs[5]!))).toBe(true);
    expect(await tokenAccepted('', configuredTokens(configs[5]!))).toBe(false);
  });
});
