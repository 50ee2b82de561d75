package io.strata.k8swatcher.mapping;

/** A Kubernetes object that cannot become a record, with the reason. */
public final class MappingException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final MappingFailure reason;

  public MappingException(MappingFailure reason, String message, Throwable cause) {
    super(message, cause);
    this.reason = reason;
  }

  public MappingFailure reason() {
    return reason;
  }
}
