export function localSecret(dataDir: string): string;
export function databaseSecret(databaseUrl: string, dataDir: string): Promise<string>;
export function resolveInstanceSecret(env: Record<string, string | undefined>, dataDir: string): Promise<void>;
