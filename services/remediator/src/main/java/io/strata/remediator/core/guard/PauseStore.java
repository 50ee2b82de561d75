package io.strata.remediator.core.guard;

import java.util.Optional;

/**
 * Where the global pause outlives the process: read when an instance starts and when a standby
 * takes over, written when a person flips the switch. Implementations throw {@link
 * PauseStoreException} when the store cannot answer.
 */
public interface PauseStore {

  /** The persisted switch; empty when it was never written. */
  Optional<PauseState> load();

  void save(PauseState state);
}
