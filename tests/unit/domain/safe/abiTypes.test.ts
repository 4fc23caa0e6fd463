import { describe, expect, it } from 'vitest';
import { AbiTypeError, canonicalType, isResolved, parseAbiType, toAbiParameter } from '../../../../src/domain/safe/abiTypes.ts';

describe('parseAbiType', () => {
  it.each([
    ['uint', 'uint256'],
    ['int', 'int256'],
    ['uint8', 'uint8'],
    ['bytes32[]', 'bytes32[]'],
    ['address[2][]', 'address[2][]'],
    ['(address,uint256)', '(address,uint256)'],
    ['(address,uint256)[]', '(address,uint256)[]'],
    ['tuple(address,(bool,bytes)[])[3]', '(address,(bool,bytes)[])[3]'],
    ['((uint,int)[2],string)', '((uint256,int256)[2],string)'],
  ])('%s is %s', (type, canonical) => {
    expect(canonicalType(parseAbiType(type))).toBe(canonical);
  });

  it('fills a bare tuple (and arrays of it) from ABI JSON components', () => {
    const node = parseAbiType('tuple[2][]', [
      { name: 'a', type: 'address' },
      { name: 'b', type: 'tuple[]', components: [{ type: 'uint' }, { type: 'bytes' }] },
    ]);
    expect(canonicalType(node)).toBe('(address,(uint256,bytes)[])[2][]');
    expect(toAbiParameter(node)).toEqual({
      type: 'tuple[2][]',
      components: [{ type: 'address' }, { type: 'tuple[]', components: [{ type: 'uint256' }, { type: 'bytes' }] }],
    });
  });

  it('a bare tuple without components is not resolved and has no canonical form', () => {
    const node = parseAbiType('tuple[]');
    expect(isResolved(node)).toBe(false);
    expect(() => canonicalType(node)).toThrow(AbiTypeError);
  });

  it('fixed-point and function types parse but are not resolved', () => {
    expect(canonicalType(parseAbiType('fixed128x18'))).toBe('fixed128x18');
    expect(isResolved(parseAbiType('ufixed'))).toBe(false);
    expect(isResolved(parseAbiType('(function,uint8)'))).toBe(false);
  });

  it.each(['uint7', 'uint0', 'uint264', 'uint08', 'bytes0', 'bytes33', 'Address', 'address ', ' address', 'address payable', 'tuple(', '(uint256', 'uint256)', '(uint256,)', 'uint256[0]', 'uint256[01]', 'uint256[', 'uint256[x]', 'fixed7x1', 'fixed8x81', '', 'mapping(address=>uint256)'])(
    '%j is refused',
    (type) => {
      expect(() => parseAbiType(type)).toThrow(AbiTypeError);
    },
  );

  it('refuses absurd nesting and length', () => {
    expect(() => parseAbiType(`${'('.repeat(40)}uint256${')'.repeat(40)}`)).toThrow(AbiTypeError);
    expect(() => parseAbiType(`uint256${'[]'.repeat(3000)}`)).toThrow(AbiTypeError);
  });
});
