import { hash, verify } from "@node-rs/argon2";
import { env } from "@/server/env";

// argon2id at OWASP's recommended minimum: 19 MiB, 2 iterations, 1 lane.
const options = () => ({
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: env().ARGON2_MEMORY_KIB,
  timeCost: 2,
  parallelism: 1,
});

export function hashPassword(password: string): Promise<string> {
  return hash(password, options());
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash to verify against when the user does not exist, so timing does not reveal it.
let decoy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  decoy ??= hashPassword("kinora-decoy-password");
  await verifyPassword(await decoy, password);
}
