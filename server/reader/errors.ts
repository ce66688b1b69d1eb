/** Why a file was refused by the ingest; `message` is shown to whoever ran it. */
export class IngestError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
