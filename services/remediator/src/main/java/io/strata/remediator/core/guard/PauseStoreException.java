package io.strata.remediator.core.guard;

/** The persisted pause could not be read or written (the store is unreachable or refused). */
public final class PauseStoreException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public PauseStoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
