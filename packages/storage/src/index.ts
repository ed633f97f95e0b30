export { type ObjectStorage, type UploadTarget, ObjectTooLargeError } from "./storage.js";
export { filesystemStorage } from "./filesystem.js";
export { s3Storage, type S3Options } from "./s3.js";
export { createStorage, type StorageConfig } from "./create.js";
