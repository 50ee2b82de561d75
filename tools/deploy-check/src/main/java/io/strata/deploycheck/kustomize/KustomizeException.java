package io.strata.deploycheck.kustomize;

/** A kustomization this renderer cannot render, with the file and the reason in the message. */
public final class KustomizeException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public KustomizeException(String message) {
    super(message);
  }

  public KustomizeException(String message, Throwable cause) {
    super(message, cause);
  }
}
