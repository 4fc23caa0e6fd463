import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { delegateCallAllowList } from '../../../../src/services/safe/index.ts';

const require = createRequire(import.meta.url);
const assetAddresses = (version: string, name: string): string[] => {
  const json = require(`@safe-global/safe-deployments/dist/assets/v${version}/${name}.json`) as {
    deployments?: Record<string, { address: string }>;
    defaultAddress?: string;
  };
  return json.deployments ? Object.values(json.deployments).map((d) => d.address) : [json.defaultAddress ?? ''];
};

describe('delegatecall allow-list', () => {
  it('matches @safe-global/safe-deployments for every listed library and version', () => {
    const modern = delegateCallAllowList({ chainId: 1, version: '1.4.1' }).map((l) => l.address.toLowerCase());
    for (const [version, name] of [
      ['1.3.0', 'multi_send'],
      ['1.3.0', 'multi_send_call_only'],
      ['1.3.0', 'sign_message_lib'],
      ['1.3.0', 'create_call'],
      ['1.4.1', 'multi_send'],
      ['1.4.1', 'multi_send_call_only'],
      ['1.4.1', 'sign_message_lib'],
      ['1.4.1', 'create_call'],
      ['1.4.1', 'safe_migration'],
      ['1.4.1', 'safe_to_l2_migration'],
    ] as const) {
      for (const address of assetAddresses(version, name)) expect(modern).toContain(address.toLowerCase());
    }
    const legacy = delegateCallAllowList({ chainId: 1, version: '1.1.1' }).map((l) => l.address.toLowerCase());
    for (const address of assetAddresses('1.1.1', 'multi_send')) expect(legacy).toContain(address.toLowerCase());
    expect(delegateCallAllowList({ chainId: 1, version: '1.3.0' })).toBe(delegateCallAllowList({ chainId: 1, version: '1.4.1' }));
  });
});
