import { describe, expect, it } from 'vitest';
import { isSafeFreeRoute, navKeyOf, readSafeParam } from '../../src/machines/shared/routes.ts';

const ADDRESS = '0x1111111111111111111111111111111111111111';

describe('readSafeParam: what a ?safe= value says', () => {
  it('is none when absent or empty, and the Safe when well formed', () => {
    expect(readSafeParam('')).toEqual({ kind: 'none' });
    expect(readSafeParam('?safe=')).toEqual({ kind: 'none' });
    expect(readSafeParam(`?safe=devnet:${ADDRESS}`)).toEqual({ kind: 'safe', safe: { shortName: 'devnet', address: ADDRESS } });
  });

  it('says in words what is wrong with a value that names no Safe', () => {
    const problem = (value: string) => {
      const read = readSafeParam(`?safe=${encodeURIComponent(value)}`);
      return read.kind === 'invalid' ? read.problem : null;
    };
    expect(problem('garbage')).toMatch(/not written as network:address/);
    expect(problem(ADDRESS)).toMatch(/without its network prefix/);
    expect(problem('devnet:0x1234')).toMatch(/has 4 hexadecimal digits; a Safe address has 40/);
    expect(problem('devnet:1111')).toMatch(/must start with 0x/);
    expect(problem('devnet:0xZZ11')).toMatch(/not hexadecimal/);
    expect(problem(`Dev Net:${ADDRESS}`)).toMatch(/not a network short name/);
    const bad = readSafeParam('?safe=garbage');
    expect(bad).toMatchObject({ kind: 'invalid', value: 'garbage' });
  });
});

describe('the shell around routes', () => {
  it('shows no Safe on the screens that open or create one', () => {
    for (const id of ['root', 'welcome', 'accounts', 'loadSafe', 'createSafe'] as const) expect(isSafeFreeRoute(id)).toBe(true);
    for (const id of ['home', 'queue', 'transaction', 'settingsTab', 'addressBook'] as const) expect(isSafeFreeRoute(id)).toBe(false);
  });

  it('lights up the section of pages below a navigation entry', () => {
    expect(navKeyOf('settingsTab')).toBe('settings');
    expect(navKeyOf('settings')).toBe('settings');
    expect(navKeyOf('message')).toBe('messages');
    expect(navKeyOf('openApp')).toBe('apps');
    expect(navKeyOf('welcome')).toBeNull();
    expect(navKeyOf('notFound')).toBeNull();
  });
});
