/**
 * A failure of `npm run models` that an admin can act on: its message is printed as the command's one
 * error line, so it names the file, URL or setting involved and what to do about it.
 */
export class ModelsError extends Error {
  /** The process exit code: 2 for a mistake on the command line, 1 for everything else. */
  readonly exitCode: number;

  constructor(message: string, options?: { cause?: unknown; exitCode?: number }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ModelsError";
    this.exitCode = options?.exitCode ?? 1;
  }
}

const WRITE_FAILURE_CODES = new Set(["ENOSPC", "EDQUOT", "EACCES", "EPERM", "EROFS", "EISDIR", "ENOTDIR", "EEXIST"]);

/** Turns a file system error met while writing `target` into a one-line ModelsError; other errors pass through. */
export function asWriteFailure(error: unknown, target: string): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code && WRITE_FAILURE_CODES.has(code)) {
    const why = code === "ENOSPC" || code === "EDQUOT" ? "the disk is full" : code === "EROFS" ? "the file system is read-only" : code === "EACCES" || code === "EPERM" ? "permission denied" : code;
    return new ModelsError(`could not write ${target}: ${why} (${code})`, { cause: error });
  }
  return error;
}
