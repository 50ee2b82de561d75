package io.strata.remediator.core.guard;

/**
 * Whether this process is the one active remediator (it holds the Lease, or election is off). A
 * standby executes nothing, decides nothing and proposes nothing; it takes over with its memory
 * rebuilt from Kafka.
 */
@FunctionalInterface
public interface ActiveInstance {

  boolean active();

  /** Always active: one instance by construction (tests, a local run). */
  ActiveInstance ALWAYS = () -> true;
}
