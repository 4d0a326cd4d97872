// What a backup archive holds (docs/operations.md "Backup and restore"), read by backup.ts and restore.ts.

export const FORMAT = 1;

/** kinora-backup.json: what the archive is, first member of the archive. */
export interface BackupManifest {
  format: typeof FORMAT;
  createdAt: string;
  /** pglite: database/pglite.tar.gz (PGlite's data directory); postgresql: database/postgresql.dump (pg_dump -Fc). */
  database: "pglite" | "postgresql";
  /** local: storage/ holds the media files; s3: s3-manifest.jsonl lists the bucket's objects. */
  storage: "local" | "s3";
  /** The variables the instance's secrets came from (their values are in secrets/environment). */
  secretVariables: string[];
}

export const MANIFEST = "kinora-backup.json";
export const PGLITE_DUMP = "database/pglite.tar.gz";
export const POSTGRES_DUMP = "database/postgresql.dump";
/** The instance's own secret file (DATA_DIR/auth-secret, src/server/env.ts), when it has one. */
export const SECRET_FILE = "secrets/auth-secret";
/** NAME=value lines of the secrets given in the environment (AUTH_SECRET, MEDIA_SECRET). */
export const SECRET_ENV = "secrets/environment";
export const S3_MANIFEST = "s3-manifest.jsonl";
export const STORAGE = "storage";
export const SECRET_VARIABLES = ["AUTH_SECRET", "MEDIA_SECRET"] as const;

/**
 * How pg_dump and pg_restore reach DATABASE_URL: the URL without Prisma's own parameters (schema,
 * connection_limit, ...: libpq refuses them) and without its password, which goes in PGPASSWORD
 * (a command line is readable by every user of the machine).
 */
export function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  for (const name of ["schema", "connection_limit", "pool_timeout", "socket_timeout", "pgbouncer", "statement_cache_size"])
    parsed.searchParams.delete(name);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: `--dbname=${parsed.toString()}`, env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}
