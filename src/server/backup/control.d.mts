export declare function provideDatabaseDump(dump: () => Promise<Blob>): void;
export declare const controlFile: (dataDir: string) => string;
export declare const DUMP_PATH: string;
export declare function serveBackupControl(dataDir: string): Promise<{ close(): Promise<void> }>;
