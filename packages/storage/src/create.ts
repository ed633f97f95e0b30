import path from "node:path";
import { filesystemStorage } from "./filesystem.js";
import { s3Storage, type S3Options } from "./s3.js";
import type { ObjectStorage } from "./storage.js";

export interface StorageConfig {
  dataDir: string;
  /** Set S3's bucket to keep files in S3-compatible storage instead of under DATA_DIR. */
  s3?: S3Options | undefined;
}

/** The configured storage: S3 when a bucket is named, else files under DATA_DIR/files. */
export function createStorage(config: StorageConfig): ObjectStorage {
  // S3's spool (uploads passing through this server) stays out of DATA_DIR/files, which backups copy.
  return config.s3
    ? s3Storage({ spoolDir: path.join(config.dataDir, "upload-spool"), ...config.s3 })
    : filesystemStorage(path.join(config.dataDir, "files"));
}
