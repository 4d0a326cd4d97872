// Types of allowed-hosts.mjs (plain JS so the launcher can import it without a build step).
import type { NetworkInterfaceInfo } from "node:os";

type HostEnv = { HOST?: string; KINORA_DEMO?: string; ALLOWED_HOSTS?: string; PUBLIC_URL?: string };

export const LOOPBACK_NAMES: string[];
export function bindHostOf(env: HostEnv): string;
export function normalHostName(value: string): string | undefined;
export function launcherNames(bindHost: string, interfaces?: NodeJS.Dict<NetworkInterfaceInfo[]>, hostName?: string): string[];
export function parseAllowedHosts(value: string): { hosts: string[]; invalid: string[] };
export function allowedHostsOf(env: HostEnv, names?: string[]): string[];
export function hostAllowed(hostname: string, allowed: readonly string[]): boolean;
