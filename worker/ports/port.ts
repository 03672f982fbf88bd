/**
 * Every port's choice (README, Configuration): the live adapter when its secret or setting is
 * present, the honest offline adapter otherwise. The live adapter receives the value it was chosen by.
 */
export function liveWhenSet<T>(secret: string | undefined, live: (secret: string) => T, offline: () => T): T {
  return secret ? live(secret) : offline();
}

/**
 * An outside service answered badly or not at all. `status` is the provider's HTTP status when it
 * answered; each port's subclass adds what its callers decide on (may it be retried, was it refused).
 */
export class PortError extends Error {
  readonly status: number | undefined;
  constructor(name: string, message: string, status?: number) {
    super(message);
    this.name = name;
    this.status = status;
  }
}

/** A data source (market, social, LLM) answered badly or not at all; callers keep their last good data. */
export class UpstreamError extends PortError {
  constructor(message: string, status?: number) {
    super("UpstreamError", message, status);
  }
}
