import { describe, expect, it } from 'vitest';
import { hrefFor, matchRoute, messagePath, parseLocation, parseSafeParam, ROUTES, transactionPath } from '../../src/machines/shared/routes.ts';

describe('routes', () => {
  it('matches every declared route by its path, with or without a trailing slash', () => {
    for (const [id, path] of Object.entries(ROUTES)) {
      expect(matchRoute(path).id).toBe(id);
      if (path !== '/') expect(matchRoute(`${path}/`).id).toBe(id);
    }
  });

  it('builds the details paths of a transaction (by gateway id) and a message (by hash), keeping the open Safe', () => {
    const id = 'multisig_0x5afe5aFE5aFe5afE5AFe5Afe5aFe5AFe5aFe5aFE_0xab';
    expect(transactionPath(id)).toBe(`/transactions/tx?id=${id}`);
    expect(matchRoute(parseLocation(transactionPath(id)).path).id).toBe('transaction');
    expect(transactionPath('a&b')).toBe('/transactions/tx?id=a%26b');
    expect(messagePath('0xcd')).toBe('/transactions/msg?messageHash=0xcd');
    expect(hrefFor(messagePath('0xcd'), { path: '/home', search: '?safe=devnet:0x1' })).toBe('/transactions/msg?messageHash=0xcd&safe=devnet%3A0x1');
  });

  it('matches settings tabs and sends unknown paths to notFound', () => {
    expect(matchRoute('/settings/setup')).toEqual({ id: 'settingsTab', tab: 'setup' });
    expect(matchRoute('/nope').id).toBe('notFound');
    expect(matchRoute('/transactions/queue/extra').id).toBe('notFound');
    expect(matchRoute('/settings/a/b').id).toBe('notFound');
  });

  it('keeps the Safe context when navigating and lets the target override it', () => {
    const here = parseLocation('/home?safe=devnet:0x1111111111111111111111111111111111111111');
    expect(hrefFor('/balances', here)).toBe('/balances?safe=devnet%3A0x1111111111111111111111111111111111111111');
    expect(hrefFor('/transactions/tx?id=abc', here)).toBe('/transactions/tx?id=abc&safe=devnet%3A0x1111111111111111111111111111111111111111');
    expect(hrefFor('/home?safe=eth:0x2222222222222222222222222222222222222222', here)).toBe(
      '/home?safe=eth%3A0x2222222222222222222222222222222222222222',
    );
    expect(hrefFor('/welcome', parseLocation('/'))).toBe('/welcome');
  });

  it('parses the safe parameter strictly', () => {
    expect(parseSafeParam('?safe=devnet:0xAbCdEf0000000000000000000000000000000001')).toEqual({
      shortName: 'devnet',
      address: '0xAbCdEf0000000000000000000000000000000001',
    });
    expect(parseSafeParam('?safe=devnet:0x123')).toBeNull();
    expect(parseSafeParam('?safe=0xAbCdEf0000000000000000000000000000000001')).toBeNull();
    expect(parseSafeParam('')).toBeNull();
  });
});
