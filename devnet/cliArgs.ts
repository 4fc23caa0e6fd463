/**
 * Command-line options of `npm run devnet` (flags win over environment variables). Kept apart from cli.ts so
 * it can be tested without starting anything.
 */
export interface CliOptions {
  stateDir?: string;
  rpcPort?: number;
  gatewayPort?: number;
  appOrigins: string[];
  /** Drop the endpoints today's real gateway lacks (decision 0051). */
  likeRealGateway: boolean;
  /** Seed the large-Safe fixture too (decision 0068). */
  large: boolean;
  help?: boolean;
}

export const USAGE = 'usage: npm run devnet -- [--state DIR] [--rpc-port N] [--gateway-port N] [--app-origin URL]... [--like-real-gateway] [--large]';

function port(value: string | undefined, what: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) throw new Error(`${what}: not a port number: ${value}`);
  return n;
}

export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions {
  const opts: CliOptions = {
    stateDir: env.DEVNET_STATE || undefined,
    rpcPort: port(env.DEVNET_RPC_PORT, 'DEVNET_RPC_PORT'),
    gatewayPort: port(env.DEVNET_GATEWAY_PORT, 'DEVNET_GATEWAY_PORT'),
    appOrigins: (env.DEVNET_APP_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    likeRealGateway: ['1', 'true', 'yes'].includes((env.DEVNET_LIKE_REAL_GATEWAY ?? '').trim().toLowerCase()),
    large: ['1', 'true', 'yes'].includes((env.DEVNET_LARGE ?? '').trim().toLowerCase()),
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    switch (flag) {
      case '--state':
        opts.stateDir = value();
        break;
      case '--rpc-port':
        opts.rpcPort = port(value(), flag);
        break;
      case '--gateway-port':
        opts.gatewayPort = port(value(), flag);
        break;
      case '--app-origin':
        opts.appOrigins.push(value());
        break;
      case '--like-real-gateway':
        if (inline !== undefined) throw new Error(`${flag} takes no value\n${USAGE}`);
        opts.likeRealGateway = true;
        break;
      case '--large':
        if (inline !== undefined) throw new Error(`${flag} takes no value\n${USAGE}`);
        opts.large = true;
        break;
      case '--help':
      case '-h':
        opts.help = true;
        break;
      default:
        throw new Error(`unknown argument ${arg}\n${USAGE}`);
    }
  }
  return opts;
}
