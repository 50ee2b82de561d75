package io.strata.simulator.model;

/** Why a simulated request failed; NONE for success. */
public enum RequestFailure {
  NONE(""),
  /** The GPU fell off the bus (XID 79): the kernel never returns. */
  DEVICE_LOST("CUDA error: unknown error (GPU has fallen off the bus)"),
  /** The application's kernel faulted (XID 13). */
  KERNEL_EXCEPTION("CUDA error: an illegal instruction was encountered");

  private final String message;

  RequestFailure(String message) {
    this.message = message;
  }

  /** The span status description. */
  public String message() {
    return message;
  }
}
