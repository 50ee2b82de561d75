package io.strata.remediator.core.guard;

import java.time.Instant;

/**
 * The global pause as it is persisted: whether it is set, and who set or cleared it last, when.
 * {@code by} and {@code at} are null only when nobody ever touched the switch.
 */
public record PauseState(boolean paused, String by, Instant at) {

  /** Never set by anyone. */
  public static final PauseState NEVER_SET = new PauseState(false, null, null);

  /** Who a pause forced by {@code strata.remediator.paused} is attributed to. */
  public static final String BY_CONFIG = "config:strata.remediator.paused";
}
