package io.strata.simulator.teams;

/** How a forged invoke differs from a genuine one; each must be refused by the bot. */
public enum Forgery {
  UNSPECIFIED,
  /** Signed by another key that claims the published key's kid: the signature does not verify. */
  WRONG_KEY,
  /** Signed by a key whose kid is in no JWKS, not even after a refresh. */
  UNKNOWN_KEY,
  /** aud is another app id. */
  WRONG_AUDIENCE,
  /** exp ten minutes ago, beyond the five minutes of clock skew a bot allows. */
  EXPIRED,
  /** No Authorization header at all. */
  NO_TOKEN,
  /** The last genuine invoke on the same button, sent again byte for byte with its token. */
  REPLAY
}
